import type { ResourceSet, setWriteRequest } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { fieldError, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../audit/audit.service'
import type { SetFilter } from './set.repository'
import {
  allSetsOf,
  countSets,
  deleteSetMachines,
  existingMachineIds,
  findChildSets,
  findMachinesMatching,
  findSet,
  findSetMachines,
  findSetPage,
  insertSet,
  insertSetMachines,
  replaceSetMachines,
  resourceCounts,
  setMemberIds,
  updateSetRow,
} from './set.repository'
import type { ResourceSetRow } from './set.table'

type SetInput = z.output<typeof setWriteRequest>

function toSet(row: ResourceSetRow, counts: Map<number, number>): ResourceSet {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    parent_id: row.parent_id,
    resource_count: counts.get(row.id) ?? 0,
    created_at: row.created_at,
  }
}

export async function filterSets(db: Db, caller: Caller, f: SetFilter) {
  const entityCode = caller.auth.entityCode
  const [rows, count] = await Promise.all([findSetPage(db, entityCode, f), countSets(db, entityCode, f)])
  const counts = await resourceCounts(
    db,
    rows.map((r) => r.id),
  )
  return { sets: rows.map((r) => toSet(r, counts)), count }
}

export async function searchSets(db: Db, caller: Caller, query: string, limit: number) {
  const rows = await findSetPage(db, caller.auth.entityCode, { limit, offset: 0, search: query || undefined })
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name }))
}

export async function getSet(db: Db, caller: Caller, id: number) {
  const entityCode = caller.auth.entityCode
  const row = await findSet(db, entityCode, id)
  if (!row) throw notFound('Set')
  const counts = await resourceCounts(db, [id])
  const machines = await findSetMachines(db, entityCode, id)
  const children = await findChildSets(db, entityCode, id)
  return {
    ...toSet(row, counts),
    resources: machines.map((m) => ({
      resource_code: `machines/${String(m.id)}`,
      name: `${m.alias} (${m.serial_number})`,
    })),
    children,
  }
}

/** The chain from the root set down to the set's parent (GET /iam/sets/{id}/parents). */
export async function setParents(db: Db, caller: Caller, id: number) {
  const sets = await allSetsOf(db, caller.auth.entityCode)
  const byId = new Map(sets.map((s) => [s.id, s]))
  const start = byId.get(id)
  if (!start) throw notFound('Set')
  const chain: { id: number; code: string; name: string }[] = []
  let current = start.parent_id === null ? undefined : byId.get(start.parent_id)
  while (current && chain.length < 50) {
    chain.unshift({ id: current.id, code: current.code, name: current.name })
    current = current.parent_id === null ? undefined : byId.get(current.parent_id)
  }
  return chain
}

export async function searchSetResources(db: Db, caller: Caller, query: string, limit: number) {
  const rows = await findMachinesMatching(db, caller.auth.entityCode, query, limit)
  return rows.map((m) => ({
    resource_code: `machines/${String(m.id)}`,
    name: `${m.alias} (${m.serial_number})`,
  }))
}

/** Checks the parent (same entity, no cycle), the code (unique in the entity) and the resources (the entity's). */
async function validate(db: Db, entityCode: string, input: SetInput, selfId?: number): Promise<number[]> {
  const sets = await allSetsOf(db, entityCode)
  if (sets.some((s) => s.code === input.code && s.id !== selfId))
    throw fieldError('body.code', 'A set with this code already exists', 'taken')
  if (input.parent_id !== null) {
    const parent = sets.find((s) => s.id === input.parent_id)
    if (!parent) throw fieldError('body.parent_id', 'Unknown parent set', 'unknown_reference')
    let cursor: typeof parent | undefined = parent
    while (cursor) {
      if (cursor.id === selfId)
        throw fieldError('body.parent_id', 'A set cannot be placed under itself or one of its own sets')
      cursor = cursor.parent_id === null ? undefined : sets.find((s) => s.id === cursor?.parent_id)
    }
  }
  const ids = [...new Set(input.resource_codes.map((c) => Number(c.split('/')[1])))]
  if (ids.length > 0) {
    const found = await existingMachineIds(db, entityCode, ids)
    const missing = ids.filter((id) => !found.includes(id))
    if (missing.length > 0)
      throw fieldError(
        'body.resource_codes',
        `Unknown machine: ${missing.slice(0, 5).join(', ')}`,
        'unknown_reference',
        {
          values: missing.slice(0, 5),
        },
      )
  }
  return ids
}

export async function createSet(db: Db, caller: Caller, input: SetInput) {
  const entityCode = caller.auth.entityCode
  const machineIds = await validate(db, entityCode, input)
  const id = await db.transaction().execute(async (trx) => {
    const setId = await insertSet(trx, {
      entity_code: entityCode,
      code: input.code,
      name: input.name,
      description: input.description,
      parent_id: input.parent_id,
      created_at: Date.now(),
    })
    await insertSetMachines(trx, setId, machineIds)
    return setId
  })
  const set = await getSet(db, caller, id)
  await auditChange(db, caller, 'set_created', 'set', id, null, {
    ...set,
    resources: set.resources.map((r) => r.resource_code),
  })
  return set
}

export async function updateSet(db: Db, caller: Caller, id: number, input: SetInput) {
  const entityCode = caller.auth.entityCode
  const before = await getSet(db, caller, id)
  const machineIds = await validate(db, entityCode, input, id)
  await db.transaction().execute(async (trx) => {
    await updateSetRow(trx, entityCode, id, {
      code: input.code,
      name: input.name,
      description: input.description,
      parent_id: input.parent_id,
    })
    await replaceSetMachines(trx, id, machineIds)
  })
  const after = await getSet(db, caller, id)
  const brief = (s: typeof after) => ({ ...s, resources: s.resources.map((r) => r.resource_code) })
  await auditChange(db, caller, 'set_updated', 'set', id, brief(before), brief(after))
  return after
}

/**
 * Bulk actions (issue 18): puts the entity's machines in the set, or takes them out, without rewriting the rest of
 * it (updateSet replaces the whole membership). The caller has checked the machines are theirs to touch; the set is
 * checked here. Answers which machines changed; one audit record for the set names them.
 */
export async function changeSetMachines(
  db: Db,
  caller: Caller,
  setId: number,
  machineIds: readonly number[],
  change: 'add' | 'remove',
): Promise<Set<number>> {
  const entityCode = caller.auth.entityCode
  if (!(await findSet(db, entityCode, setId))) throw notFound('Set')
  const owned = await existingMachineIds(db, entityCode, machineIds)
  const members = new Set(await setMemberIds(db, setId, owned))
  const changed =
    change === 'add' ? owned.filter((id) => !members.has(id)) : owned.filter((id) => members.has(id))
  if (changed.length === 0) return new Set()
  await db.transaction().execute(async (trx) => {
    if (change === 'add') await insertSetMachines(trx, setId, changed)
    else await deleteSetMachines(trx, setId, changed)
    await auditChange(
      trx,
      caller,
      change === 'add' ? 'set_machines_added' : 'set_machines_removed',
      'set',
      setId,
      null,
      { resources: changed.map((id) => `machines/${String(id)}`) },
    )
  })
  return new Set(changed)
}
