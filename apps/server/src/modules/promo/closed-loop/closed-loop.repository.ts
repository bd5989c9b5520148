import type { ClosedLoopSearchField, EmployeeFilter, PersonFilter } from '@portal/contract'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Database, Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'

/** Which employees the caller reaches: all (null), or those whose machine set is one of these ids. */
export type EmployeeScope = number[] | null

type PersonEb = ExpressionBuilder<Database, 'closed_loop_person'>
type EmployeeEb = ExpressionBuilder<Database, 'closed_loop_employee'>

const PERSON_COLUMNS = {
  name: 'name',
  username: 'username',
  phone_number: 'phone_number',
  uuid: 'person_uuid',
  email: 'email',
  nric_last_four_characters: 'nric_last_four_characters',
  hospital_code: 'hospital_code',
} as const

/** A person matches a search in their own fields, or through the redemption code of one of their employees. */
function personSearch(db: Db, eb: PersonEb, key: ClosedLoopSearchField | undefined, value: string) {
  const byCode = eb(
    'closed_loop_person.id',
    'in',
    eb
      .selectFrom('closed_loop_employee')
      .where(containsInsensitive(db, 'closed_loop_employee.redemption_code', value))
      .where('closed_loop_employee.person_id', 'is not', null)
      .select('closed_loop_employee.person_id'),
  )
  if (key === 'redemption_code') return byCode
  if (key !== undefined) return containsInsensitive(db, `closed_loop_person.${PERSON_COLUMNS[key]}`, value)
  const ors: Expression<SqlBool>[] = Object.values(PERSON_COLUMNS).map((c) =>
    containsInsensitive(db, `closed_loop_person.${c}`, value),
  )
  ors.push(byCode)
  return eb.or(ors)
}

/** The filtered persons of one entity, without paging: shared by the page, the count and the export. */
export function filteredPersons(db: Db, entityCode: string, f: Omit<PersonFilter, 'limit' | 'offset'>) {
  let q = db.selectFrom('closed_loop_person').where('closed_loop_person.entity_code', '=', entityCode)
  if (f.person_uuid_list?.length) q = q.where('closed_loop_person.person_uuid', 'in', f.person_uuid_list)
  if (f.status !== undefined) q = q.where('closed_loop_person.status', '=', f.status)
  const search = f.search_value
  if (search !== undefined && search !== '') q = q.where((eb) => personSearch(db, eb, f.search_key, search))
  return q
}

