import type { Generated, Insertable, Selectable } from 'kysely'

export interface MachineTable {
  id: Generated<number>
  entity_code: string
  /** The machine's own login name (the spec's machine "username"). */
  username: string
  serial_number: string
  alias: string
  location: string
  postal_code: string
  /** Machine status catalogue values; the four service columns hold the status summary of each service. */
  overall_status: number
  core_service_status: number
  machine_service_status: number
  payment_service_status: number
  reader_manager_status: number
  model_number: string
  last_activity_time: number | null
  last_maintenance_time: number | null
  vmc_type: number
  vmc_port: string
  /** JSON array of payment method values accepted by the machine. */
  payment_selections: string
  is_active: number
  capacity: number
  stock: number
  /** JSON array of strings. */
  tags: string
  /** JSON object: the general settings of A §5 / B §3. */
  general_settings: string
  /** JSON object: { core_service, machine_service, payment_service, reader_manager: [{reader_id,...}] }. */
  service_statuses: string
  currency_code: string
  created_at: number
  updated_at: number
  /** When the status the columns show happened on the machine (machine API): a later report wins, never an earlier one. */
  status_reported_at: Generated<number | null>
  /** When the overall status became Error (machine API; null when it is not in error or nobody knows). */
  error_since: Generated<number | null>
}

export interface MachineSetTable {
  machine_id: number
  set_id: number
}

export interface MachineItemTable {
  id: Generated<number>
  machine_id: number
  entity_code: string
  slot_no: number
  name: string
  description: string
  /** Minor units of the machine's currency. */
  price: number
  stock: number
  capacity: number
  total_revenue: number
  total_sold: number
  is_enabled: number
  is_active: number
  sku_id: number | null
  image_url: string | null
  /** When the stock shown was counted on the machine (machine API): a later count wins, never an earlier one. */
  stock_reported_at: Generated<number | null>
}

export type MachineRow = Selectable<MachineTable>
export type NewMachineRow = Insertable<MachineTable>
export type MachineItemRow = Selectable<MachineItemTable>
export type NewMachineItemRow = Insertable<MachineItemTable>
