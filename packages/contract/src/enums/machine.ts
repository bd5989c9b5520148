import { catalogueOfStrings, defineCatalogue, isInCatalogue, type ValueOf } from '../catalogue'

export const MachineStatus = {
  Inactive: -9,
  Uninitialized: 0,
  Ready: 1,
  Warning: 2,
  Busy: 3,
  Error: 4,
  Updating: 5,
  Offline: 6,
} as const
export type MachineStatus = ValueOf<typeof MachineStatus>

export const machineStatuses = defineCatalogue('machine status', [
  [MachineStatus.Inactive, 'Inactive'],
  [MachineStatus.Uninitialized, 'Uninitialized'],
  [MachineStatus.Ready, 'Ready'],
  [MachineStatus.Warning, 'Warning'],
  [MachineStatus.Busy, 'Busy'],
  [MachineStatus.Error, 'Error'],
  [MachineStatus.Updating, 'Updating'],
  [MachineStatus.Offline, 'Offline'],
])

/** A machine whose status is missing or not in the catalogue counts as Offline (A §9). */
export function machineStatusOrDefault(value: unknown): MachineStatus {
  return isInCatalogue(machineStatuses, value) ? value : MachineStatus.Offline
}

/** The machine list's `active_filter` (B §7). The values are ours. */
export const MachineActiveFilter = { All: 0, Active: 1, Inactive: 2 } as const
export type MachineActiveFilter = ValueOf<typeof MachineActiveFilter>

export const machineActiveFilters = defineCatalogue('machine active filter', [
  [MachineActiveFilter.All, 'All'],
  [MachineActiveFilter.Active, 'Active'],
  [MachineActiveFilter.Inactive, 'Inactive'],
])

/**
 * Vending machine controller types 0–26. The spec names only None, VCCS, several MDB variants, TCN, SDK types,
 * an OCPP type, Test VMC, Fuji and Adimac, and says the full list is not shown: the values of those and every
 * other name here are ours.
 */
export const VmcType = {
  None: 0,
  Vccs: 1,
  Mdb: 2,
  MdbLevel2: 3,
  MdbLevel3: 4,
  MdbCashless2: 5,
  MdbMaster: 6,
  MdbSlave: 7,
  Tcn: 8,
  TcnLift: 9,
  Sdk: 10,
  SdkAndroid: 11,
  SdkSerial: 12,
  Ocpp: 13,
  TestVmc: 14,
  Fuji: 15,
  Adimac: 16,
  Sanden: 17,
  Crane: 18,
  Jofemar: 19,
  Bianchi: 20,
  Necta: 21,
  Azkoyen: 22,
  Seaga: 23,
  Fastcorp: 24,
  Kimma: 25,
  GenericSerial: 26,
} as const
export type VmcType = ValueOf<typeof VmcType>

export const vmcTypes = defineCatalogue('VMC type', [
  [VmcType.None, 'None'],
  [VmcType.Vccs, 'VCCS'],
  [VmcType.Mdb, 'MDB'],
  [VmcType.MdbLevel2, 'MDB Level 2'],
  [VmcType.MdbLevel3, 'MDB Level 3'],
  [VmcType.MdbCashless2, 'MDB Cashless 2'],
  [VmcType.MdbMaster, 'MDB Master'],
  [VmcType.MdbSlave, 'MDB Slave'],
  [VmcType.Tcn, 'TCN'],
  [VmcType.TcnLift, 'TCN Lift'],
  [VmcType.Sdk, 'SDK'],
  [VmcType.SdkAndroid, 'SDK Android'],
  [VmcType.SdkSerial, 'SDK Serial'],
  [VmcType.Ocpp, 'OCPP'],
  [VmcType.TestVmc, 'Test VMC'],
  [VmcType.Fuji, 'Fuji'],
  [VmcType.Adimac, 'Adimac'],
  [VmcType.Sanden, 'Sanden'],
  [VmcType.Crane, 'Crane'],
  [VmcType.Jofemar, 'Jofemar'],
  [VmcType.Bianchi, 'Bianchi'],
  [VmcType.Necta, 'Necta'],
  [VmcType.Azkoyen, 'Azkoyen'],
  [VmcType.Seaga, 'Seaga'],
  [VmcType.Fastcorp, 'Fastcorp'],
  [VmcType.Kimma, 'Kimma'],
  [VmcType.GenericSerial, 'Generic Serial'],
])

