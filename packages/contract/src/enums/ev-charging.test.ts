import { describe, expect, it } from 'vitest'
import { type Catalogue, type CatalogueValue } from '../catalogue'
import { itLabels } from '../test-support'
import {
  chargeProtocols,
  chargingSessionStatuses,
  ConnectorFormat,
  connectorFormats,
  connectorStandards,
  connectorStatuses,
  evseStatuses,
  evSessionStatuses,
  parkingRestrictions,
  powerTypes,
  stopReasons,
  tariffComponentTypes,
} from './ev-charging'

const SPEC_LISTS: { catalogue: Catalogue<CatalogueValue>; list: string }[] = [
  { catalogue: evseStatuses, list: 'AVAILABLE, BLOCKED, CHARGING, OUTOFORDER, RESERVED, UNKNOWN' },
  {
    catalogue: connectorStatuses,
    list: 'AVAILABLE, CHARGING, FAULTED, FINISHING, OCCUPIED, PREPARING, RESERVED, SUSPENDEDEV, SUSPENDEDEVSE, UNAVAILABLE, UNKNOWN',
  },
  { catalogue: chargingSessionStatuses, list: 'CREATED, STARTED, STOPPED, ABORTED, RESERVED' },
  {
    catalogue: evSessionStatuses,
    list: 'PENDING_PAYMENT, PENDING, RESERVATION, ACTIVE, STOPPED, HOGGING, COMPLETED, RESERVATION_FAILURE, START_FAILURE, STOP_FAILURE',
  },
  {
    catalogue: stopReasons,
    list: 'PRE_AUTH_AMOUNT_REACHED, VEHICLE_MANUAL_STOP, REMOTE_STOP, EMERGENCY_STOP, VEHICLE_BATTERY_LIMIT_REACHED, EVSE_OFFLINE, START_FAIL_PAY_INSUFFICIENT_FUNDS, START_FAIL_PAY_EXPIRED_CARD, START_FAIL_PAY_CURRENCY_NOT_SUPPORTED, START_FAIL_PAY_GENERIC_FAILURE, START_FAIL_PAY_EXCEEDED_CREDIT_LIMIT, CHARGER_FAILURE, CHARGER_REJECTED, CHARGER_TIMEOUT, DUPLICATE_SESSION, PAYMENT_TIMEOUT, PAYMENT_FAILURE, VOLTNET_TIMEOUT, TRICKLE_CHARGE_STOP, MAX_PRICE_REACHED, INTERNAL_SERVER_ERROR, PAYMENT_CANCELLED, UNKNOWN_PROTOCOL',
  },
  { catalogue: powerTypes, list: 'AC_1_PHASE, AC_3_PHASE, DC' },
  {
    catalogue: chargeProtocols,
    list: 'OCPI, PLUGIT, STARCHARGE, EVCS, BB3_OCPP, MODQTT, MOCK, OMNI, VIRTA, STEVE, CHARGEPLUS, CHARGECO, ONGRIZ',
  },
  { catalogue: parkingRestrictions, list: 'EV_ONLY, PLUGGED, DISABLED, CUSTOMERS, MOTORCYCLES' },
  {
    catalogue: tariffComponentTypes,
    list: 'ENERGY, FLAT, PARKING_TIME, TIME, RESERVATION, RESERVATION_EXPIRES',
  },
]

describe('EV code lists are exactly the spec lists, in order, labelled by their codes', () => {
  it.each(SPEC_LISTS)('$catalogue.name', ({ catalogue, list }) => {
    const values = list.split(', ')
    expect(catalogue.values).toEqual(values)
    expect(catalogue.entries.map((e) => e.label)).toEqual(values)
  })

  it('has all 23 stop reasons of A §8', () => {
    expect(stopReasons.values).toHaveLength(23)
  })

  it.each<{ catalogue: Catalogue<CatalogueValue>; count: number }>([
    { catalogue: evseStatuses, count: 6 },
    { catalogue: connectorStatuses, count: 11 },
    { catalogue: chargingSessionStatuses, count: 5 },
    { catalogue: evSessionStatuses, count: 10 },
    { catalogue: powerTypes, count: 3 },
    { catalogue: chargeProtocols, count: 13 },
    { catalogue: parkingRestrictions, count: 5 },
    { catalogue: tariffComponentTypes, count: 6 },
    { catalogue: connectorStandards, count: 37 },
    { catalogue: connectorFormats, count: 2 },
  ])('$catalogue.name has $count values', ({ catalogue, count }) => {
    expect(catalogue.values).toHaveLength(count)
  })
})

itLabels(evseStatuses, [
  ['OUTOFORDER', 'OUTOFORDER'],
  ['OUT_OF_ORDER', 'Unknown (OUT_OF_ORDER)'],
])
itLabels(stopReasons, [
  ['REMOTE_STOP', 'REMOTE_STOP'],
  ['BATTERY_FULL', 'Unknown (BATTERY_FULL)'],
])

describe('connector standards: the OCPI 2.2.1 ConnectorType list', () => {
  it.each(['CHADEMO', 'CHAOJI', 'GBT_AC', 'GBT_DC', 'IEC_62196_T2', 'IEC_62196_T2_COMBO', 'TESLA_S'])(
    'includes %s',
    (standard) => {
      expect(connectorStandards.values).toContain(standard)
    },
  )

  it('has DOMESTIC_A to DOMESTIC_L', () => {
    const domestic = connectorStandards.values.filter((v) => v.startsWith('DOMESTIC_'))
    expect(domestic).toEqual('ABCDEFGHIJKL'.split('').map((c) => `DOMESTIC_${c}`))
  })

  it('has the IEC 60309 and 62196 types', () => {
    expect(connectorStandards.values.filter((v) => v.startsWith('IEC_'))).toEqual([
      'IEC_60309_2_single_16',
      'IEC_60309_2_three_16',
      'IEC_60309_2_three_32',
      'IEC_60309_2_three_64',
      'IEC_62196_T1',
      'IEC_62196_T1_COMBO',
      'IEC_62196_T2',
      'IEC_62196_T2_COMBO',
      'IEC_62196_T3A',
      'IEC_62196_T3C',
    ])
  })
})

// Formats: Socket, Cable.
itLabels(connectorFormats, [
  [ConnectorFormat.SOCKET, 'Socket'],
  [ConnectorFormat.CABLE, 'Cable'],
  ['PLUG', 'Unknown (PLUG)'],
])
