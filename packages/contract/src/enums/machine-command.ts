import { defineCatalogue } from '../catalogue'

// Commands to a machine (issue 15, docs/decisions/0109-machine-commands.md).

export const MachineCommandCode = {
  reboot: 'reboot',
  sync_config: 'sync_config',
  set_price: 'set_price',
  disable_slot: 'disable_slot',
  enable_slot: 'enable_slot',
  test_dispense: 'test_dispense',
  set_service_mode: 'set_service_mode',
  device_command: 'device_command',
} as const
export type MachineCommandCode = (typeof MachineCommandCode)[keyof typeof MachineCommandCode]

export const machineCommandCodes = defineCatalogue('machine command', [
  [MachineCommandCode.reboot, 'Reboot'],
  [MachineCommandCode.sync_config, 'Sync configuration'],
  [MachineCommandCode.set_price, 'Set price'],
  [MachineCommandCode.disable_slot, 'Disable slot'],
  [MachineCommandCode.enable_slot, 'Enable slot'],
  [MachineCommandCode.test_dispense, 'Test dispense'],
  [MachineCommandCode.set_service_mode, 'Set service mode'],
  [MachineCommandCode.device_command, 'Device command'],
])

/**
 * A command's life: queued until the machine fetches it, delivered, then succeeded or failed as the machine reports;
 * expired when it was not finished within its time to live (a queued one is then never delivered).
 */
export const MachineCommandStatus = {
  queued: 'queued',
  delivered: 'delivered',
  succeeded: 'succeeded',
  failed: 'failed',
  expired: 'expired',
} as const
export type MachineCommandStatus = (typeof MachineCommandStatus)[keyof typeof MachineCommandStatus]

export const machineCommandStatuses = defineCatalogue('machine command status', [
  [MachineCommandStatus.queued, 'Queued'],
  [MachineCommandStatus.delivered, 'Delivered'],
  [MachineCommandStatus.succeeded, 'Succeeded'],
  [MachineCommandStatus.failed, 'Failed'],
  [MachineCommandStatus.expired, 'Expired'],
])

/** Whether a command is still on its way (the page keeps watching it). */
export const isCommandOpen = (status: MachineCommandStatus) =>
  status === MachineCommandStatus.queued || status === MachineCommandStatus.delivered

/**
 * A command's status as read at `now`: a command still queued or delivered past its time to live is expired (expiry
 * is a matter of time; nothing writes it).
 */
export function commandStatusAt(
  stored: MachineCommandStatus,
  expiresAt: number,
  now: number,
): MachineCommandStatus {
  return isCommandOpen(stored) && expiresAt <= now ? MachineCommandStatus.expired : stored
}
