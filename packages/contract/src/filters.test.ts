import { describe, expect, it } from 'vitest'
import {
  cleanFilters,
  defaultDateRange,
  defaultDateRangeMs,
  sessionDefaultRangeMs,
  toggleOption,
  toMillis,
  toSeconds,
} from './filters'

// A §5 / B §5: optional filters are sent only when set or non-empty; id lists only when not empty.
describe('cleanFilters', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['   ', false],
    [[], false],
    [Number.NaN, false],
    [0, true],
    [false, true],
    [true, true],
    ['x', true],
    [' x ', true],
    [[0], true],
    [{}, true],
    [-1, true],
  ])('value %j is kept: %s', (value, kept) => {
    expect(Object.hasOwn(cleanFilters({ key: value }), 'key')).toBe(kept)
  })

  it('keeps the kept values as they are and does not touch the input', () => {
    const input = { limit: 20, offset: 0, uuid: '', status_list: [4], machine_id_list: [], start: undefined }
    expect(cleanFilters(input)).toEqual({ limit: 20, offset: 0, status_list: [4] })
    expect(input).toEqual({
      limit: 20,
      offset: 0,
      uuid: '',
      status_list: [4],
      machine_id_list: [],
      start: undefined,
    })
  })
})

describe('toSeconds and toMillis', () => {
  it.each([
    [0, 0],
    [999, 0],
    [1000, 1],
    [1999, 1],
    [1_763_900_000_123, 1_763_900_000],
    [-1, -1],
  ])('%d ms → %d s', (ms, s) => {
    expect(toSeconds(ms)).toBe(s)
    expect(toSeconds(new Date(ms))).toBe(s)
  })

  it('gives a Date in ms and leaves a number alone', () => {
    expect(toMillis(new Date(1_763_900_000_123))).toBe(1_763_900_000_123)
    expect(toMillis(42)).toBe(42)
  })
})

/** Local calendar fields of an instant, so the tests hold in any TZ. */
const fields = (ms: number) => {
  const d = new Date(ms)
  return [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
}

// B §9: seven days before the start of today to 23:59:59 today, sent in whole seconds.
describe('defaultDateRange', () => {
  it.each([
    [new Date(2026, 10, 23, 15, 4), [2026, 11, 16, 0, 0, 0], [2026, 11, 23, 23, 59, 59]],
    [new Date(2026, 10, 23, 0, 0, 0), [2026, 11, 16, 0, 0, 0], [2026, 11, 23, 23, 59, 59]],
    [new Date(2026, 10, 23, 23, 59, 59, 999), [2026, 11, 16, 0, 0, 0], [2026, 11, 23, 23, 59, 59]],
    [new Date(2026, 2, 3, 10, 0), [2026, 2, 24, 0, 0, 0], [2026, 3, 3, 23, 59, 59]],
    [new Date(2024, 2, 3, 10, 0), [2024, 2, 25, 0, 0, 0], [2024, 3, 3, 23, 59, 59]],
    [new Date(2026, 0, 2, 8, 30), [2025, 12, 26, 0, 0, 0], [2026, 1, 2, 23, 59, 59]],
  ])('on %s: from %j to %j', (now, start, end) => {
    const range = defaultDateRange(now)
    expect(Number.isInteger(range.start) && Number.isInteger(range.end)).toBe(true)
    expect(fields(range.start * 1000)).toEqual(start)
    expect(fields(range.end * 1000)).toEqual(end)
  })

  it('is the ms range in whole seconds, the ms range ending on the last millisecond of today', () => {
    const now = new Date(2026, 10, 23, 15, 4)
    const ms = defaultDateRangeMs(now)
    const s = defaultDateRange(now)
    expect(ms.start).toBe(s.start * 1000)
    expect(ms.end).toBe(s.end * 1000 + 999)
    expect(new Date(ms.end + 1).getDate()).toBe(24)
  })
})

// B §9: default session range starts 7 days before now.
describe('sessionDefaultRangeMs', () => {
  it('runs from 7 × 24 hours before now to now', () => {
    const now = new Date(2026, 10, 23, 15, 4, 5, 6)
    expect(sessionDefaultRangeMs(now)).toEqual({ from: now.getTime() - 604_800_000, to: now.getTime() })
  })
})

// B §4: toggling an already selected filter option removes it.
describe('toggleOption', () => {
  it.each([
    [[], 4, [4]],
    [[1, 2], 3, [1, 2, 3]],
    [[1, 2, 3], 2, [1, 3]],
    [[4], 4, []],
  ])('%j toggling %j → %j', (list, value, result) => {
    expect(toggleOption(list, value)).toEqual(result)
  })

  it('works on strings and leaves the input alone', () => {
    const list = ['AVAILABLE', 'CHARGING'] as const
    expect(toggleOption(list, 'AVAILABLE')).toEqual(['CHARGING'])
    expect(list).toEqual(['AVAILABLE', 'CHARGING'])
  })
})
