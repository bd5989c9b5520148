/** Every query key of the EV homes, defined once. */
export const homeKeys = {
  all: ['ev-home'] as const,
  cpo: (entityCode: string | null, trendDays: number) =>
    [...homeKeys.all, 'cpo', entityCode, trendDays] as const,
  emsp: (entityCode: string | null, trendDays: number) =>
    [...homeKeys.all, 'emsp', entityCode, trendDays] as const,
}
