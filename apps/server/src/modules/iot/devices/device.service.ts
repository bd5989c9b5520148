import type {
  CreateDeviceCommandRequest,
  DashboardDevice,
  DeviceCommand,
  DeviceDetail,
  DeviceFilter,
  DeviceFilterData,
  DeviceMachineRef,
  TcnDevice,
  TcnDeviceFilter,
  TcnDeviceFilterData,
} from '@portal/contract'
import type { MachineCommandStatus } from '@portal/contract'
import {
  CommandStatus,
  commandStatusAt,
  DEVICE_COMMANDS_SHOWN,
  MachineCommandStatus as CommandLife,
} from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import { findUserById } from '../../iam/users/user.repository'
import type { MachineScope } from '../machines/machine.repository'
import {
  countDevices,
  countTcnDevices,
  findCommandsOfDevice,
  findDeviceById,
  findDevicePage,
  findMachineRefs,
  findTcnDeviceById,
  findTcnDevicePage,
  insertCommand,
  linkMachineCommand,
} from './device.repository'
import type { DeviceCommandExtras } from './device.repository'
import { queueDeviceCommand } from '../../machine-api/machine-command.service'
import type { DashboardDeviceRow, DeviceCommandRow, TcnDeviceRow } from './device.table'

export const tcnDeviceCountScope = (entityCode: string) => `tcn-devices:${entityCode}`
export const deviceCountScope = (entityCode: string) => `devices:${entityCode}`

type MachineRefs = Map<number, DeviceMachineRef>

async function machineRefs(
  db: Db,
  entityCode: string,
  rows: { machine_id: number | null }[],
): Promise<MachineRefs> {
  const ids = rows.flatMap((r) => (r.machine_id === null ? [] : [r.machine_id]))
  const machines = await findMachineRefs(db, entityCode, ids)
  return new Map(
    machines.map((m) => [
      m.id,
      { machine_id: m.id, alias: m.alias, serial_number: m.serial_number, location: m.location },
    ]),
  )
}

function toTcnDevice(row: TcnDeviceRow, machines: MachineRefs): TcnDevice {
  return {
    id: row.id,
    mid: row.mid,
    device_code: row.device_code,
    machine: row.machine_id === null ? null : (machines.get(row.machine_id) ?? null),
    firmware_version: row.firmware_version,
    last_login: row.last_login,
    is_online: row.is_online === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

function toDevice(row: DashboardDeviceRow, machines: MachineRefs): DashboardDevice {
  return {
    id: row.id,
    device_code: row.device_code,
    name: row.name,
    screen_type: row.screen_type,
    machine: row.machine_id === null ? null : (machines.get(row.machine_id) ?? null),
    app_version: row.app_version,
    last_seen: row.last_seen,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

function toCommand(row: DeviceCommandRow & DeviceCommandExtras, now: number): DeviceCommand {
  return {
    id: row.id,
    device_id: row.device_id,
    command_code: row.command_code,
    status: row.status,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    delivery:
      row.delivery_status === null || row.delivery_expires_at === null
        ? null
        : commandStatusAt(row.delivery_status as MachineCommandStatus, row.delivery_expires_at, now),
    delivery_message: row.delivery_message,
  }
}

export async function filterTcnDevices(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: TcnDeviceFilter,
  scope: MachineScope,
  now = Date.now(),
): Promise<TcnDeviceFilterData> {
  const { limit: _limit, offset: _offset, sort_by: _sort, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findTcnDevicePage(db, entityCode, filter, scope, now),
    counts.get(tcnDeviceCountScope(entityCode), { ...countFilter, scope }, () =>
      countTcnDevices(db, entityCode, filter, scope, now),
    ),
  ])
  const machines = await machineRefs(db, entityCode, rows)
  return { devices: rows.map((r) => toTcnDevice(r, machines)), count }
}

export async function getTcnDevice(db: Db, entityCode: string, id: number, scope: MachineScope) {
  const row = await findTcnDeviceById(db, entityCode, id, scope)
  if (!row) throw notFound('TCN device')
  return toTcnDevice(row, await machineRefs(db, entityCode, [row]))
}

export async function filterDevices(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: DeviceFilter,
  scope: MachineScope,
): Promise<DeviceFilterData> {
  const { limit: _limit, offset: _offset, sort_by: _sort, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findDevicePage(db, entityCode, filter, scope),
    counts.get(deviceCountScope(entityCode), { ...countFilter, scope }, () =>
      countDevices(db, entityCode, filter, scope),
    ),
  ])
  const machines = await machineRefs(db, entityCode, rows)
  return { devices: rows.map((r) => toDevice(r, machines)), count }
}

export async function getDevice(
  db: Db,
  entityCode: string,
  id: number,
  scope: MachineScope,
): Promise<DeviceDetail> {
  const row = await findDeviceById(db, entityCode, id, scope)
  if (!row) throw notFound('Device')
  const [machines, commands] = await Promise.all([
    machineRefs(db, entityCode, [row]),
    findCommandsOfDevice(db, entityCode, id, DEVICE_COMMANDS_SHOWN),
  ])
  return { ...toDevice(row, machines), commands: commands.map((c) => toCommand(c, Date.now())) }
}

/**
 * Queues a command for a device: it starts Pending. A device fitted to a machine gets it through the machine API
 * (decision 0109): Received when the machine's poll takes it, Started when the machine reports it done. Returns the
 * machine to announce it to, if any.
 */
export async function createDeviceCommand(
  db: Db,
  caller: Caller,
  id: number,
  body: CreateDeviceCommandRequest,
  scope: MachineScope,
  ttlMs: number,
  now = Date.now(),
): Promise<{ command: DeviceCommand; queuedFor: number | null }> {
  const entityCode = caller.auth.entityCode
  return db.transaction().execute(async (trx) => {
    const device = await findDeviceById(trx, entityCode, id, scope)
    if (!device) throw notFound('Device')
    const row = await insertCommand(trx, {
      entity_code: entityCode,
      device_id: id,
      command_code: body.command_code,
      status: CommandStatus.pending,
      created_by_user_id: caller.auth.userId,
      created_at: now,
      updated_at: now,
    })
    let machineCommandId: number | null = null
    if (device.machine_id !== null) {
      machineCommandId = await queueDeviceCommand(
        trx,
        entityCode,
        device.machine_id,
        { device_id: id, device_code: device.device_code, command_code: body.command_code },
        caller.auth.userId,
        ttlMs,
        now,
      )
      await linkMachineCommand(trx, row.id, machineCommandId)
    }
    await auditChange(trx, caller, 'device_command_created', 'device_command', row.id, null, {
      device_id: id,
      device_code: device.device_code,
      command_code: row.command_code,
      status: row.status,
    })
    const user = await findUserById(trx, caller.auth.userId)
    const command = toCommand(
      {
        ...row,
        created_by: user?.name ?? null,
        delivery_status: machineCommandId === null ? null : CommandLife.queued,
        delivery_expires_at: machineCommandId === null ? null : now + ttlMs,
        delivery_message: null,
      },
      now,
    )
    return { command, queuedFor: device.machine_id }
  })
}
