import { formatMoney, minorUnitDigits } from '@portal/contract'
import type { BadgeTone } from '@/components/ui/badge/badge'

/** Currency units (12.5) as the portal prints money ('SGD 12.50'), through the shared minor-unit formatter. */
export function formatUnits(amount: number, currency: string): string {
  return formatMoney(Math.round(amount * 10 ** minorUnitDigits(currency)), currency)
}

/** A short duration for timelines and tables: '1 h 05 min', '12 min', '45 s'. */
export function formatShortDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000))
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  if (hours > 0) return `${String(hours)} h ${String(minutes).padStart(2, '0')} min`
  if (minutes > 0) return `${String(minutes)} min`
  return `${String(seconds)} s`
}

/** kWh with up to 3 decimals, as charging screens show energy. */
export function formatKwh(kwh: number, language: string): string {
  return kwh.toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 3 })
}

/** How each EV session status reads at a glance (evSessionStatuses). */
const STATUS_TONES: Record<string, BadgeTone> = {
  COMPLETED: 'positive',
  ACTIVE: 'info',
  PENDING: 'info',
  PENDING_PAYMENT: 'warning',
  RESERVATION: 'info',
  HOGGING: 'warning',
  STOPPED: 'neutral',
  RESERVATION_FAILURE: 'error',
  START_FAILURE: 'error',
  STOP_FAILURE: 'error',
}

export function sessionStatusTone(status: string): BadgeTone {
  return STATUS_TONES[status] ?? 'neutral'
}
