import type { ExpressionBuilder, Insertable } from 'kysely'
import type { Database, Db } from '../../db/database'
import type { MachineCommandRow, MachineCommandTable } from './machine-api.table'

export type MachineCommandWithIssuer = MachineCommandRow & {
  issuer_uuid: string | null
  issuer_name: string | null
}

export function insertMachineCommand(
  db: Db,
  row: Insertable<MachineCommandTable>,
): Promise<MachineCommandRow> {
  return db.insertInto('machine_command').values(row).returningAll().executeTakeFirstOrThrow()
}

/** One machine's commands, newest first, with who sent each. */
export function listMachineCommands(
  db: Db,
  machineId: number,
  page: { limit: number; offset: number },
): Promise<MachineCommandWithIssuer[]> {
  return db
    .selectFrom('machine_command as c')
    .leftJoin('app_user as u', 'u.id', 'c.issued_by_user_id')
    .where('c.machine_id', '=', machineId)
    .selectAll('c')
    .select(['u.user_uuid as issuer_uuid', 'u.name as issuer_name'])
    .orderBy('c.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countMachineCommands(db: Db, machineId: number): Promise<number> {
  const row = await db
    .selectFrom('machine_command')
    .where('machine_id', '=', machineId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findMachineCommand(
  db: Db,
  machineId: number,
  id: number,
): Promise<MachineCommandWithIssuer | undefined> {
  return db
    .selectFrom('machine_command as c')
    .leftJoin('app_user as u', 'u.id', 'c.issued_by_user_id')
    .where('c.machine_id', '=', machineId)
    .where('c.id', '=', id)
    .selectAll('c')
    .select(['u.user_uuid as issuer_uuid', 'u.name as issuer_name'])
    .executeTakeFirst()
}

/**
 * Takes a machine's commands to deliver: those queued and not expired, and those delivered without a result for
 * `redeliverAfterMs` (the answer that carried them may never have arrived). They are marked delivered in the same
 * statement that picks them, so two polls racing never both take one (the condition is checked again on the row
 * being updated). Oldest first, at most `limit`.
 */
export function takeCommands(
  db: Db,
  machineId: number,
  now: number,
  redeliverAfterMs: number,
  limit: number,
): Promise<MachineCommandRow[]> {
  const deliverable = (eb: ExpressionBuilder<Database, 'machine_command'>) =>
    eb.and([
      eb('machine_id', '=', machineId),
      eb('expires_at', '>', now),
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'delivered'), eb('delivered_at', '<=', now - redeliverAfterMs)]),
      ]),
    ])
  return db
    .updateTable('machine_command')
    .set({ status: 'delivered', delivered_at: now })
    .where(deliverable)
    .where(
      'id',
      'in',
      db.selectFrom('machine_command').where(deliverable).select('id').orderBy('id').limit(limit),
    )
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.id - b.id))
}

/** The machine's result: a command still open (or delivered and since expired) is finished. Whether it was. */
export async function finishCommand(
  db: Db,
  machineId: number,
  id: number,
  result: { status: 'succeeded' | 'failed'; message: string | null; at: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('machine_command')
    .set({ status: result.status, message: result.message, finished_at: result.at })
    .where('machine_id', '=', machineId)
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'delivered'])
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

/** The device commands a machine command carries (step 4's, decision 0109) move to `status`. */
export async function followDeviceCommands(
  db: Db,
  machineCommandIds: readonly number[],
  status: 'received' | 'started',
  at: number,
): Promise<void> {
  if (machineCommandIds.length === 0) return
  await db
    .updateTable('device_command')
    .set({ status, updated_at: at })
    .where('machine_command_id', 'in', machineCommandIds)
    .execute()
}
