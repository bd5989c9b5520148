import type { Generated, Insertable, Selectable } from 'kysely'

/** A TCN controller board (decision 0018): MID issued by TCN, the machine it drives, its last login. */
export interface TcnDeviceTable {
  id: Generated<number>
  entity_code: string
  mid: string
  device_code: string
  machine_id: number | null
  firmware_version: string
  last_login: number | null
  is_online: number
  created_at: number
  updated_at: number
}

/** A dashboard (screen) device of a machine; it receives commands. */
export interface DashboardDeviceTable {
  id: Generated<number>
  entity_code: string
  device_code: string
  name: string
  /** ScreenType catalogue value. */
  screen_type: number
  machine_id: number | null
  app_version: string
  last_seen: number | null
  created_at: number
  updated_at: number
}

export interface DeviceCommandTable {
  id: Generated<number>
  entity_code: string
  device_id: number
  /** DeviceCommandCode catalogue value. */
  command_code: string
  /** CommandStatus: pending, received, started. */
  status: string
  created_by_user_id: number | null
  /** The machine command that carries it to the device's machine (decision 0109); null for a device without one. */
  machine_command_id: number | null
  created_at: number
  updated_at: number
}

export type TcnDeviceRow = Selectable<TcnDeviceTable>
export type NewTcnDeviceRow = Insertable<TcnDeviceTable>
export type DashboardDeviceRow = Selectable<DashboardDeviceTable>
export type NewDashboardDeviceRow = Insertable<DashboardDeviceTable>
export type DeviceCommandRow = Selectable<DeviceCommandTable>
export type NewDeviceCommandRow = Insertable<DeviceCommandTable>
