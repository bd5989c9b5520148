import { describe, expect, it } from 'vitest'
import type { ProbeState } from './tariff-paging'
import { nextPageOf, probeQueryOf, shouldProbe, TARIFFS_PAGE_SIZE } from './tariff-paging'

describe('the tariff next-page rule (B §4, B §8)', () => {
  it('pages by 25 (B §9)', () => {
    expect(TARIFFS_PAGE_SIZE).toBe(25)
  })

  it.each([
    [0, false],
    [1, false],
    [24, false],
    [25, true],
    // More than a page cannot come back (limit is the page size); it is not "equal", so no probe.
    [26, false],
  ])('a page of %i rows probes: %s', (count, probes) => {
    expect(shouldProbe(count)).toBe(probes)
  })

  const cases: [string, number | undefined, ProbeState | undefined, boolean | undefined][] = [
    ['the page is still loading', undefined, undefined, undefined],
    ['a short page: no next page, whatever a probe said', 24, { status: 'success', count: 1 }, false],
    ['an empty page', 0, undefined, false],
    ['a full page whose probe has not started', 25, undefined, undefined],
    ['a full page whose probe is loading', 25, { status: 'pending' }, undefined],
    ['a full page, the probe found a row', 25, { status: 'success', count: 1 }, true],
    ['a full page, the probe found nothing', 25, { status: 'success', count: 0 }, false],
    ['a full page, the probe failed: no next page (B §8)', 25, { status: 'error' }, false],
  ]
  it.each(cases)('%s', (_name, count, probe, expected) => {
    expect(nextPageOf(count, probe)).toBe(expected)
  })

  it('takes another page size', () => {
    expect(nextPageOf(10, { status: 'success', count: 3 }, 10)).toBe(true)
    expect(nextPageOf(10, { status: 'success', count: 3 })).toBe(false)
  })

  it('probes one row right after the page, with the same filters', () => {
    const query = {
      date_from: 1,
      date_to: 2,
      external_id: '-DC-',
      'entity_codes[]': ['CPO'],
      limit: 25,
      offset: 50,
    }
    expect(probeQueryOf(query)).toEqual({ ...query, limit: 1, offset: 75 })
    expect(probeQueryOf({ limit: 25 })).toEqual({ limit: 1, offset: 25 })
  })
})
