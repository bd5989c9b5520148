import { describe, expect, it } from 'vitest'
import { baseOf, evseHref, evseStatusTone, formatKw, locationHref } from './location-format'
import { tileProbeUrl } from './map-tiles'

describe('baseOf', () => {
  it.each([
    ['/charge-locations', '/charge-locations'],
    ['/charge-locations/abc', '/charge-locations'],
    ['/charge-locations/abc/def', '/charge-locations'],
    ['/voltnet/charge-locations', '/voltnet/charge-locations'],
    ['/voltnet/charge-locations/abc/def', '/voltnet/charge-locations'],
    ['/busways-charge-locations/abc', '/busways-charge-locations'],
    ['/elsewhere', '/charge-locations'],
  ])('%s belongs to %s', (path, base) => expect(baseOf(path)).toBe(base))
})

describe('links', () => {
  it('builds the location and EVSE paths of the route table, encoded', () => {
    expect(locationHref('/voltnet/charge-locations', 'a b')).toBe('/voltnet/charge-locations/a%20b')
    expect(evseHref('/busways-charge-locations', 'loc', 'e/1')).toBe('/busways-charge-locations/loc/e%2F1')
  })
})

describe('EVSE status tones', () => {
  it.each([
    ['AVAILABLE', 'positive'],
    ['CHARGING', 'info'],
    ['RESERVED', 'warning'],
    ['BLOCKED', 'warning'],
    ['OUTOFORDER', 'error'],
    ['UNKNOWN', 'neutral'],
    ['SOMETHING', 'neutral'],
  ])('%s is %s', (status, tone) => expect(evseStatusTone(status)).toBe(tone))
})

describe('formatKw', () => {
  it('writes kW with at most one decimal', () => {
    expect(formatKw(7.4, 'en')).toBe('7.4 kW')
    expect(formatKw(350, 'en')).toBe('350 kW')
    expect(formatKw(null, 'en')).toBe('—')
  })
})

describe('tileProbeUrl', () => {
  it('asks for one tile over Singapore', () => {
    expect(tileProbeUrl('https://{s}.tile.example/{z}/{x}/{y}{r}.png')).toBe(
      'https://a.tile.example/10/807/508.png',
    )
  })
})
