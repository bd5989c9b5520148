import { defaultDateRange } from '@portal/contract'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

export interface SecondsRange {
  start: number
  end: number
}

const parse = (raw: string | null) => {
  if (raw === null || !/^\d{1,12}$/.test(raw)) return undefined
  return Number(raw)
}

/**
 * The list's date range in the URL as whole seconds (`start`, `end`), so the Failed shortcut can open the list
 * with given times; absent, the default of B §9 (seven days before the start of today to 23:59:59 today).
 */
export function useDateRange(): [SecondsRange, (next: SecondsRange) => void] {
  const [params, setParams] = useSearchParams()
  const startRaw = params.get('start')
  const endRaw = params.get('end')
  const range = useMemo(() => {
    const fallback = defaultDateRange(new Date())
    return { start: parse(startRaw) ?? fallback.start, end: parse(endRaw) ?? fallback.end }
  }, [startRaw, endRaw])
  const set = useCallback(
    (next: SecondsRange) => {
      setParams((prev) => {
        const p = new URLSearchParams(prev)
        p.set('start', String(next.start))
        p.set('end', String(next.end))
        p.delete('page')
        return p
      })
    },
    [setParams],
  )
  return [range, set]
}

/** Seconds as the value of a datetime-local input (local time). */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value back to whole seconds; the end keeps its minute's last second. */
export function fromLocalInput(value: string, end: boolean): number | undefined {
  const ms = new Date(value).getTime()
  if (Number.isNaN(ms)) return undefined
  return Math.floor(ms / 1000) + (end ? 59 : 0)
}

/** The /machine-orders Failed shortcut (B §2): status Failed (4) between the given times, in seconds. */
export function failedOrdersHref(start: number, end: number, machineId?: number): string {
  const p = new URLSearchParams({ status: '4', start: String(start), end: String(end) })
  if (machineId !== undefined) p.set('machine', String(machineId))
  return `/machine-orders?${p.toString()}`
}
