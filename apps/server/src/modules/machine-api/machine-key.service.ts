import { createHash, randomInt } from 'node:crypto'
import type { MachineApiKeyData, MachineApiKeyStatus } from '@portal/contract'
import type { Db } from '../../db/database'
import { notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { findMachineById } from '../iot/machines/machine.repository'
import { machineScope } from '../iot/machines/machine.service'
import type { AuthenticatedMachine } from './machine-key.repository'
import { findMachineByKey, findMachineKey, saveMachineKey, touchMachineKey } from './machine-key.repository'

/*
 * Machines' API keys (issue 15, docs/decisions/0108-machine-api.md). A key is generated here (`mk_` and 32 characters
 * drawn uniformly from 62: 190 bits), returned once, and kept as its SHA-256: a secret that strong needs no salt, and
 * the digest is what finds the machine when the key comes back.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function generateMachineKey(): string {
  let out = 'mk_'
  for (let i = 0; i < 32; i++) out += ALPHABET.charAt(randomInt(ALPHABET.length))
  return out
}

export const machineKeyLookup = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex')

/** A machine of the caller's entity (and sets), else a 404. */
export async function findCallerMachine(db: Db, caller: Caller, id: number) {
  const entityCode = caller.auth.entityCode
  const row = await findMachineById(db, entityCode, id, await machineScope(db, entityCode, caller.sets))
  if (!row) throw notFound('Machine')
  return row
}

/** Creates or rotates a machine's key; the new one is returned this once, the old one is refused from now on. */
export async function rotateMachineKey(
  db: Db,
  caller: Caller,
  id: number,
  now = Date.now(),
): Promise<MachineApiKeyData> {
  const machine = await findCallerMachine(db, caller, id)
  const key = generateMachineKey()
  await db.transaction().execute(async (trx) => {
    const before = await findMachineKey(trx, id)
    await saveMachineKey(trx, {
      machine_id: id,
      entity_code: machine.entity_code,
      key_lookup: machineKeyLookup(key),
      created_at: now,
      created_by: caller.auth.username.slice(0, 200),
    })
    // Never the key nor its digest: only that one was set.
    await auditChange(
      trx,
      caller,
      before ? 'machine_api_key_rotated' : 'machine_api_key_created',
      'machine',
      id,
      { key_set: before !== undefined },
      { key_set: true },
    )
  })
  return { api_key: key, created_at: now }
}

export async function machineKeyStatus(db: Db, caller: Caller, id: number): Promise<MachineApiKeyStatus> {
  await findCallerMachine(db, caller, id)
  const key = await findMachineKey(db, id)
  return {
    set: key !== undefined,
    created_at: key?.created_at ?? null,
    last_used_at: key?.last_used_at ?? null,
  }
}

/** How often a key's "last used" is written: once a minute is what the page needs, and spares a write per call. */
const TOUCH_EVERY_MS = 60_000

/** The machine a presented key names, if any; its "last used" moves on. */
export async function authenticateMachine(
  db: Db,
  key: string,
  now = Date.now(),
): Promise<AuthenticatedMachine | undefined> {
  const machine = await findMachineByKey(db, machineKeyLookup(key))
  if (machine && (machine.last_used_at === null || now - machine.last_used_at >= TOUCH_EVERY_MS))
    await touchMachineKey(db, machine.id, now)
  return machine
}
