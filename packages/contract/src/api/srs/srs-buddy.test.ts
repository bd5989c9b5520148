import { describe, expect, it } from 'vitest'
import { itLabels } from '../../test-support'
import type { SrsComplianceInput } from './srs-buddy'
import {
  reactivatedStatus,
  reassignIssues,
  SRS_DAY_MS,
  srsBuddyFilterRequest,
  srsBuddyStatuses,
  srsComplianceOf,
  srsNextDueAt,
  srsReassignRequest,
  srsStatusRequest,
} from './srs-buddy'

const NOW = Date.UTC(2026, 10, 23, 4, 0, 0)
const HOUR = 3_600_000

describe('srsNextDueAt', () => {
  it.each([
    ['after enrolment when never tested', 1_000, null, 7, 1_000 + 7 * SRS_DAY_MS],
    ['after the last test', 1_000, 5_000, 3, 5_000 + 3 * SRS_DAY_MS],
    ['one day interval', 0, 0, 1, SRS_DAY_MS],
  ])('%s', (_, enrolled, last, days, due) => {
    expect(srsNextDueAt(enrolled, last, days)).toBe(due)
  })
})

describe('srsComplianceOf', () => {
  const base: SrsComplianceInput = {
    status: 'active',
    last_result: 'Negative',
    last_test_at: NOW - 2 * SRS_DAY_MS,
    next_due_at: NOW + SRS_DAY_MS,
  }
  it.each<[string, Partial<SrsComplianceInput>, string | null]>([
    ['tested negative, not yet due → Compliant', {}, 'Compliant'],
    ['inactive → none, whatever else', { status: 'inactive', last_result: 'Positive' }, null],
    ['last result Positive → Failed, even when due later', { last_result: 'Positive' }, 'Failed'],
    [
      'Positive and overdue → Failed (follow-up first)',
      { last_result: 'Positive', next_due_at: NOW - 1 },
      'Failed',
    ],
    ['last result Inconclusive → Error (retest)', { last_result: 'Inconclusive' }, 'Error'],
    ['last result Unknown → Error', { last_result: 'Unknown' }, 'Error'],
    ['a result outside the catalogue → Error', { last_result: 'Smudged' }, 'Error'],
    ['Collected (awaiting result) counts as on schedule', { last_result: 'Collected' }, 'Compliant'],
    ['overdue by 1 ms → Late', { next_due_at: NOW - 1 }, 'Late'],
    ['due exactly now → not late yet', { next_due_at: NOW }, 'Compliant'],
    ['never tested, not due → Pending', { last_result: null, last_test_at: null }, 'Pending'],
    [
      'never tested, past due → Late',
      { last_result: null, last_test_at: null, next_due_at: NOW - HOUR },
      'Late',
    ],
    [
      'a pair needing a buddy is still judged by its tests',
      { status: 'unpaired', next_due_at: NOW - 1 },
      'Late',
    ],
  ])('%s', (_, change, expected) => {
    expect(srsComplianceOf({ ...base, ...change }, NOW)).toBe(expected)
  })
})

itLabels(srsBuddyStatuses, [
  ['active', 'Active'],
  ['unpaired', 'Needs a buddy'],
  ['inactive', 'Inactive'],
  ['paused', 'Unknown (paused)'],
])

describe('srsBuddyFilterRequest', () => {
  it('fills paging and the default order', () => {
    expect(srsBuddyFilterRequest.parse({})).toEqual({ limit: 25, offset: 0, sort_by: 'next_due' })
  })
  it.each<[string, unknown, string]>([
    ['an unknown status', { status_list: ['paused'] }, 'status_list.0'],
    ['a compliance a pair cannot have', { compliance_list: ['Exempted'] }, 'compliance_list.0'],
    ['a reversed range', { last_test_lower: 10, last_test_upper: 5 }, 'last_test_upper'],
    ['an unknown field', { colour: 'red' }, ''],
    ['a page too large', { limit: 501 }, 'limit'],
    ['an unknown order', { sort_by: 'colour' }, 'sort_by'],
    ['an empty search', { search: '  ' }, 'search'],
  ])('refuses %s', (_, body, path) => {
    const parsed = srsBuddyFilterRequest.safeParse(body)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })
})

describe('srsReassignRequest', () => {
  const good = {
    name: 'Ahmad Ismail',
    dial_code: '65',
    mobile_number: '91234567',
    national_id_last_four: '123a',
    reason: 'Moved shift',
  }
  it('trims and upper-cases what it keeps', () => {
    expect(srsReassignRequest.parse({ ...good, name: '  Ahmad Ismail ' })).toMatchObject({
      name: 'Ahmad Ismail',
      national_id_last_four: '123A',
    })
  })
  it.each<[string, Record<string, unknown>, string]>([
    ['a one-letter name', { name: 'A' }, 'name'],
    ['a dial code not offered', { dial_code: '1' }, 'dial_code'],
    ['a mobile with spaces', { mobile_number: '9123 4567' }, 'mobile_number'],
    ['a mobile with the country code', { mobile_number: '+6591234567' }, 'mobile_number'],
    ['a full NRIC', { national_id_last_four: 'S1234567D' }, 'national_id_last_four'],
    ['a missing reason', { reason: ' ' }, 'reason'],
  ])('refuses %s, naming the field', (_, change, path) => {
    const parsed = srsReassignRequest.safeParse({ ...good, ...change })
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual([path])
  })
})

describe('srsStatusRequest', () => {
  it.each([
    [{ status: 'inactive', reason: 'Left the company' }, true],
    [{ status: 'active', reason: 'Rejoined' }, true],
    [{ status: 'unpaired', reason: 'Buddy left' }, false],
    [{ status: 'inactive' }, false],
  ])('%j → valid %s', (body, ok) => {
    expect(srsStatusRequest.safeParse(body).success).toBe(ok)
  })
})

describe('reassignIssues', () => {
  const person = { name: 'P', dial_code: '65', mobile_number: '90000001', national_id_last_four: '001A' }
  const buddy = { name: 'B', dial_code: '65', mobile_number: '90000002', national_id_last_four: '002B' }
  it.each([
    ['a new number', { dial_code: '65', mobile_number: '90000003' }, buddy, []],
    ['the person’s own number', { dial_code: '65', mobile_number: '90000001' }, buddy, ['mobile_number']],
    ['the current buddy again', { dial_code: '65', mobile_number: '90000002' }, buddy, ['mobile_number']],
    ['the same digits in another country', { dial_code: '60', mobile_number: '90000001' }, buddy, []],
    ['any other number when there is no buddy', { dial_code: '65', mobile_number: '90000002' }, null, []],
  ])('%s', (_, request, current, paths) => {
    expect(reassignIssues(request, { person, buddy: current }).map((i) => i.path)).toEqual(paths)
  })
})

describe('reactivatedStatus', () => {
  it.each([
    [true, 'active'],
    [false, 'unpaired'],
  ])('with a buddy %s → %s', (hasBuddy, status) => {
    expect(reactivatedStatus(hasBuddy)).toBe(status)
  })
})
