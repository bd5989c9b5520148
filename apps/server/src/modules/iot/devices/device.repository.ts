import type { DeviceFilter, TcnDeviceFilter } from '@portal/contract'
import { DeviceSort, lastLoginWindow, TcnDeviceSort } from '@portal/contract'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { MachineScope } from '../machines/machine.repository'
import type { DashboardDeviceRow, DeviceCommandRow, NewDeviceCommandRow, TcnDeviceRow } from './device.table'

/** Machines in the caller's sets: set-scoped callers see devices of those machines only (decision 0018). */
function machinesInScope(db: Db, scope: number[]) {
  return db
    .selectFrom('machine_set')
    .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
    .select('machine_set.machine_id')
}

type Direction = 'asc' | 'desc'

/** Each sort of the TCN list as its column and direction; the id breaks ties the same way. */
const TCN_ORDER: Record<TcnDeviceSort, readonly ['created_at' | 'last_login' | 'mid', Direction]> = {
  [TcnDeviceSort.created_at_desc]: ['created_at', 'desc'],
  [TcnDeviceSort.created_at_asc]: ['created_at', 'asc'],
  [TcnDeviceSort.last_login_desc]: ['last_login', 'desc'],
  [TcnDeviceSort.last_login_asc]: ['last_login', 'asc'],
  [TcnDeviceSort.mid_asc]: ['mid', 'asc'],
  [TcnDeviceSort.mid_desc]: ['mid', 'desc'],
}

const DEVICE_ORDER: Record<DeviceSort, readonly ['created_at' | 'last_seen' | 'device_code', Direction]> = {
  [DeviceSort.created_at_desc]: ['created_at', 'desc'],
  [DeviceSort.created_at_asc]: ['created_at', 'asc'],
  [DeviceSort.last_seen_desc]: ['last_seen', 'desc'],
  [DeviceSort.last_seen_asc]: ['last_seen', 'asc'],
  [DeviceSort.device_code_asc]: ['device_code', 'asc'],
  [DeviceSort.device_code_desc]: ['device_code', 'desc'],
}

function tcnFiltered(db: Db, entityCode: string, f: TcnDeviceFilter, scope: MachineScope, now: number) {
  let q = db.selectFrom('tcn_device').where('tcn_device.entity_code', '=', entityCode)
  if (scope !== null) q = q.where('tcn_device.machine_id', 'in', machinesInScope(db, scope))
  if (f.created_at_lower !== undefined) q = q.where('tcn_device.created_at', '>=', f.created_at_lower)
  if (f.created_at_upper !== undefined) q = q.where('tcn_device.created_at', '<=', f.created_at_upper)
  if (f.last_login_option !== undefined) {
    const w = lastLoginWindow(f.last_login_option, now)
    if (w.never) q = q.where('tcn_device.last_login', 'is', null)
    else {
      if (w.from !== undefined) q = q.where('tcn_device.last_login', '>=', w.from)
      if (w.to !== undefined) q = q.where('tcn_device.last_login', '<', w.to)
    }
  }
  const mid = f.search_by_mid
  if (mid) q = q.where(() => containsInsensitive(db, 'tcn_device.mid', mid))
  const code = f.search_by_device_code
  if (code) q = q.where(() => containsInsensitive(db, 'tcn_device.device_code', code))
  return q
}

export function findTcnDevicePage(
  db: Db,
  entityCode: string,
  f: TcnDeviceFilter,
  scope: MachineScope,
  now: number,
): Promise<TcnDeviceRow[]> {
  const [column, dir] = TCN_ORDER[f.sort_by]
  let q = tcnFiltered(db, entityCode, f, scope, now).selectAll('tcn_device')
  // Never-logged-in devices last either way, on both engines (PostgreSQL puts nulls first in a descending sort).
  if (column === 'last_login')
    q = q.orderBy((eb) => eb.case().when('tcn_device.last_login', 'is', null).then(1).else(0).end())
  q = q.orderBy(`tcn_device.${column}`, dir).orderBy('tcn_device.id', dir)
  return q.limit(f.limit).offset(f.offset).execute()
}

