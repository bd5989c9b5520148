import { defineCatalogue, type ValueOf } from '../catalogue'

// Devices (B §3 "Device (TCN)", B §7). The spec names the filters but not their values; the codes below are ours
// (docs/decisions/0018-devices-promotions.md). Screen types and command statuses live in enums/machine.ts.

/** The last-login filter of the TCN device list: how long ago a device last logged in. */
export const LastLoginOption = {
  within_24h: 'within_24h',
  within_7d: 'within_7d',
  within_30d: 'within_30d',
  over_30d: 'over_30d',
  never: 'never',
} as const
export type LastLoginOption = ValueOf<typeof LastLoginOption>

export const lastLoginOptions = defineCatalogue('last login option', [
  [LastLoginOption.within_24h, 'Within 24 hours'],
  [LastLoginOption.within_7d, 'Within 7 days'],
  [LastLoginOption.within_30d, 'Within 30 days'],
  [LastLoginOption.over_30d, 'More than 30 days ago'],
  [LastLoginOption.never, 'Never'],
])

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/**
 * The last-login window of an option, relative to `now`: `from`/`to` bound last_login (inclusive from, exclusive
 * to); `never` means no login at all. Pure, so the server and tests agree on the boundaries.
 */
export function lastLoginWindow(
  option: LastLoginOption,
  now: number,
): { never: true } | { never: false; from?: number; to?: number } {
  switch (option) {
    case LastLoginOption.within_24h:
      return { never: false, from: now - DAY_MS }
    case LastLoginOption.within_7d:
      return { never: false, from: now - 7 * DAY_MS }
    case LastLoginOption.within_30d:
      return { never: false, from: now - 30 * DAY_MS }
    case LastLoginOption.over_30d:
      return { never: false, to: now - 30 * DAY_MS }
    case LastLoginOption.never:
      return { never: true }
  }
}

/**
 * Sort orders of the TCN device list; the first is the default. Each sortable column has both directions, so the
 * list's header sorts it either way (`<column>_<asc|desc>`; decision 0065).
 */
export const TcnDeviceSort = {
  created_at_desc: 'created_at_desc',
  created_at_asc: 'created_at_asc',
  last_login_desc: 'last_login_desc',
  last_login_asc: 'last_login_asc',
  mid_asc: 'mid_asc',
  mid_desc: 'mid_desc',
} as const
export type TcnDeviceSort = ValueOf<typeof TcnDeviceSort>

export const tcnDeviceSorts = defineCatalogue('TCN device sort', [
  [TcnDeviceSort.created_at_desc, 'Newest first'],
  [TcnDeviceSort.created_at_asc, 'Oldest first'],
  [TcnDeviceSort.last_login_desc, 'Last login, latest first'],
  [TcnDeviceSort.last_login_asc, 'Last login, earliest first'],
  [TcnDeviceSort.mid_asc, 'MID, A to Z'],
  [TcnDeviceSort.mid_desc, 'MID, Z to A'],
])

/** Sort orders of the dashboard device list; the first is the default. Both directions of each column, as above. */
export const DeviceSort = {
  created_at_desc: 'created_at_desc',
  created_at_asc: 'created_at_asc',
  last_seen_desc: 'last_seen_desc',
  last_seen_asc: 'last_seen_asc',
  device_code_asc: 'device_code_asc',
  device_code_desc: 'device_code_desc',
} as const
export type DeviceSort = ValueOf<typeof DeviceSort>

export const deviceSorts = defineCatalogue('device sort', [
  [DeviceSort.created_at_desc, 'Newest first'],
  [DeviceSort.created_at_asc, 'Oldest first'],
  [DeviceSort.last_seen_desc, 'Last seen, latest first'],
  [DeviceSort.last_seen_asc, 'Last seen, earliest first'],
  [DeviceSort.device_code_asc, 'Device code, A to Z'],
  [DeviceSort.device_code_desc, 'Device code, Z to A'],
])

/** Commands an operator can send to a dashboard device. Each starts Pending (CommandStatus). */
export const DeviceCommandCode = {
  reboot: 'reboot',
  sync_planogram: 'sync_planogram',
  update_firmware: 'update_firmware',
  refresh_screen: 'refresh_screen',
  upload_logs: 'upload_logs',
  clear_cache: 'clear_cache',
} as const
export type DeviceCommandCode = ValueOf<typeof DeviceCommandCode>

export const deviceCommandCodes = defineCatalogue('device command', [
  [DeviceCommandCode.reboot, 'Reboot'],
  [DeviceCommandCode.sync_planogram, 'Sync planogram'],
  [DeviceCommandCode.update_firmware, 'Update firmware'],
  [DeviceCommandCode.refresh_screen, 'Refresh screen'],
  [DeviceCommandCode.upload_logs, 'Upload logs'],
  [DeviceCommandCode.clear_cache, 'Clear cache'],
])
