import { describe, expect, it } from 'vitest'
import {
  BUS_SESSION_PAGE_SIZE,
  busSessionExportFilters,
  busSessionListQuery,
  busSessionListResponse,
  busSessionParams,
  dashboardSession,
  type DashboardSession,
} from './sessions'

const row: DashboardSession = {
  _id: 's-1',
  externalId: 'BUS-S00000001',
  authorizationReference: 'AUTH1',
  userName: 'Bus Captain Tan',
  userID: null,
  entityCode: 'BUS',
  emspEntityCode: 'BUS',
  evseId: 'SG*BUS*E1*1',
  evseExternalId: 'E1',
  location: 'Ang Mo Kio Depot',
  locationAddress: '1 Depot Road',
  chargerType: 'DC',
  maxPowerKw: 150,
  connectorId: '1',
  connectorPhysicalReference: 'A1-1',
  state: 'COMPLETED',
  stopReason: 'VEHICLE_BATTERY_LIMIT_REACHED',
  protocol: 'OCPI',
  connectivity: 'ONLINE',
  paymentMethodCode: 'RFID',
  pricePerKwh: { exclVat: 0.5, inclVat: 0.545 },
  kWh: 120.5,
  costsByType: {
    energy: { exclVat: 60.25, inclVat: 65.67 },
    time: { exclVat: 0, inclVat: 0 },
    parkingTime: { exclVat: 0, inclVat: 0 },
    flat: { exclVat: 0, inclVat: 0 },
  },
  totalCost: 65.67,
  totalCostExclTax: 60.25,
  currency: 'SGD',
  startDateTime: 1_700_000_000_000,
  endDateTime: 1_700_003_600_000,
  lastUpdated: 1_700_003_600_000,
  volumes: { total_time_charged_hr: 0.95 },
  licensePlate: 'SBS1234A',
  cdrToken: { entityCode: 'BUS', licensePlate: 'SBS1234A' },
  invoiceReferenceId: null,
}

describe('GET /v3/dashboard/sessions query', () => {
  it('pages 20 by default from the start', () => {
    expect(busSessionListQuery.parse({})).toMatchObject({ limit: BUS_SESSION_PAGE_SIZE, offset: 0 })
    expect(BUS_SESSION_PAGE_SIZE).toBe(20)
  })

  it('reads query text as numbers and one repeated value as a list', () => {
    expect(
      busSessionListQuery.parse({
        limit: '21',
        offset: '40',
        last_updated_from: '1700000000000',
        'status[]': 'COMPLETED',
        'license_plate[]': ['sbs1234a', ' SBS9A '],
      }),
    ).toMatchObject({
      limit: 21,
      offset: 40,
      last_updated_from: 1_700_000_000_000,
      'status[]': ['COMPLETED'],
      'license_plate[]': ['SBS1234A', 'SBS9A'],
    })
  })

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '1001' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ last_updated_to: 'today' }, 'last_updated_to'],
    [{ last_updated_from: '1.5' }, 'last_updated_from'],
    [{ 'status[]': 'DONE' }, 'status[]'],
    [{ status: ['COMPLETED', 'nope'] }, 'status'],
    [{ 'license_plate[]': '' }, 'license_plate[]'],
    [{ round_costs: 'yes' }, 'round_costs'],
    [{ sort: 'asc' }, ''],
  ])('rejects %j', (query, field) => {
    const result = busSessionListQuery.safeParse(query)
    expect(result.success).toBe(false)
    if (field) expect(result.error?.issues.map((i) => i.path[0])).toContain(field)
  })

  it('exports with the list filters but no paging', () => {
    expect(busSessionExportFilters.safeParse({ 'status[]': ['ACTIVE'] }).success).toBe(true)
    expect(busSessionExportFilters.safeParse({ limit: 20 }).success).toBe(false)
  })
})

describe('dashboard session shape', () => {
  it('carries every Dashboard variant field of B §3', () => {
    const fields = [
      '_id',
      'userName',
      'entityCode',
      'emspEntityCode',
      'evseId',
      'location',
      'locationAddress',
      'state',
      'stopReason',
      'connectivity',
      'paymentMethodCode',
      'kWh',
      'totalCost',
      'currency',
      'startDateTime',
      'endDateTime',
    ]
    expect(Object.keys(dashboardSession.shape)).toEqual(expect.arrayContaining(fields))
  })

  it('answers the list as a plain array, the whole body (B §7)', () => {
    expect(busSessionListResponse.parse([row])).toHaveLength(1)
    expect(busSessionListResponse.safeParse({ data: [row] }).success).toBe(false)
  })

  it.each([
    [{ id: 'abc' }, true],
    [{ id: '' }, false],
    [{ id: 'x'.repeat(65) }, false],
    [{ id: 'abc', other: '1' }, false],
  ])('params %j valid: %s', (params, ok) => {
    expect(busSessionParams.safeParse(params).success).toBe(ok)
  })
})
