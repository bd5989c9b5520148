import type { Db } from '../../db/database'

/** The machine a key names, with what the machine API needs of it. */
export interface AuthenticatedMachine {
  id: number
  entity_code: string
  serial_number: string
  username: string
  last_used_at: number | null
}

export async function findMachineByKey(db: Db, lookup: string): Promise<AuthenticatedMachine | undefined> {
  return db
    .selectFrom('machine_api_key as k')
    .innerJoin('machine as m', 'm.id', 'k.machine_id')
    .where('k.key_lookup', '=', lookup)
    .select(['m.id', 'm.entity_code', 'm.serial_number', 'm.username', 'k.last_used_at'])
    .executeTakeFirst()
}

export async function findMachineKey(db: Db, machineId: number) {
  return db
    .selectFrom('machine_api_key')
    .where('machine_id', '=', machineId)
    .select(['created_at', 'last_used_at'])
    .executeTakeFirst()
}

/** Sets or replaces a machine's key: the previous one stops opening anything at once. */
export async function saveMachineKey(
  db: Db,
  row: {
    machine_id: number
    entity_code: string
    key_lookup: string
    created_at: number
    created_by: string
  },
): Promise<void> {
  await db
    .insertInto('machine_api_key')
    .values({ ...row, last_used_at: null })
    .onConflict((oc) =>
      oc.column('machine_id').doUpdateSet({
        key_lookup: row.key_lookup,
        created_at: row.created_at,
        created_by: row.created_by,
        last_used_at: null,
      }),
    )
    .execute()
}

export async function touchMachineKey(db: Db, machineId: number, now: number): Promise<void> {
  await db
    .updateTable('machine_api_key')
    .set({ last_used_at: now })
    .where('machine_id', '=', machineId)
    .execute()
}
