import type { TestGroupFilterRequest, TestPersonFilterRequest, TiFilterRequest } from '@portal/contract'

/**
 * Every query key of the test programmes, defined once. All start with `reportingKeys.all`, so a submission
 * refreshes the groups, people and both result views at once.
 */
export const reportingKeys = {
  all: ['reporting'] as const,
  groups: (entityCode: string | null, body: TestGroupFilterRequest) =>
    [...reportingKeys.all, 'groups', entityCode, body] as const,
  group: (entityCode: string | null, uuid: string | null) =>
    [...reportingKeys.all, 'group', entityCode, uuid] as const,
  people: (entityCode: string | null, body: TestPersonFilterRequest) =>
    [...reportingKeys.all, 'people', entityCode, body] as const,
  person: (entityCode: string | null, uuid: string | null) =>
    [...reportingKeys.all, 'person', entityCode, uuid] as const,
  results: (entityCode: string | null, body: TiFilterRequest) =>
    [...reportingKeys.all, 'ti-filter', entityCode, body] as const,
  team: (entityCode: string | null, query: Record<string, string | number>) =>
    [...reportingKeys.all, 'team', entityCode, query] as const,
}
