import type { EmployeeFilterRequest, PersonFilterRequest } from '@portal/contract'

/**
 * Every query key of the closed-loop feature, defined once. The pickers ask the list calls themselves (a search, or
 * the chosen uuids), under keys of their own: their answers are shaped as options, not as list pages.
 */
export const closedLoopKeys = {
  all: ['closed-loop'] as const,
  persons: (entityCode: string | null, body: PersonFilterRequest) =>
    [...closedLoopKeys.all, 'persons', entityCode, body] as const,
  person: (entityCode: string | null, uuid: string) =>
    [...closedLoopKeys.all, 'person', entityCode, uuid] as const,
  employees: (entityCode: string | null, body: EmployeeFilterRequest) =>
    [...closedLoopKeys.all, 'employees', entityCode, body] as const,
  personOptions: (entityCode: string | null, body: PersonFilterRequest) =>
    [...closedLoopKeys.all, 'person-options', entityCode, body] as const,
  employeeOptions: (entityCode: string | null, body: EmployeeFilterRequest) =>
    [...closedLoopKeys.all, 'employee-options', entityCode, body] as const,
}
