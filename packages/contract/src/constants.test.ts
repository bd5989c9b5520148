import { describe, expect, it } from 'vitest'
import * as c from './constants'

describe('timings of A §9', () => {
  it.each([
    ['IDLE_TIMEOUT_S', c.IDLE_TIMEOUT_S, 900],
    ['IDLE_REMINDER_S', c.IDLE_REMINDER_S, 30],
    ['TOKEN_REFRESH_MS', c.TOKEN_REFRESH_MS, 240_000],
    ['REFRESH_TOKEN_VALIDITY_DAYS', c.REFRESH_TOKEN_VALIDITY_DAYS, 7],
    ['TOAST_DEFAULT_TIMEOUT_MS', c.TOAST_DEFAULT_TIMEOUT_MS, 100_000],
    ['POLICY_TOAST_MS', c.POLICY_TOAST_MS, 5000],
    ['ERROR_TOAST_MS', c.ERROR_TOAST_MS, 5000],
    ['RELOAD_GUARD_MS', c.RELOAD_GUARD_MS, 60_000],
    ['PENDING_MIN_MS', c.PENDING_MIN_MS, 200],
    ['TOOLTIP_HIDE_DELAY_MS', c.TOOLTIP_HIDE_DELAY_MS, 300],
    ['SCROLL_DURATION_MS', c.SCROLL_DURATION_MS, 300],
    ['LANGUAGE_COOKIE_DAYS', c.LANGUAGE_COOKIE_DAYS, 365],
    ['ENTITY_CHILD_CHECK_LIMIT', c.ENTITY_CHILD_CHECK_LIMIT, 1],
    ['ENTITY_LIST_LIMIT', c.ENTITY_LIST_LIMIT, 1000],
    ['INITIALS_LETTERS', c.INITIALS_LETTERS, 2],
  ])('%s is %i', (_name, value, expected) => {
    expect(value).toBe(expected)
  })

  it('refreshes the token well within the idle timeout', () => {
    expect(c.TOKEN_REFRESH_MS).toBeLessThan(c.IDLE_TIMEOUT_S * 1000)
  })
})

describe('interface constants of A §9', () => {
  it('has modal sizes xs to 3xl, default 3xl', () => {
    expect(c.MODAL_SIZES).toEqual(['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'])
    expect(c.MODAL_DEFAULT_SIZE).toBe('3xl')
  })

  it('has tooltip defaults bottom-start, distance 5, skid 0', () => {
    expect(c.TOOLTIP_DEFAULTS).toEqual({ placement: 'bottom-start', distance: 5, skid: 0 })
  })

  it('has the 14 button variants in order', () => {
    expect(c.BUTTON_VARIANTS).toEqual(
      'primary, primaryBasic, secondary, secondaryBasic, info, infoBasic, positive, positiveBasic, warning, warningBasic, error, errorBasic, disabled, classic'.split(
        ', ',
      ),
    )
  })

  it('has button sizes sm to 2xl and type button by default', () => {
    expect(c.BUTTON_SIZES).toEqual(['sm', 'md', 'lg', 'xl', '2xl'])
    expect(c.BUTTON_DEFAULT_TYPE).toBe('button')
  })

  it('has the loader variants', () => {
    expect(c.LOADER_VARIANTS).toEqual(['primary', 'info', 'positive', 'warning', 'error', 'secondary'])
  })

  it('has breakpoints 640, 1024, 1280, 1536', () => {
    expect(c.BREAKPOINTS).toEqual({ sm: 640, lg: 1024, xl: 1280, '2xl': 1536 })
  })
})

// B §9: templates 25; drivers 10 or 20 on the dashboard variant; machine order items 50; machines 20; test results
// 25; maintenance summaries 25; transactions 50; SKUs 25; devices (TCN) 50; devices (dashboard) 25; locations 20;
// charging sessions 20; tariffs 25; campaigns 5; cases 20; persons 20; employees 20; payout and invoice 50;
// credit logs 50.
describe('PAGE_SIZES of B §9', () => {
  it.each([
    ['templates', 25],
    ['drivers', 10],
    ['driversDashboard', 20],
    ['machineOrderItems', 50],
    ['machines', 20],
    ['testResults', 25],
    ['maintenanceSummaries', 25],
    ['transactions', 50],
    ['skus', 25],
    ['tcnDevices', 50],
    ['dashboardDevices', 25],
    ['locations', 20],
    ['chargingSessions', 20],
    ['tariffs', 25],
    ['campaigns', 5],
    ['cases', 20],
    ['persons', 20],
    ['employees', 20],
    ['payouts', 50],
    ['invoices', 50],
    ['creditLogs', 50],
  ] as const)('%s: %i', (key, size) => {
    expect(c.PAGE_SIZES[key]).toBe(size)
  })

  it('has 21 lists', () => {
    expect(Object.keys(c.PAGE_SIZES)).toHaveLength(21)
  })
})
