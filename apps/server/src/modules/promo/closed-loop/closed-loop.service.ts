import type {
  EmployeeFilter,
  EmployeeListItem,
  PersonDetail,
  PersonFilter,
  PersonListItem,
  RedemptionItem,
} from '@portal/contract'
import { PERSON_RECENT_REDEMPTIONS, policyAllows } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import type { AuthContext } from '../../iam/auth/auth-context'
import { allowedActions } from '../../iam/policies/policy.engine'
import { setIdsWithDescendants } from '../../iam/sets/set.repository'
import type { EmployeeJoinedRow, EmployeeScope, RedemptionJoinedRow } from './closed-loop.repository'
import {
  countEmployees,
  countPersons,
  countRedemptionsOfPerson,
  findEmployeePage,
  findEmployeesOfPerson,
  findPersonByUuid,
  findPersonPage,
  findRedemptionsOfPerson,
} from './closed-loop.repository'
import type { ClosedLoopPersonRow } from './closed-loop.table'

/** The cache scope of closed-loop counts: invalidate it after writing an entity's persons or employees. */
export const closedLoopCountScope = (entityCode: string) => `closed-loop:${entityCode}`

/** The employees a caller reaches: every one (sets null), or those redeeming at the sets of their grants. */
export async function employeeScope(
  db: Db,
  entityCode: string,
  sets: string[] | null,
): Promise<EmployeeScope> {
  return sets === null ? null : setIdsWithDescendants(db, entityCode, sets)
}

/**
 * What exporting closed-loop redemptions needs: `all` (or `*`) on promo employees/*. Reading a list is not enough
 * to take its data away in a file (B §3/§6 "export permission flag", docs/decisions/0019-closed-loop.md); policies
 * have no separate export action (A §6 lists read, edit, all, *).
 */
export const EMPLOYEE_EXPORT_PERMISSION = { app: 'promo', resource: 'employees/*', action: 'all' } as const

/** B §3's export permission flag, as the portal receives it (`data.can_export`). */
export async function canExportEmployees(db: Db, auth: AuthContext): Promise<boolean> {
  const { app, resource, action } = EMPLOYEE_EXPORT_PERMISSION
  return policyAllows(await allowedActions(db, auth, app, resource), action, auth.isPlatformAdmin)
}

function toPerson(row: ClosedLoopPersonRow, employeeCount: number): PersonListItem {
  return {
    person_uuid: row.person_uuid,
    name: row.name,
    username: row.username,
    phone_number: row.phone_number,
    email: row.email,
    nric_last_four_characters: row.nric_last_four_characters,
    hospital_code: row.hospital_code,
    status: row.status,
    created_at: row.created_at,
    employee_count: employeeCount,
  }
}

export function toEmployee(row: EmployeeJoinedRow): EmployeeListItem {
  return {
    employee_uuid: row.employee_uuid,
    person_uuid: row.person_uuid,
    person_name: row.person_name,
    name: row.name,
    nric_last_four_characters: row.nric_last_four_characters,
    redemption_code: row.redemption_code,
    phone_number: row.phone_number,
    balance_type: row.balance_type,
    quota: row.quota,
    item_balance: row.item_balance,
    gender: row.gender,
    hospital_code: row.hospital_code,
    last_collected: row.last_collected,
    refresh_time: row.refresh_time,
    next_refresh_time: row.next_refresh_time,
    refresh_frequency_type: row.refresh_frequency_type,
    start_time: row.start_time,
    end_time: row.end_time,
    created_at: row.created_at,
    updated_at: row.updated_at,
    status: row.status,
    set: row.set_code !== null && row.set_name !== null ? { code: row.set_code, name: row.set_name } : null,
  }
}

export function toRedemption(row: RedemptionJoinedRow): RedemptionItem {
  return {
    redemption_uuid: row.redemption_uuid,
    redemption_refer_no: row.redemption_refer_no,
    employee_uuid: row.employee_uuid,
    employee_name: row.employee_name,
    redemption_code: row.redemption_code,
    created_at: row.created_at,
    method_code: row.method_code,
    item_name: row.item_name,
    machine_id: row.machine_id,
    machine_username: row.machine_username ?? '',
    machine_postal_code: row.machine_postal_code ?? '',
    machine_location: row.machine_location ?? '',
  }
}

export async function filterPersons(db: Db, counts: CountCache, entityCode: string, filter: PersonFilter) {
  const { limit: _limit, offset: _offset, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findPersonPage(db, entityCode, filter),
    counts.get(closedLoopCountScope(entityCode), { list: 'persons', ...countFilter }, () =>
      countPersons(db, entityCode, filter),
    ),
  ])
  return { persons: rows.map((r) => toPerson(r, Number(r.employee_count ?? 0))), count }
}

export async function filterEmployees(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: EmployeeFilter,
  scope: EmployeeScope,
) {
  const { limit: _limit, offset: _offset, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findEmployeePage(db, entityCode, filter, scope),
    counts.get(closedLoopCountScope(entityCode), { list: 'employees', ...countFilter, scope }, () =>
      countEmployees(db, entityCode, countFilter, scope),
    ),
  ])
  return { employees: rows.map(toEmployee), count }
}

export async function getPerson(
  db: Db,
  entityCode: string,
  uuid: string,
  scope: EmployeeScope,
): Promise<PersonDetail> {
  const person = await findPersonByUuid(db, entityCode, uuid)
  if (!person) throw notFound('Person')
  const [employees, redemptions, redemptionCount] = await Promise.all([
    findEmployeesOfPerson(db, entityCode, person.id, scope),
    findRedemptionsOfPerson(db, entityCode, person.id, scope, PERSON_RECENT_REDEMPTIONS),
    countRedemptionsOfPerson(db, entityCode, person.id, scope),
  ])
  return {
    ...toPerson(person, employees.length),
    employees: employees.map(toEmployee),
    redemptions: redemptions.map(toRedemption),
    redemption_count: redemptionCount,
  }
}
