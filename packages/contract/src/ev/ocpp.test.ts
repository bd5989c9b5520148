import { describe, expect, it } from 'vitest'
import {
  authorizeToken,
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

describe('authorizeToken', () => {
  const token = (status: string, entity = 'EMSP', subscribed: string[] = ['CPO']) => ({
    entity_code: entity,
    status,
    subscribed_cpo_entities: subscribed,
  })
  it.each([
    ['an unknown token', undefined, 'CPO', 'Invalid'],
    ['a valid token on a CPO its driver subscribed to', token('ALLOWED'), 'CPO', 'Accepted'],
    ['a valid token on a CPO its driver did not subscribe to', token('ALLOWED'), 'VOLT', 'Invalid'],
    ['a valid token on its own entity’s chargers', token('ALLOWED', 'VOLT', []), 'VOLT', 'Accepted'],
    ['a valid token without a driver elsewhere', token('ALLOWED', 'EMSP', []), 'CPO', 'Invalid'],
    ['a blocked token', token('BLOCKED'), 'CPO', 'Blocked'],
    ['an expired token', token('EXPIRED'), 'CPO', 'Expired'],
    ['a token of a status not known', token('MAYBE'), 'CPO', 'Invalid'],
  ] as const)('%s → %s', (_label, facts, entity, answer) =>
    expect(authorizeToken(facts, entity)).toBe(answer),
  )
})