/** One page of persons, newest first, by a deferred join (the offset walks ids only). */
export async function findPersonPage(db: Db, entityCode: string, f: PersonFilter) {
  const ids = await filteredPersons(db, entityCode, f)
    .select('closed_loop_person.id')
    .orderBy('closed_loop_person.created_at', 'desc')
    .orderBy('closed_loop_person.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
  if (ids.length === 0) return []
  return db
    .selectFrom('closed_loop_person')
    .where(
      'closed_loop_person.id',
      'in',
      ids.map((r) => r.id),
    )
    .selectAll('closed_loop_person')
    .select((eb) =>
      eb
        .selectFrom('closed_loop_employee')
        .whereRef('closed_loop_employee.person_id', '=', 'closed_loop_person.id')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .as('employee_count'),
    )
    .orderBy('closed_loop_person.created_at', 'desc')
    .orderBy('closed_loop_person.id', 'desc')
    .execute()
}

export async function countPersons(db: Db, entityCode: string, f: PersonFilter): Promise<number> {
  const row = await filteredPersons(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findPersonByUuid(db: Db, entityCode: string, uuid: string) {
  return db
    .selectFrom('closed_loop_person')
    .where('entity_code', '=', entityCode)
    .where('person_uuid', '=', uuid)
    .selectAll()
    .executeTakeFirst()
}

const EMPLOYEE_COLUMNS = {
  name: 'name',
  phone_number: 'phone_number',
  uuid: 'employee_uuid',
  nric_last_four_characters: 'nric_last_four_characters',
  hospital_code: 'hospital_code',
  redemption_code: 'redemption_code',
} as const

/** Employees have no username or email of their own: those search their person's. */
function employeeSearch(db: Db, eb: EmployeeEb, key: ClosedLoopSearchField | undefined, value: string) {
  const byPerson = (column: 'username' | 'email') =>
    eb(
      'closed_loop_employee.person_id',
      'in',
      eb
        .selectFrom('closed_loop_person')
        .where(containsInsensitive(db, `closed_loop_person.${column}`, value))
        .select('closed_loop_person.id'),
    )
  if (key === 'username' || key === 'email') return byPerson(key)
  if (key !== undefined)
    return containsInsensitive(db, `closed_loop_employee.${EMPLOYEE_COLUMNS[key]}`, value)
  const ors: Expression<SqlBool>[] = Object.values(EMPLOYEE_COLUMNS).map((c) =>
    containsInsensitive(db, `closed_loop_employee.${c}`, value),
  )
  ors.push(byPerson('username'), byPerson('email'))
  return eb.or(ors)
}

export type EmployeeFilterFields = Omit<EmployeeFilter, 'limit' | 'offset'>

/** The filtered employees of one entity, without paging: shared by the page, the count and the export. */
export function filteredEmployees(db: Db, entityCode: string, f: EmployeeFilterFields, scope: EmployeeScope) {
  let q = db.selectFrom('closed_loop_employee').where('closed_loop_employee.entity_code', '=', entityCode)
  if (scope !== null) q = q.where('closed_loop_employee.set_id', 'in', scope.length ? scope : [-1])
  if (f.employee_uuid_list?.length)
    q = q.where('closed_loop_employee.employee_uuid', 'in', f.employee_uuid_list)
  if (f.status !== undefined) q = q.where('closed_loop_employee.status', '=', f.status)
  if (f.balance_type !== undefined) q = q.where('closed_loop_employee.balance_type', '=', f.balance_type)
  const setCodes = f.set_list
  if (setCodes?.length) {
    q = q.where('closed_loop_employee.set_id', 'in', (eb) =>
      eb
        .selectFrom('resource_set')
        .where('resource_set.entity_code', '=', entityCode)
        .where('resource_set.code', 'in', setCodes)
        .select('resource_set.id'),
    )
  }
  const personUuid = f.person_uuid
  if (personUuid !== undefined) {
    q = q.where('closed_loop_employee.person_id', 'in', (eb) =>
      eb
        .selectFrom('closed_loop_person')
        .where('closed_loop_person.entity_code', '=', entityCode)
        .where('closed_loop_person.person_uuid', '=', personUuid)
        .select('closed_loop_person.id'),
    )
  }
  const ranges = [
    ['last_collected', f.last_collection_from, f.last_collection_to],
    ['created_at', f.created_at_lower, f.created_at_upper],
    ['refresh_time', f.last_result_from, f.last_result_to],
  ] as const
  for (const [column, from, to] of ranges) {
    if (from !== undefined) q = q.where(`closed_loop_employee.${column}`, '>=', from)
    if (to !== undefined) q = q.where(`closed_loop_employee.${column}`, '<=', to)
  }
  const search = f.search_value
  if (search !== undefined && search !== '') q = q.where((eb) => employeeSearch(db, eb, f.search_key, search))
  return q
}

/** Employee rows with their person and set, in the list's order (newest first). */
function employeeRows(db: Db) {
  return db
    .selectFrom('closed_loop_employee')
    .leftJoin('closed_loop_person', 'closed_loop_person.id', 'closed_loop_employee.person_id')
    .leftJoin('resource_set', 'resource_set.id', 'closed_loop_employee.set_id')
    .selectAll('closed_loop_employee')
    .select([
      'closed_loop_person.person_uuid',
      'closed_loop_person.name as person_name',
      'resource_set.code as set_code',
      'resource_set.name as set_name',
    ])
    .orderBy('closed_loop_employee.created_at', 'desc')
    .orderBy('closed_loop_employee.id', 'desc')
}

export type EmployeeJoinedRow = Awaited<ReturnType<ReturnType<typeof employeeRows>['execute']>>[number]

export async function findEmployeePage(
  db: Db,
  entityCode: string,
  f: EmployeeFilter,
  scope: EmployeeScope,
): Promise<EmployeeJoinedRow[]> {
  const ids = await filteredEmployees(db, entityCode, f, scope)
    .select('closed_loop_employee.id')
    .orderBy('closed_loop_employee.created_at', 'desc')
    .orderBy('closed_loop_employee.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
  if (ids.length === 0) return []
  return employeeRows(db)
    .where(
      'closed_loop_employee.id',
      'in',
      ids.map((r) => r.id),
    )
    .execute()
}

export async function countEmployees(
  db: Db,
  entityCode: string,
  f: EmployeeFilterFields,
  scope: EmployeeScope,
): Promise<number> {
  const row = await filteredEmployees(db, entityCode, f, scope)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findEmployeesOfPerson(
  db: Db,
  entityCode: string,
  personId: number,
  scope: EmployeeScope,
): Promise<EmployeeJoinedRow[]> {
  let q = employeeRows(db)
    .where('closed_loop_employee.entity_code', '=', entityCode)
    .where('closed_loop_employee.person_id', '=', personId)
  if (scope !== null) q = q.where('closed_loop_employee.set_id', 'in', scope.length ? scope : [-1])
  return q.execute()
}

/** Redemptions with their employee and machine, newest first (the export's columns). */
export function redemptionRows(db: Db) {
  return db
    .selectFrom('closed_loop_redemption')
    .innerJoin('closed_loop_employee', 'closed_loop_employee.id', 'closed_loop_redemption.employee_id')
    .leftJoin('closed_loop_person', 'closed_loop_person.id', 'closed_loop_redemption.person_id')
    .leftJoin('machine', 'machine.id', 'closed_loop_redemption.machine_id')
    .select([
      'closed_loop_redemption.id',
      'closed_loop_redemption.redemption_uuid',
      'closed_loop_redemption.redemption_refer_no',
      'closed_loop_redemption.redemption_code',
      'closed_loop_redemption.created_at',
      'closed_loop_redemption.method_code',
      'closed_loop_redemption.item_name',
      'closed_loop_redemption.machine_id',
      'closed_loop_employee.employee_uuid',
      'closed_loop_employee.name as employee_name',
      'closed_loop_person.person_uuid',
      'closed_loop_person.name as person_name',
      'machine.username as machine_username',
      'machine.postal_code as machine_postal_code',
      'machine.location as machine_location',
    ])
    .orderBy('closed_loop_redemption.created_at', 'desc')
    .orderBy('closed_loop_redemption.id', 'desc')
}

export type RedemptionJoinedRow = Awaited<ReturnType<ReturnType<typeof redemptionRows>['execute']>>[number]

export function findRedemptionsOfPerson(
  db: Db,
  entityCode: string,
  personId: number,
  scope: EmployeeScope,
  limit: number,
) {
  let q = redemptionRows(db)
    .where('closed_loop_redemption.entity_code', '=', entityCode)
    .where('closed_loop_redemption.person_id', '=', personId)
  if (scope !== null) q = q.where('closed_loop_employee.set_id', 'in', scope.length ? scope : [-1])
  return q.limit(limit).execute()
}

export async function countRedemptionsOfPerson(
  db: Db,
  entityCode: string,
  personId: number,
  scope: EmployeeScope,
) {
  let q = db
    .selectFrom('closed_loop_redemption')
    .innerJoin('closed_loop_employee', 'closed_loop_employee.id', 'closed_loop_redemption.employee_id')
    .where('closed_loop_redemption.entity_code', '=', entityCode)
    .where('closed_loop_redemption.person_id', '=', personId)
  if (scope !== null) q = q.where('closed_loop_employee.set_id', 'in', scope.length ? scope : [-1])
  const row = await q.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()
  return Number(row.count)
}