export const SlotSelectionMode = { Default: 1, AllCurrentItems: 2, Custom: 3 } as const
export type SlotSelectionMode = ValueOf<typeof SlotSelectionMode>

export const slotSelectionModes = defineCatalogue('slot selection mode', [
  [SlotSelectionMode.Default, 'Default'],
  [SlotSelectionMode.AllCurrentItems, 'All current items'],
  [SlotSelectionMode.Custom, 'Custom'],
])

export const ScreenType = { Headless: 1, Default: 2, WebView: 3 } as const
export type ScreenType = ValueOf<typeof ScreenType>

export const screenTypes = defineCatalogue('screen type', [
  [ScreenType.Headless, 'Headless'],
  [ScreenType.Default, 'Default'],
  [ScreenType.WebView, 'Web View'],
])

/** Status of a command sent to a machine. */
export const CommandStatus = { pending: 'pending', received: 'received', started: 'started' } as const
export type CommandStatus = ValueOf<typeof CommandStatus>

export const commandStatuses = defineCatalogue('command status', [
  [CommandStatus.pending, 'Pending'],
  [CommandStatus.received, 'Received'],
  [CommandStatus.started, 'Started'],
])

export const DisconnectReason = { PowerOff: 0, NetworkTimeout: 1, ServerDisconnect: 2 } as const
export type DisconnectReason = ValueOf<typeof DisconnectReason>

export const disconnectReasons = defineCatalogue('disconnect reason', [
  [DisconnectReason.PowerOff, 'Power Off'],
  [DisconnectReason.NetworkTimeout, 'Network Timeout'],
  [DisconnectReason.ServerDisconnect, 'Server Disconnect'],
])

/** Machine credit log mode (`mode` / `credit_mode`). */
export const CreditMode = { Addition: 1, Consumed: 2, CashRefund: 3, Timeout: 4 } as const
export type CreditMode = ValueOf<typeof CreditMode>

export const creditModes = defineCatalogue('credit mode', [
  [CreditMode.Addition, 'Addition'],
  [CreditMode.Consumed, 'Consumed'],
  [CreditMode.CashRefund, 'Cash Refund'],
  [CreditMode.Timeout, 'Timeout'],
])

/** Service log groups. The spec gives the names; the codes are ours. */
export const ServiceLogGroup = {
  application: 'application',
  core_service: 'core_service',
  launcher: 'launcher',
  machine_controller: 'machine_controller',
  payment: 'payment',
  web: 'web',
  charge_point: 'charge_point',
} as const
export type ServiceLogGroup = ValueOf<typeof ServiceLogGroup>

export const serviceLogGroups = defineCatalogue('service log group', [
  [ServiceLogGroup.application, 'Application'],
  [ServiceLogGroup.core_service, 'Core Service'],
  [ServiceLogGroup.launcher, 'Launcher'],
  [ServiceLogGroup.machine_controller, 'Machine Controller'],
  [ServiceLogGroup.payment, 'Payment'],
  [ServiceLogGroup.web, 'Web'],
  [ServiceLogGroup.charge_point, 'Charge Point'],
])

/**
 * Payment terminal kinds. The spec lists POS, VPOS, VTPOS, RFID and unnamed "CGW variants";
 * the three CGW codes are ours.
 */
export const TerminalKind = {
  POS: 'POS',
  VPOS: 'VPOS',
  VTPOS: 'VTPOS',
  RFID: 'RFID',
  CGW: 'CGW',
  CGW_QR: 'CGW_QR',
  CGW_CARD: 'CGW_CARD',
} as const
export type TerminalKind = ValueOf<typeof TerminalKind>

export const terminalKinds = catalogueOfStrings('terminal kind', Object.values(TerminalKind))
