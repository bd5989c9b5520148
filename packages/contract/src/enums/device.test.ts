import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { deviceCommandCodes, LastLoginOption, lastLoginOptions, lastLoginWindow } from './device'

const NOW = Date.UTC(2026, 10, 23)
const DAY = 86_400_000

describe('last login windows', () => {
  it.each([
    [LastLoginOption.within_24h, { never: false, from: NOW - DAY }],
    [LastLoginOption.within_7d, { never: false, from: NOW - 7 * DAY }],
    [LastLoginOption.within_30d, { never: false, from: NOW - 30 * DAY }],
    [LastLoginOption.over_30d, { never: false, to: NOW - 30 * DAY }],
    [LastLoginOption.never, { never: true }],
  ] as const)('%s', (option, window) => {
    expect(lastLoginWindow(option, NOW)).toEqual(window)
  })

  it('covers every option', () => {
    expect(lastLoginOptions.values).toEqual(Object.values(LastLoginOption))
  })
})

describe('device commands', () => {
  it.each([
    ['reboot', 'Reboot'],
    ['update_firmware', 'Update firmware'],
    ['format_disk', 'Unknown (format_disk)'],
  ])('%s is %s', (value, label) => {
    expect(labelOf(deviceCommandCodes, value)).toBe(label)
  })
})
