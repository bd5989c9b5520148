import type {
  MachineDetail,
  MachineFilter,
  MachineFilterData,
  MachineGeneralSettings,
  MachineItem,
  MachineListItem,
  MachineServiceStatuses,
  ServiceStatusEntry,
} from '@portal/contract'
import { machineGeneralSettings, readerStatusEntry, serviceStatusEntry, OPENING_DAYS } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import {
  countMachines,
  findItemsOfMachine,
  findMachineById,
  findMachinePage,
  findSetsOfMachines,
} from './machine.repository'
import { setIdsWithDescendants } from '../../iam/sets/set.repository'
import type { MachineScope } from './machine.repository'
import type { MachineItemRow, MachineRow } from './machine.table'

function toListItem(row: MachineRow, sets: { code: string; name: string }[]): MachineListItem {
  return {
    machine_id: row.id,
    username: row.username,
    serial_number: row.serial_number,
    alias: row.alias,
    location: row.location,
    postal_code: row.postal_code,
    overall_status: row.overall_status,
    core_service_status: row.core_service_status,
    machine_service_status: row.machine_service_status,
    payment_service_status: row.payment_service_status,
    reader_manager_status: row.reader_manager_status,
    model_number: row.model_number,
    last_activity_time: row.last_activity_time,
    last_maintenance_time: row.last_maintenance_time,
    vmc_type: row.vmc_type,
    vmc_port: row.vmc_port,
    sets,
    payment_selections: parseJson<number[]>(row.payment_selections, []),
    is_active: row.is_active === 1,
    capacity: row.capacity,
    stock: row.stock,
    tags: parseJson<string[]>(row.tags, []),
  }
}

/** The cache scope of machine counts: invalidate it after writing an entity's machines. */
export const machineCountScope = (entityCode: string) => `machines:${entityCode}`

/** The machines a caller reaches: every one (sets null), or those in the sets of their grants. */
export async function machineScope(db: Db, entityCode: string, sets: string[] | null): Promise<MachineScope> {
  return sets === null ? null : setIdsWithDescendants(db, entityCode, sets)
}

export async function filterMachines(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: MachineFilter,
  scope: MachineScope = null,
): Promise<MachineFilterData> {
  const { limit: _limit, offset: _offset, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findMachinePage(db, entityCode, filter, scope),
    counts.get(machineCountScope(entityCode), { ...countFilter, scope }, () =>
      countMachines(db, entityCode, filter, scope),
    ),
  ])
  const setRows = await findSetsOfMachines(
    db,
    entityCode,
    rows.map((r) => r.id),
  )
  const setsById = new Map<number, { code: string; name: string }[]>()
  for (const s of setRows) {
    const list = setsById.get(s.machine_id) ?? []
    list.push({ code: s.code, name: s.name })
    setsById.set(s.machine_id, list)
  }
  return { machines: rows.map((r) => toListItem(r, setsById.get(r.id) ?? [])), count }
}

const NO_REPORT: ServiceStatusEntry = { status: 'Unknown', message: 'No valid status reported' }

/**
 * Applies A §5 to what machines reported: a service entry needs string status and message, a reader entry also a
 * numeric reader_id. Entries that fail are shown as "no valid status" (services) or left out (readers), never
 * passed through half-formed.
 */
export function cleanServiceStatuses(raw: unknown): MachineServiceStatuses {
  const obj = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const entry = (v: unknown) => {
    const parsed = serviceStatusEntry.safeParse(v)
    return parsed.success ? { status: parsed.data.status, message: parsed.data.message } : NO_REPORT
  }
  const readers = Array.isArray(obj.reader_manager) ? obj.reader_manager : []
  return {
    core_service: entry(obj.core_service),
    machine_service: entry(obj.machine_service),
    payment_service: entry(obj.payment_service),
    reader_manager: readers.flatMap((r) => {
      const parsed = readerStatusEntry.safeParse(r)
      return parsed.success
        ? [{ reader_id: parsed.data.reader_id, status: parsed.data.status, message: parsed.data.message }]
        : []
    }),
  }
}

const CLOSED_DAY = { closed: true, open: '00:00', close: '23:59' }

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/** Settings stored before a field existed get its default instead of failing the whole machine page. */
export function cleanGeneralSettings(
  raw: unknown,
  row: Pick<MachineRow, 'model_number' | 'vmc_type' | 'vmc_port'>,
) {
  const defaults: MachineGeneralSettings = {
    opening_hours: Object.fromEntries(
      OPENING_DAYS.map((d) => [d, CLOSED_DAY]),
    ) as MachineGeneralSettings['opening_hours'],
    model_number: row.model_number,
    pinpad_backend: '',
    pinpad_frontend: '',
    pinpad_port: '',
    vmc: row.vmc_type as MachineGeneralSettings['vmc'],
    vmc_port: row.vmc_port,
    mdb_channel: 0,
    serial_type: '',
    cp_timeout: 30,
    vend_session_timeout: 60,
    vend_request_timeout: 30,
    price_scale_factor: 1,
    price_decimal_places: 2,
    payment_denominations: '',
  }
  const stored = asRecord(raw)
  const hours = asRecord(stored.opening_hours)
  // Settings saved before Public Holiday existed (A §9) keep their week; the holiday follows Sunday's hours, the
  // usual rule for a shop (docs/decisions/0060-public-holiday-opening-hours.md).
  const openingHours = { ...defaults.opening_hours, public_holiday: hours.sunday ?? CLOSED_DAY, ...hours }
  const merged = { ...defaults, ...stored, opening_hours: openingHours }
  const parsed = machineGeneralSettings.safeParse(merged)
  return parsed.success ? parsed.data : defaults
}

export function toItem(row: MachineItemRow): MachineItem {
  return {
    slot_no: row.slot_no,
    price: row.price,
    description: row.description,
    name: row.name,
    stock: row.stock,
    capacity: row.capacity,
    total_revenue: row.total_revenue,
    total_sold: row.total_sold,
    is_enabled: row.is_enabled === 1,
    is_active: row.is_active === 1,
    sku_id: row.sku_id,
    image_url: row.image_url,
  }
}

export async function getMachine(
  db: Db,
  entityCode: string,
  id: number,
  scope: MachineScope = null,
): Promise<MachineDetail> {
  const row = await findMachineById(db, entityCode, id, scope)
  if (!row) throw notFound('Machine')
  const [items, sets] = await Promise.all([
    findItemsOfMachine(db, entityCode, id),
    findSetsOfMachines(db, entityCode, [id]),
  ])
  return {
    ...toListItem(
      row,
      sets.map((s) => ({ code: s.code, name: s.name })),
    ),
    currency_code: row.currency_code,
    general_settings: cleanGeneralSettings(parseJson<unknown>(row.general_settings, {}), row),
    service_statuses: cleanServiceStatuses(parseJson<unknown>(row.service_statuses, {})),
    items: items.map(toItem),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
