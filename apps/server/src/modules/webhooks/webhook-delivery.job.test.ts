import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_DELAYS_MS, retrySchedule } from './webhook-delivery.job'

/* The retry schedule of webhook deliveries (decision 0112): doubling waits that end 24 hours after the first try. */

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('the retry schedule', () => {
  it('doubles from a minute, waits at most 6 h, and makes its last attempt 24 h after the first', () => {
    expect(DEFAULT_RETRY_DELAYS_MS.slice(0, 9)).toEqual(
      [1, 2, 4, 8, 16, 32, 64, 128, 256].map((m) => m * MINUTE),
    )
    expect(DEFAULT_RETRY_DELAYS_MS.slice(9)).toEqual([6 * HOUR, 6 * HOUR, 3 * HOUR + 29 * MINUTE])
    expect(DEFAULT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(24 * HOUR)
    // Thirteen attempts in all: the first and twelve retries.
    expect(DEFAULT_RETRY_DELAYS_MS).toHaveLength(12)
  })

  it('ends exactly at the window whatever the steps', () => {
    for (const [first, cap, window] of [
      [1_000, 10_000, 60_000],
      [7, 7, 100],
      [5 * MINUTE, HOUR, 24 * HOUR],
    ] as const) {
      const delays = retrySchedule(first, cap, window)
      expect(delays.reduce((a, b) => a + b, 0)).toBe(window)
      expect(delays.every((d) => d > 0 && d <= cap)).toBe(true)
    }
  })
})
