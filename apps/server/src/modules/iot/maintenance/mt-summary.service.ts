import type {
  Maintainer,
  MtSummary,
  MtSummaryDetail,
  MtSummaryFilter,
  MtSummaryFilterData,
} from '@portal/contract'
import { isBypassedChallenge } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import type { MachineScope } from '../machines/machine.repository'
import type { SummaryRow } from './mt-summary.repository'
import {
  countSummaries,
  findMaintainers,
  findSlotsOfSummary,
  findSummaryById,
  findSummaryPage,
} from './mt-summary.repository'

export function toSummary(row: SummaryRow): MtSummary {
  return {
    id: row.id,
    code: row.code,
    user_uuid: row.user_uuid,
    user_name: row.user_name,
    person_type: row.person_type,
    challenge_type: row.challenge_type,
    challenge_bypass_reason: row.challenge_bypass_reason,
    is_challenge_bypass: isBypassedChallenge(row.challenge_type),
    machine_id: row.machine_id,
    machine_username: row.machine_username,
    alias: row.alias,
    location: row.location,
    serial_number: row.serial_number,
    created_at: row.created_at,
    updated_at: row.updated_at,
    start_time: row.start_time,
    end_time: row.end_time,
    additional_notes: row.additional_notes,
    total_added_stock: row.total_added_stock,
  }
}

/** The cache scope of summary counts: invalidate it after writing an entity's summaries. */
export const mtSummaryCountScope = (entityCode: string) => `mt-summaries:${entityCode}`

export async function filterSummaries(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: MtSummaryFilter,
  scope: MachineScope,
): Promise<MtSummaryFilterData> {
  const { limit: _limit, offset: _offset, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findSummaryPage(db, entityCode, filter, scope),
    counts.get(mtSummaryCountScope(entityCode), { ...countFilter, scope }, () =>
      countSummaries(db, entityCode, filter, scope),
    ),
  ])
  return { mt_summaries: rows.map(toSummary), count }
}

export async function getSummary(
  db: Db,
  entityCode: string,
  id: number,
  scope: MachineScope,
): Promise<MtSummaryDetail> {
  const row = await findSummaryById(db, entityCode, id, scope)
  if (!row) throw notFound('Maintenance summary')
  const slots = await findSlotsOfSummary(db, row.id)
  return {
    ...toSummary(row),
    user_phone_number: row.user_phone_number,
    postal_code: row.postal_code,
    slots: slots.map((s) => ({
      slot_no: s.slot_no,
      item_name: s.item_name,
      stock_before: s.stock_before,
      added_stock: s.added_stock,
      stock_after: s.stock_before + s.added_stock,
      capacity: s.capacity,
    })),
  }
}

/** One entry per person; a person recorded under two person types is listed once, as "both". */
export async function listMaintainers(
  db: Db,
  entityCode: string,
  scope: MachineScope,
): Promise<Maintainer[]> {
  const rows = await findMaintainers(db, entityCode, scope)
  const byUuid = new Map<string, Maintainer>()
  for (const r of rows) {
    const seen = byUuid.get(r.user_uuid)
    byUuid.set(r.user_uuid, {
      user_uuid: r.user_uuid,
      name: r.name,
      person_type: seen && seen.person_type !== r.person_type ? 'both' : r.person_type,
    })
  }
  return [...byUuid.values()]
}
