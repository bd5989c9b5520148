import type { DashboardSessionDetail } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { i18n } from '@/lib/i18n'
import { chargingDurationMs, dashboardColumns, resetColumnIds } from './dashboard-columns'
import { fullAddress, toDetailView } from './dashboard-detail-view'

/** B §3 "Columns on by default", Dashboard variant (User after the session id), exactly as written. */
const DEFAULT_COLUMNS = [
  'Charging Session ID',
  'User',
  'CPO Entity Name',
  'EMSP Entity Name',
  'EVSE ID',
  'Location Name',
  'Charger Type',
  'Max Power (kW)',
  'Location Address',
  'Connector Physical Reference',
  'Charging Status',
  'Stop Reason',
  'Protocol',
  'Payment Method',
  'Tariff ($/kWh)',
  'Total Energy (kWh)',
  'Total Energy Cost',
  'Total Idle Cost',
  'Total Hogging Cost',
  'Total Flat Cost',
  'Total Cost (incl. tax)',
  'Total Cost (excl. tax)',
  'Currency',
  'Start Time',
  'End Time',
  'Charging Duration',
  'Vehicle License Plate',
  'Invoice Reference ID',
]

const columns = dashboardColumns(i18n.t, (code) => (code === 'BUS' ? 'Busways Transit' : 'Unknown Entity'))

describe('dashboard session columns', () => {
  it('shows B §3’s columns by default, in order, with their labels', () => {
    expect(columns.filter((c) => c.defaultVisible !== false).map((c) => c.header)).toEqual(DEFAULT_COLUMNS)
  })

  it('hides the entity codes and the CDR token until asked for', () => {
    expect(columns.filter((c) => c.defaultVisible === false).map((c) => c.header)).toEqual([
      'CPO Entity Code',
      'EMSP Entity Code',
      'CDR Token',
    ])
  })

  it('Reset turns everything on except the entity code and the CDR token (B §3)', () => {
    const ids = resetColumnIds(columns)
    expect(ids).toHaveLength(DEFAULT_COLUMNS.length + 1)
    expect(ids).toContain('emsp_entity_code')
    expect(ids).not.toContain('cpo_entity_code')
    expect(ids).not.toContain('cdr_token')
  })

  it.each([
    [0, 0],
    [0.5, 1_800_000],
    [1.667, 6_001_200],
  ])('reads the charging duration from volumes.total_time_charged_hr %s h → %s ms', (hours, ms) => {
    expect(chargingDurationMs({ volumes: { total_time_charged_hr: hours } })).toBe(ms)
  })
})

describe('toDetailView', () => {
  const detail: DashboardSessionDetail = {
    _id: 'bus-1',
    externalId: 'BUS-S1',
    authorizationReference: 'A1',
    userName: 'Bus Captain Lim',
    userID: 'driver-1',
    entityCode: 'BUS',
    emspEntityCode: 'NOPE',
    evseId: 'SG*BUS*E1*1',
    evseExternalId: 'E1',
    location: 'Ang Mo Kio Depot',
    locationAddress: '1 Depot Rd',
    chargerType: 'DC',
    maxPowerKw: 150,
    connectorId: '2',
    connectorPhysicalReference: 'A1-2',
    state: 'COMPLETED',
    stopReason: null,
    protocol: 'OCPI',
    connectivity: 'ONLINE',
    paymentMethodCode: 'RFID',
    pricePerKwh: null,
    kWh: 100,
    costsByType: {
      energy: { exclVat: 50, inclVat: 54.5 },
      time: { exclVat: 0, inclVat: 0 },
      parkingTime: { exclVat: 1, inclVat: 1.09 },
      flat: { exclVat: 0, inclVat: 0 },
    },
    totalCost: 55.59,
    totalCostExclTax: 51,
    currency: 'SGD',
    startDateTime: 1,
    endDateTime: 2,
    lastUpdated: 2,
    volumes: { total_time_charged_hr: 1 },
    licensePlate: null,
    cdrToken: { entityCode: 'NOPE', licensePlate: null },
    invoiceReferenceId: null,
    locationCity: 'Singapore',
    locationPostalCode: '560000',
    operatorName: 'Depot Control',
    tariffName: null,
    durationMs: 1,
    paid: 0,
    refunded: 0,
    chargingPeriods: [],
  }

  it('maps the dashboard shape onto the shared detail, names resolved, totals with and without tax', () => {
    const view = toDetailView(
      detail,
      (code) => (code === 'BUS' ? 'Busways Transit' : 'Unknown Entity'),
      i18n.t,
    )
    expect(view).toMatchObject({
      id: 'bus-1',
      status: 'COMPLETED',
      totalCost: { exclVat: 51, inclVat: 55.59 },
      costsByType: { parkingTime: { exclVat: 1, inclVat: 1.09 } },
      cpoEntityName: 'Busways Transit',
      emspEntityName: 'Unknown Entity',
      locationAddress: '1 Depot Rd, Singapore, 560000',
      powerType: 'DC',
      userName: 'Bus Captain Lim',
      refunds: [],
    })
    expect(view.extraFacts).toEqual([
      { label: 'User ID', value: 'driver-1' },
      { label: 'Connectivity', value: 'ONLINE' },
    ])
  })
})

describe('fullAddress', () => {
  it.each([
    ['1 Depot Rd', 'Singapore', '560000', '1 Depot Rd, Singapore, 560000'],
    [
      '109 Upper Bukit Timah Rd, Singapore 582895',
      'Singapore',
      '582895',
      '109 Upper Bukit Timah Rd, Singapore 582895',
    ],
    ['1 Jalan Ampang', 'Kuala Lumpur', '', '1 Jalan Ampang, Kuala Lumpur'],
    ['', 'Singapore', '018989', 'Singapore, 018989'],
  ])('%s + %s + %s → %s', (locationAddress, locationCity, locationPostalCode, full) => {
    expect(fullAddress({ locationAddress, locationCity, locationPostalCode })).toBe(full)
  })
})
