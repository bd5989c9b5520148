import { IDLE_REMINDER_S, IDLE_TIMEOUT_S } from '@portal/contract'
import { getRuntimeConfig } from './runtime-config'

export const IDLE_TIMEOUT_OVERRIDE_KEY = 'portal:test:idle-timeout-s'
export const IDLE_REMINDER_OVERRIDE_KEY = 'portal:test:idle-reminder-s'

function override(key: string): number | null {
  try {
    const raw = window.localStorage.getItem(key)
    const value = raw === null ? NaN : Number(raw)
    return Number.isFinite(value) && value > 0 ? value : null
  } catch {
    return null
  }
}

/**
 * The idle watcher's timings: the spec's 900 s and 30 s (A §9). Only when the server runs in test mode (never in
 * production) may a browser test shorten them through localStorage, so the real flow runs in seconds.
 */
export function idleTimings(): { timeoutS: number; reminderS: number } {
  if (!getRuntimeConfig().test_mode) return { timeoutS: IDLE_TIMEOUT_S, reminderS: IDLE_REMINDER_S }
  return {
    timeoutS: override(IDLE_TIMEOUT_OVERRIDE_KEY) ?? IDLE_TIMEOUT_S,
    reminderS: override(IDLE_REMINDER_OVERRIDE_KEY) ?? IDLE_REMINDER_S,
  }
}
