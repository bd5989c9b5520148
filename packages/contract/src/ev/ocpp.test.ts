import { describe, expect, it } from 'vitest'
import {
  connectorStatusOfOcpp,
  evseStatusOfConnector,
  evseStatusOfConnectors,
  isOcppProtocol,
  OCPP_IDENTITY_PATTERN,
  ocppErrorCode,
  ocppProtocolLabel,
} from './ocpp'

describe('connectorStatusOfOcpp', () => {
  it.each([
    // 1.6 ChargePointStatus
    ['Available', 'AVAILABLE'],
    ['Preparing', 'PREPARING'],
    ['Charging', 'CHARGING'],
    ['SuspendedEVSE', 'SUSPENDEDEVSE'],
    ['SuspendedEV', 'SUSPENDEDEV'],
    ['Finishing', 'FINISHING'],
    ['Reserved', 'RESERVED'],
    ['Unavailable', 'UNAVAILABLE'],
    ['Faulted', 'FAULTED'],
    // 2.0.1 ConnectorStatusEnumType
    ['Occupied', 'OCCUPIED'],
    // neither
    ['available', 'UNKNOWN'],
    ['Broken', 'UNKNOWN'],
    ['', 'UNKNOWN'],
    ['__proto__', 'UNKNOWN'],
  ])('%s → %s', (ocpp, portal) => expect(connectorStatusOfOcpp(ocpp)).toBe(portal))
})

describe('evseStatusOfConnector', () => {
  it.each([
    ['AVAILABLE', 'AVAILABLE'],
    ['PREPARING', 'CHARGING'],
    ['CHARGING', 'CHARGING'],
    ['SUSPENDEDEV', 'CHARGING'],
    ['SUSPENDEDEVSE', 'CHARGING'],
    ['FINISHING', 'CHARGING'],
    ['OCCUPIED', 'CHARGING'],
    ['RESERVED', 'RESERVED'],
    ['UNAVAILABLE', 'OUTOFORDER'],
    ['FAULTED', 'OUTOFORDER'],
    ['UNKNOWN', 'UNKNOWN'],
  ] as const)('%s → %s', (connector, evse) => expect(evseStatusOfConnector(connector)).toBe(evse))
})

describe('evseStatusOfConnectors', () => {
  it.each([
    [[], 'UNKNOWN'],
    [['AVAILABLE'], 'AVAILABLE'],
    [['AVAILABLE', 'CHARGING'], 'CHARGING'],
    [['FAULTED', 'AVAILABLE'], 'AVAILABLE'],
    [['FAULTED', 'UNAVAILABLE'], 'OUTOFORDER'],
    [['RESERVED', 'AVAILABLE'], 'RESERVED'],
    [['UNKNOWN', 'FAULTED'], 'OUTOFORDER'],
  ] as const)('%j → %s', (connectors, evse) => expect(evseStatusOfConnectors(connectors)).toBe(evse))
})

describe('ocppErrorCode', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['NoError', null],
    ['GroundFailure', 'GroundFailure'],
    ['OtherError', 'OtherError'],
  ])('%s → %s', (code, kept) => expect(ocppErrorCode(code)).toBe(kept))
})

describe('identities and protocols', () => {
  it.each([
    ['SPK-TEST-01', true],
    ['CP_0001.a', true],
    ['a'.repeat(48), true],
    ['a'.repeat(49), false],
    ['', false],
    ['has:colon', false],
    ['has space', false],
    ['slash/es', false],
    ['ünïcode', false],
  ])('identity %j valid: %s', (identity, ok) => expect(OCPP_IDENTITY_PATTERN.test(identity)).toBe(ok))
  it.each([
    ['ocpp1.6', true],
    ['ocpp2.0.1', true],
    ['ocpp2.0', false],
    ['ocpp1.5', false],
    [undefined, false],
  ])('protocol %s known: %s', (p, ok) => expect(isOcppProtocol(p)).toBe(ok))
})

describe('ocppProtocolLabel', () => {
  it.each([
    ['ocpp1.6', 'OCPP 1.6-J'],
    ['ocpp2.0.1', 'OCPP 2.0.1'],
    ['ocpp2.1', 'ocpp2.1'],
  ])('%s → %s', (p, label) => expect(ocppProtocolLabel(p)).toBe(label))
})