export async function countTcnDevices(
  db: Db,
  entityCode: string,
  f: TcnDeviceFilter,
  scope: MachineScope,
  now: number,
): Promise<number> {
  const row = await tcnFiltered(db, entityCode, f, scope, now)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findTcnDeviceById(db: Db, entityCode: string, id: number, scope: MachineScope) {
  let q = db
    .selectFrom('tcn_device')
    .where('tcn_device.entity_code', '=', entityCode)
    .where('tcn_device.id', '=', id)
  if (scope !== null) q = q.where('tcn_device.machine_id', 'in', machinesInScope(db, scope))
  return q.selectAll('tcn_device').executeTakeFirst()
}

function deviceFiltered(db: Db, entityCode: string, f: DeviceFilter, scope: MachineScope) {
  let q = db.selectFrom('dashboard_device').where('dashboard_device.entity_code', '=', entityCode)
  if (scope !== null) q = q.where('dashboard_device.machine_id', 'in', machinesInScope(db, scope))
  if (f.created_at_lower !== undefined) q = q.where('dashboard_device.created_at', '>=', f.created_at_lower)
  if (f.created_at_upper !== undefined) q = q.where('dashboard_device.created_at', '<=', f.created_at_upper)
  if (f.screen_type !== undefined) q = q.where('dashboard_device.screen_type', '=', f.screen_type)
  if (f.device_code_list?.length) q = q.where('dashboard_device.device_code', 'in', f.device_code_list)
  const code = f.search_by_device_code
  if (code) q = q.where(() => containsInsensitive(db, 'dashboard_device.device_code', code))
  return q
}

export function findDevicePage(
  db: Db,
  entityCode: string,
  f: DeviceFilter,
  scope: MachineScope,
): Promise<DashboardDeviceRow[]> {
  const [column, dir] = DEVICE_ORDER[f.sort_by]
  let q = deviceFiltered(db, entityCode, f, scope).selectAll('dashboard_device')
  if (column === 'last_seen')
    q = q.orderBy((eb) => eb.case().when('dashboard_device.last_seen', 'is', null).then(1).else(0).end())
  q = q.orderBy(`dashboard_device.${column}`, dir).orderBy('dashboard_device.id', dir)
  return q.limit(f.limit).offset(f.offset).execute()
}

export async function countDevices(
  db: Db,
  entityCode: string,
  f: DeviceFilter,
  scope: MachineScope,
): Promise<number> {
  const row = await deviceFiltered(db, entityCode, f, scope)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findDeviceById(db: Db, entityCode: string, id: number, scope: MachineScope) {
  let q = db
    .selectFrom('dashboard_device')
    .where('dashboard_device.entity_code', '=', entityCode)
    .where('dashboard_device.id', '=', id)
  if (scope !== null) q = q.where('dashboard_device.machine_id', 'in', machinesInScope(db, scope))
  return q.selectAll('dashboard_device').executeTakeFirst()
}

/** The machines named by a page of devices, in one query. */
export function findMachineRefs(db: Db, entityCode: string, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('machine')
    .where('entity_code', '=', entityCode)
    .where('id', 'in', [...new Set(ids)])
    .select(['id', 'alias', 'serial_number', 'location'])
    .execute()
}

/** Who sent a device command, and how its machine command (decision 0109) is getting on. */
export interface DeviceCommandExtras {
  created_by: string | null
  delivery_status: string | null
  delivery_expires_at: number | null
  delivery_message: string | null
}

export function findCommandsOfDevice(
  db: Db,
  entityCode: string,
  deviceId: number,
  limit: number,
): Promise<(DeviceCommandRow & DeviceCommandExtras)[]> {
  return db
    .selectFrom('device_command')
    .leftJoin('app_user', 'app_user.id', 'device_command.created_by_user_id')
    .leftJoin('machine_command as mc', 'mc.id', 'device_command.machine_command_id')
    .where('device_command.entity_code', '=', entityCode)
    .where('device_command.device_id', '=', deviceId)
    .selectAll('device_command')
    .select([
      'app_user.name as created_by',
      'mc.status as delivery_status',
      'mc.expires_at as delivery_expires_at',
      'mc.message as delivery_message',
    ])
    .orderBy('device_command.created_at', 'desc')
    .orderBy('device_command.id', 'desc')
    .limit(limit)
    .execute()
}

export function insertCommand(db: Db, row: NewDeviceCommandRow): Promise<DeviceCommandRow> {
  return db.insertInto('device_command').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function linkMachineCommand(db: Db, id: number, machineCommandId: number): Promise<void> {
  await db
    .updateTable('device_command')
    .set({ machine_command_id: machineCommandId })
    .where('id', '=', id)
    .execute()
}
