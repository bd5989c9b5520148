import { describe, expect, it } from 'vitest'
import { itLabels } from '../../test-support'
import {
  availabilityOf,
  CHARGE_LOCATION_PAGE_SIZE,
  CHARGE_LOCATION_RESET,
  chargeLocationCountQuery,
  chargeLocationExportFilters,
  chargeLocationListQuery,
  evseCapabilities,
  EvseCapability,
  wattsToKw,
} from './locations'

/** Parses a query string the way Fastify hands it over: repeated keys become arrays, values are text. */
function queryOf(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(qs)) {
    const prev = out[key]
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  return out
}

describe('GET charge-points/{entity_code}/locations query', () => {
  it.each([
    ['', { limit: CHARGE_LOCATION_PAGE_SIZE, offset: 0 }],
    ['limit=21&offset=40', { limit: 21, offset: 40 }],
    ['name=%20Mall%20&city=Singapore', { name: 'Mall', city: 'Singapore' }],
    ['name=&address=&postal_code=', { name: undefined, address: undefined, postal_code: undefined }],
    ['country=sg', { country: 'SG' }],
    ['evse_status[]=AVAILABLE', { 'evse_status[]': ['AVAILABLE'] }],
    ['evse_status[]=AVAILABLE&evse_status[]=CHARGING', { 'evse_status[]': ['AVAILABLE', 'CHARGING'] }],
    ['evse_status=OUTOFORDER', { evse_status: ['OUTOFORDER'] }],
    ['connector_max_power_lower=50&connector_max_power_upper=150', { connector_max_power_lower: 50 }],
    ['connector_max_power_lower=7.4', { connector_max_power_lower: 7.4 }],
    ['connector_max_power_lower=&connector_max_power_upper=', { connector_max_power_lower: undefined }],
    ['connector_max_power_lower=22&connector_max_power_upper=22', { connector_max_power_upper: 22 }],
    ['connector_power_type=DC', { connector_power_type: 'DC' }],
    ['connector_power_type=ALL', { connector_power_type: 'ALL' }],
    ['entity_code=CPO&is_dashboard=true', { entity_code: 'CPO', is_dashboard: 'true' }],
  ])('accepts %s', (qs, expected) => {
    const parsed = chargeLocationListQuery.safeParse(queryOf(qs))
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
    expect(parsed.data).toMatchObject(expected)
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['country=SGP', 'country'],
    ['country=1', 'country'],
    ['evse_status[]=BROKEN', 'evse_status[]'],
    ['evse_status[]=AVAILABLE&evse_status[]=available', 'evse_status[]'],
    ['evse_status=FREE', 'evse_status'],
    ['connector_max_power_lower=fast', 'connector_max_power_lower'],
    ['connector_max_power_lower=-1', 'connector_max_power_lower'],
    ['connector_max_power_upper=10001', 'connector_max_power_upper'],
    ['connector_max_power_lower=150&connector_max_power_upper=50', 'connector_max_power_lower'],
    ['connector_power_type=AC', 'connector_power_type'],
    ['connector_power_type=dc', 'connector_power_type'],
    ['is_dashboard=yes', 'is_dashboard'],
    [`name=${'x'.repeat(201)}`, 'name'],
    ['colour=red', ''],
  ])('rejects %s, naming %s', (qs, field) => {
    const parsed = chargeLocationListQuery.safeParse(queryOf(qs))
    expect(parsed.success).toBe(false)
    const paths = parsed.error?.issues.map((i) => String(i.path[0] ?? '')) ?? []
    expect(paths).toContain(field)
  })

  it('the count, map and export take the same filters; the count ignores paging', () => {
    const qs = queryOf('country=MY&evse_status[]=CHARGING&connector_power_type=DC&limit=21&offset=20')
    expect(chargeLocationCountQuery.parse(qs)).toMatchObject({ country: 'MY', connector_power_type: 'DC' })
    expect(chargeLocationExportFilters.safeParse(qs).success).toBe(false)
    const { limit: _l, offset: _o, ...rest } = qs
    expect(chargeLocationExportFilters.parse(rest)).toMatchObject({ 'evse_status[]': ['CHARGING'] })
    expect(
      chargeLocationExportFilters.safeParse({ connector_max_power_lower: 100, connector_max_power_upper: 50 })
        .success,
    ).toBe(false)
  })

  it('resets to country SG and power type ALL (B §9)', () => {
    expect(CHARGE_LOCATION_RESET).toEqual({ country: 'SG', connector_power_type: 'ALL' })
  })
})

describe('wattsToKw', () => {
  it.each([
    [7400, 7.4],
    [22_000, 22],
    [7360, 7.4],
    [350_000, 350],
    [0, 0],
  ])('%d W is %d kW', (w, kw) => expect(wattsToKw(w)).toBe(kw))
})

describe('availabilityOf', () => {
  it.each([
    [{}, 'unknown'],
    [{ AVAILABLE: 1, CHARGING: 3 }, 'available'],
    [{ CHARGING: 2, OUTOFORDER: 1 }, 'busy'],
    [{ RESERVED: 1 }, 'busy'],
    [{ OUTOFORDER: 2, UNKNOWN: 1 }, 'down'],
    [{ UNKNOWN: 2 }, 'unknown'],
  ] as const)('%j is %s', (counts, expected) => expect(availabilityOf(counts)).toBe(expected))
})

describe('EVSE capabilities', () => {
  it('lists the 13 OCPI 2.2.1 capabilities in order', () => {
    expect(evseCapabilities.values).toEqual(Object.values(EvseCapability))
    expect(evseCapabilities.values).toHaveLength(13)
  })
})

itLabels(evseCapabilities, [
  ['RFID_READER', 'RFID reader'],
  ['REMOTE_START_STOP_CAPABLE', 'Remote start/stop'],
  ['TELEPORT', 'Unknown (TELEPORT)'],
])
