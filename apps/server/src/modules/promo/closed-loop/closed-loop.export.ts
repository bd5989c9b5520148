import { CLOSED_LOOP_EXPORTS, employeeFilterFields, personFilterFields } from '@portal/contract'
import { z } from 'zod'
import type { Db } from '../../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import type { EmployeeFilterFields, RedemptionJoinedRow } from './closed-loop.repository'
import { filteredEmployees, filteredPersons, redemptionRows } from './closed-loop.repository'
import { EMPLOYEE_EXPORT_PERMISSION } from './closed-loop.service'

const BATCH = 2000

/** The employee list's inner filter without paging: the redemptions of the employees it matches. */
const employeeExportFilters = z.strictObject(employeeFilterFields)
/** The person list's filter without paging: the redemptions of the persons it matches. */
const personExportFilters = z.strictObject(personFilterFields)
type PersonExportFilters = z.output<typeof personExportFilters>

export interface RedemptionExportRow {
  row: RedemptionJoinedRow
  /** The entity's time zone: the `date` and `time` columns are local, as operators read them. */
  timeZone: string
}

const dateOf = (r: RedemptionExportRow) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: r.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(r.row.created_at)
const timeOf = (r: RedemptionExportRow) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: r.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(r.row.created_at)

/** B §3's redemption export columns after the first two, in order. `created_at` is ISO 8601 UTC. */
const REST: ExportColumn<RedemptionExportRow>[] = [
  { header: 'redemption_code', value: (r) => r.row.redemption_code },
  { header: 'redemption_uuid', value: (r) => r.row.redemption_uuid },
  { header: 'redemption_refer_no', value: (r) => r.row.redemption_refer_no },
  { header: 'created_at', value: (r) => new Date(r.row.created_at).toISOString() },
  { header: 'date', value: dateOf },
  { header: 'time', value: timeOf },
  { header: 'method_code', value: (r) => r.row.method_code },
  { header: 'item_name', value: (r) => r.row.item_name },
  { header: 'machine_username', value: (r) => r.row.machine_username ?? '' },
  { header: 'machine_postal_code', value: (r) => r.row.machine_postal_code ?? '' },
  { header: 'machine_location', value: (r) => r.row.machine_location ?? '' },
]

/**
 * The redemptions of the entity, newest first, in keyset batches (created_at, id), narrowed by `narrow` (the
 * employees or persons the list's filters match) and by the caller's sets.
 */
async function* redemptions(
  db: Db,
  scope: ExportScope,
  narrow: (q: ReturnType<typeof redemptionRows>) => ReturnType<typeof redemptionRows>,
): AsyncIterable<RedemptionExportRow> {
  const entity = await db
    .selectFrom('entity')
    .where('code', '=', scope.entityCode)
    .select('time_zone')
    .executeTakeFirst()
  const timeZone = entity?.time_zone ?? 'UTC'
  let after: { created_at: number; id: number } | null = null
  for (;;) {
    let q = narrow(redemptionRows(db).where('closed_loop_redemption.entity_code', '=', scope.entityCode))
    if (scope.setIds !== null) {
      const ids = scope.setIds.length ? [...scope.setIds] : [-1]
      q = q.where('closed_loop_employee.set_id', 'in', ids)
    }
    const last = after
    if (last !== null) {
      q = q.where((eb) =>
        eb.or([
          eb('closed_loop_redemption.created_at', '<', last.created_at),
          eb.and([
            eb('closed_loop_redemption.created_at', '=', last.created_at),
            eb('closed_loop_redemption.id', '<', last.id),
          ]),
        ]),
      )
    }
    const batch = await q.limit(BATCH).execute()
    for (const row of batch) yield { row, timeZone }
    const tail = batch[batch.length - 1]
    if (tail === undefined || batch.length < BATCH) return
    after = { created_at: tail.created_at, id: tail.id }
  }
}

/** Employee variant: employee_uuid, employee_name, then the rest (B §3). */
export const closedLoopRedemptionExportSource: ExportSource<EmployeeFilterFields, RedemptionExportRow> = {
  key: CLOSED_LOOP_EXPORTS.employees,
  title: 'Closed-loop redemptions (employees)',
  // Refused without `all` on promo employees/* (the export permission flag of B §3, decision 0019).
  permission: EMPLOYEE_EXPORT_PERMISSION,
  filters: employeeExportFilters,
  columns: [
    { header: 'employee_uuid', value: (r) => r.row.employee_uuid },
    { header: 'employee_name', value: (r) => r.row.employee_name },
    ...REST,
  ],
  rows: (db, scope, filters) =>
    redemptions(db, scope, (q) =>
      q.where(
        'closed_loop_redemption.employee_id',
        'in',
        filteredEmployees(db, scope.entityCode, filters, null).select('closed_loop_employee.id'),
      ),
    ),
}

/** Person variant: Person UUID, Person Name in place of the first two (B §3); standalone employees are left out. */
export const closedLoopPersonRedemptionExportSource: ExportSource<PersonExportFilters, RedemptionExportRow> =
  {
    key: CLOSED_LOOP_EXPORTS.persons,
    title: 'Closed-loop redemptions (persons)',
    permission: EMPLOYEE_EXPORT_PERMISSION,
    filters: personExportFilters,
    columns: [
      { header: 'Person UUID', value: (r) => r.row.person_uuid ?? '' },
      { header: 'Person Name', value: (r) => r.row.person_name ?? '' },
      ...REST,
    ],
    rows: (db, scope, filters) =>
      redemptions(db, scope, (q) =>
        q.where(
          'closed_loop_redemption.person_id',
          'in',
          filteredPersons(db, scope.entityCode, filters).select('closed_loop_person.id'),
        ),
      ),
  }
