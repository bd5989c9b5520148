import type { CarbonProgrammeData } from '@portal/contract'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import {
  carbonFilterDefs,
  carbonFilters,
  carbonRecordBody,
  dayCount,
  dayEnd,
  daysBefore,
  dayStart,
  programmeToday,
  rangeOf,
} from './carbon-filters'

const listOf = listStateOf

const t = ((key: string) => key) as unknown as TFunction
const SGT = 8 * 3_600_000

describe('programme days (Singapore calendar)', () => {
  it.each([
    ['2026-11-24', Date.UTC(2026, 10, 24) - SGT],
    ['2026-01-01', Date.UTC(2026, 0, 1) - SGT],
    ['2024-02-29', Date.UTC(2024, 1, 29) - SGT],
    ['2026-02-30', undefined],
    ['2026-13-01', undefined],
    ['24/11/2026', undefined],
    ['', undefined],
  ])('%s starts at %s', (date, ms) => {
    expect(dayStart(date)).toBe(ms)
  })

  it('ends a day at its last millisecond', () => {
    expect(dayEnd('2026-11-24')).toBe(Date.UTC(2026, 10, 25) - SGT - 1)
    expect(dayEnd('nope')).toBeUndefined()
  })

  it.each([
    // 23:30 UTC on the 23rd is already the 24th in Singapore.
    [Date.UTC(2026, 10, 23, 23, 30), '2026-11-24'],
    [Date.UTC(2026, 10, 23, 15, 59), '2026-11-23'],
  ])('today at %i is %s', (now, today) => {
    expect(programmeToday(now)).toBe(today)
  })

  it('counts days back across a month end', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28')
    expect(daysBefore('2026-11-24', 29)).toBe('2026-10-26')
    expect(dayCount('2026-10-26', '2026-11-24')).toBe(30)
    expect(dayCount('x', '2026-11-24')).toBe(0)
  })
})

describe('carbon data filters', () => {
  const today = '2026-11-24'

  it('opens on the 30 days up to today, and keeps a valid range from the URL', () => {
    expect(rangeOf(listOf({}), today)).toEqual({ from: '2026-10-26', to: '2026-11-24' })
    expect(rangeOf(listOf({ from: '2026-09-01', to: '2026-09-30' }), today)).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
    })
    expect(rangeOf(listOf({ from: 'soon', to: '2026-02-31' }), today)).toEqual({
      from: '2026-10-26',
      to: '2026-11-24',
    })
  })

  it('sends the range in ms and leaves unset filters out', () => {
    expect(carbonFilters(listOf({ cpo: '', fo: '' }), today)).toEqual({
      date_time_from: Date.UTC(2026, 9, 26) - SGT,
      date_time_to: Date.UTC(2026, 10, 25) - SGT - 1,
    })
  })

  it('sends the partners and scenarios picked, and the page asked', () => {
    const list = listOf({ cpo: 'VOLT', fo: 'FLEET', scenario: ['Car (petrol)', 'Bus (diesel)'] })
    expect(carbonRecordBody(list, { limit: 20, offset: 40 }, today)).toEqual({
      limit: 20,
      offset: 40,
      date_time_from: Date.UTC(2026, 9, 26) - SGT,
      date_time_to: Date.UTC(2026, 10, 25) - SGT - 1,
      cpo_entity_code: 'VOLT',
      fo_entity_code: 'FLEET',
      scenario_list: ['Car (petrol)', 'Bus (diesel)'],
    })
  })

  const programme = (partners: CarbonProgrammeData['partners']): CarbonProgrammeData => ({
    programme: null,
    sides: [],
    partners,
    scenarios: ['Car (petrol)'],
  })

  it.each([
    ['a fleet owner: its CPOs', [{ entity_code: 'CPO', name: 'SparkGrid', role: 'CPO' as const }], ['cpo']],
    ['a CPO: its fleet owners', [{ entity_code: 'FLEET', name: 'Lion City', role: 'FO' as const }], ['fo']],
    [
      'the exchange: both',
      [
        { entity_code: 'CPO', name: 'SparkGrid', role: 'CPO' as const },
        { entity_code: 'FLEET', name: 'Lion City', role: 'FO' as const },
      ],
      ['cpo', 'fo'],
    ],
    ['no programme: neither', [], []],
  ])('offers the partner filters of %s', (_name, partners, selects) => {
    const defs = carbonFilterDefs(t, programme(partners))
    expect(defs.filter((d) => d.kind === 'select').map((d) => d.key)).toEqual(selects)
    expect(defs.map((d) => d.key)).toEqual(expect.arrayContaining(['scenario', 'from', 'to']))
  })
})
