import { z } from 'zod'
import {
  deviceCommandCodes,
  deviceSorts,
  lastLoginOptions,
  TcnDeviceSort,
  DeviceSort,
  tcnDeviceSorts,
} from '../../enums/device'
import { commandStatuses, screenTypes } from '../../enums/machine'
import { machineCommandStatuses } from '../../enums/machine-command'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

// Devices (B §3 "Device (TCN)", B §7). The spec gives the filters and `data.devices`/`data.count` only; the device
// fields below are ours (docs/decisions/0018-devices-promotions.md). Times are epoch milliseconds.

const search = z.string().trim().max(100).optional()

/** POST /iot/tcn-devices/filter (B §7). `search_by_device_code` is the B §3 filter field the call table omits. */
export const tcnDeviceFilterRequest = z.strictObject({
  ...paging,
  created_at_lower: epochMs.optional(),
  created_at_upper: epochMs.optional(),
  last_login_option: catalogueSchema(lastLoginOptions).optional(),
  search_by_mid: search,
  search_by_device_code: search,
  sort_by: catalogueSchema(tcnDeviceSorts).default(TcnDeviceSort.created_at_desc),
})
export type TcnDeviceFilterRequest = z.input<typeof tcnDeviceFilterRequest>
export type TcnDeviceFilter = z.output<typeof tcnDeviceFilterRequest>

/** The machine a device drives or is mounted on, as the lists show it. */
export const deviceMachineRef = z.object({
  machine_id: z.number().int(),
  alias: z.string(),
  serial_number: z.string(),
  location: z.string(),
})
export type DeviceMachineRef = z.infer<typeof deviceMachineRef>

/** A TCN vending controller board: its MID (merchant/machine id issued by TCN) and the machine it drives. */
export const tcnDevice = z.object({
  id: z.number().int(),
  mid: z.string(),
  device_code: z.string(),
  machine: deviceMachineRef.nullable(),
  firmware_version: z.string(),
  last_login: epochMs.nullable(),
  is_online: z.boolean(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type TcnDevice = z.infer<typeof tcnDevice>

export const tcnDeviceFilterResponse = envelope(
  z.object({ devices: z.array(tcnDevice), count: z.number().int().min(0) }),
)
export type TcnDeviceFilterData = z.infer<typeof tcnDeviceFilterResponse>['data']
export const tcnDeviceResponse = envelope(tcnDevice)

/** POST /iot/devices/filter (B §7): the dashboard (screen) devices. */
export const deviceFilterRequest = z.strictObject({
  ...paging,
  created_at_lower: epochMs.optional(),
  created_at_upper: epochMs.optional(),
  screen_type: catalogueSchema(screenTypes).optional(),
  device_code_list: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
  search_by_device_code: search,
  sort_by: catalogueSchema(deviceSorts).default(DeviceSort.created_at_desc),
})
export type DeviceFilterRequest = z.input<typeof deviceFilterRequest>
export type DeviceFilter = z.output<typeof deviceFilterRequest>

/** A dashboard device: the screen unit (tablet or head) of a machine, which receives commands. */
export const dashboardDevice = z.object({
  id: z.number().int(),
  device_code: z.string(),
  name: z.string(),
  screen_type: z.number().int(),
  machine: deviceMachineRef.nullable(),
  app_version: z.string(),
  last_seen: epochMs.nullable(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type DashboardDevice = z.infer<typeof dashboardDevice>

export const deviceFilterResponse = envelope(
  z.object({ devices: z.array(dashboardDevice), count: z.number().int().min(0) }),
)
export type DeviceFilterData = z.infer<typeof deviceFilterResponse>['data']

/** A command sent to a device and how far the device got with it (CommandStatus: pending, received, started). */
export const deviceCommand = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  command_code: z.string(),
  status: z.string(),
  created_by: z.string().nullable(),
  created_at: epochMs,
  updated_at: epochMs,
  /**
   * How the machine command carrying it is getting on (decision 0109): queued, delivered, succeeded, failed or expired;
   * null when the device is fitted to no machine, so nothing can carry it.
   */
  delivery: catalogueSchema(machineCommandStatuses).nullable(),
  /** What the machine said with its result. */
  delivery_message: z.string().nullable(),
})
export type DeviceCommand = z.infer<typeof deviceCommand>

/** GET /iot/devices/{id}: the device and its latest commands, newest first. */
export const deviceDetail = dashboardDevice.extend({ commands: z.array(deviceCommand) })
export type DeviceDetail = z.infer<typeof deviceDetail>
export const deviceDetailResponse = envelope(deviceDetail)

/** POST /iot/devices/{id}/commands: the new command is Pending until the device picks it up. */
export const createDeviceCommandRequest = z.strictObject({
  command_code: catalogueSchema(deviceCommandCodes),
})
export type CreateDeviceCommandRequest = z.infer<typeof createDeviceCommandRequest>
export const deviceCommandResponse = envelope(deviceCommand)

export const deviceIdParams = z.strictObject({ id: z.coerce.number().int().positive().describe('device id') })

/** How many commands the device detail shows. */
export const DEVICE_COMMANDS_SHOWN = 50

/** Status values of commands, for the detail's badges. */
export const deviceCommandStatusSchema = catalogueSchema(commandStatuses)
