import { describe, expect, it } from 'vitest'
import { itLabels, itListsValues } from '../test-support'
import {
  CommandStatus,
  commandStatuses,
  CreditMode,
  creditModes,
  DisconnectReason,
  disconnectReasons,
  MachineActiveFilter,
  machineActiveFilters,
  MachineStatus,
  machineStatuses,
  machineStatusOrDefault,
  ScreenType,
  screenTypes,
  ServiceLogGroup,
  serviceLogGroups,
  SlotSelectionMode,
  slotSelectionModes,
  TerminalKind,
  terminalKinds,
  VmcType,
  vmcTypes,
} from './machine'

describe('catalogue sizes', () => {
  itListsValues(machineStatuses, MachineStatus, 8)
  itListsValues(machineActiveFilters, MachineActiveFilter, 3)
  itListsValues(vmcTypes, VmcType, 27)
  itListsValues(slotSelectionModes, SlotSelectionMode, 3)
  itListsValues(screenTypes, ScreenType, 3)
  itListsValues(commandStatuses, CommandStatus, 3)
  itListsValues(disconnectReasons, DisconnectReason, 3)
  itListsValues(creditModes, CreditMode, 4)
  itListsValues(serviceLogGroups, ServiceLogGroup, 7)
  itListsValues(terminalKinds, TerminalKind, 7)
})

// Machine status: -9 Inactive, 0 Uninitialized, 1 Ready, 2 Warning, 3 Busy, 4 Error, 5 Updating, 6 Offline.
itLabels(machineStatuses, [
  [-9, 'Inactive'],
  [0, 'Uninitialized'],
  [1, 'Ready'],
  [2, 'Warning'],
  [3, 'Busy'],
  [4, 'Error'],
  [5, 'Updating'],
  [6, 'Offline'],
  [7, 'Unknown (7)'],
])

describe('machineStatusOrDefault: 6 Offline is the default when unknown', () => {
  it.each<[unknown, MachineStatus]>([
    [-9, MachineStatus.Inactive],
    [0, MachineStatus.Uninitialized],
    [4, MachineStatus.Error],
    [6, MachineStatus.Offline],
    [7, MachineStatus.Offline],
    [-1, MachineStatus.Offline],
    ['4', MachineStatus.Offline],
    [null, MachineStatus.Offline],
    [undefined, MachineStatus.Offline],
  ])('%j → %i', (value, status) => {
    expect(machineStatusOrDefault(value)).toBe(status)
  })
})

// active_filter: 0 All, 1 Active, 2 Inactive (ours).
itLabels(machineActiveFilters, [
  [0, 'All'],
  [1, 'Active'],
  [2, 'Inactive'],
])

// VMC types 0 to 26: None, VCCS, several MDB variants, TCN, SDK types, an OCPP type, Test VMC, Fuji, Adimac.
itLabels(vmcTypes, [
  [0, 'None'],
  [1, 'VCCS'],
  [2, 'MDB'],
  [8, 'TCN'],
  [10, 'SDK'],
  [13, 'OCPP'],
  [14, 'Test VMC'],
  [15, 'Fuji'],
  [16, 'Adimac'],
  [27, 'Unknown (27)'],
])

describe('VMC types', () => {
  it('are numbered 0 to 26 with unique names and several MDB variants', () => {
    expect(vmcTypes.values).toEqual(Array.from({ length: 27 }, (_, i) => i))
    const labels = vmcTypes.entries.map((e) => e.label)
    expect(new Set(labels).size).toBe(27)
    expect(labels.filter((l) => l.startsWith('MDB')).length).toBeGreaterThan(1)
    expect(labels.filter((l) => l.startsWith('SDK')).length).toBeGreaterThan(1)
  })
})

// Slot selection modes: Default 1, All current items 2, Custom 3. Screen types: Headless 1, Default 2, Web View 3.
itLabels(slotSelectionModes, [
  [1, 'Default'],
  [2, 'All current items'],
  [3, 'Custom'],
])
itLabels(screenTypes, [
  [1, 'Headless'],
  [2, 'Default'],
  [3, 'Web View'],
  [0, 'Unknown (0)'],
])

// Command status: pending, received, started.
itLabels(commandStatuses, [
  ['pending', 'Pending'],
  ['received', 'Received'],
  ['started', 'Started'],
  ['done', 'Unknown (done)'],
])

// Disconnect reasons: 0 power off, 1 network timeout, 2 server disconnect.
itLabels(disconnectReasons, [
  [0, 'Power Off'],
  [1, 'Network Timeout'],
  [2, 'Server Disconnect'],
])

// Credit mode: 1 addition, 2 consumed, 3 cash refund, 4 timeout.
itLabels(creditModes, [
  [1, 'Addition'],
  [2, 'Consumed'],
  [3, 'Cash Refund'],
  [4, 'Timeout'],
  [0, 'Unknown (0)'],
])

// Service log groups: application, core service, launcher, machine controller, payment, web, charge point.
describe('service log groups', () => {
  it('are the spec names in order', () => {
    expect(serviceLogGroups.entries.map((e) => e.label)).toEqual([
      'Application',
      'Core Service',
      'Launcher',
      'Machine Controller',
      'Payment',
      'Web',
      'Charge Point',
    ])
  })
})

// Terminal kinds: POS, VPOS, VTPOS, RFID, CGW variants.
describe('terminal kinds', () => {
  it('start with POS, VPOS, VTPOS, RFID and then CGW variants', () => {
    expect(terminalKinds.values.slice(0, 4)).toEqual(['POS', 'VPOS', 'VTPOS', 'RFID'])
    for (const kind of terminalKinds.values.slice(4)) expect(kind).toMatch(/^CGW/)
  })
})
