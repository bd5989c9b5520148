import type { CaseFilterRequest } from '@portal/contract'

/** Every query key of the digital-health cases, defined once; writes invalidate through `caseKeys.all(entity)`. */
export const caseKeys = {
  all: (entityCode: string | null) => ['cases', entityCode] as const,
  list: (entityCode: string | null, body: CaseFilterRequest) =>
    [...caseKeys.all(entityCode), 'filter', body] as const,
  detail: (entityCode: string | null, caseId: string) =>
    [...caseKeys.all(entityCode), 'detail', caseId] as const,
  sites: (entityCode: string | null) => [...caseKeys.all(entityCode), 'sites'] as const,
  staff: (entityCode: string | null) => [...caseKeys.all(entityCode), 'staff'] as const,
}
