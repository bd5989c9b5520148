import type { LiveEvent, LiveEventName } from '@portal/contract'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { openStream, reauthorize } from '../http'
import type { LiveStatus } from './live-connection'
import { LiveConnection } from './live-connection'

/** The portal's one live connection (the shell starts it when signed in and stops it when signed out). */
export const live = new LiveConnection({
  open: (headers, signal) => openStream('main', '/live', { headers, signal }),
  reauthorize,
  online: () => navigator.onLine,
})

/** How often screens refresh themselves while the stream cannot be held (`polling`). */
export const POLL_FALLBACK_MS = 15_000

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => live.onStatus(l),
    () => live.status,
  )
}

/**
 * Calls `handler` with each event of these names (and with nothing on a resync: events may have been missed). The
 * handler may change between renders; the subscription does not.
 */
export function useLiveEvents(
  names: readonly LiveEventName[] | undefined,
  handler: (event: LiveEvent | null) => void,
): void {
  const current = useRef(handler)
  current.current = handler
  const key = names?.join(',') ?? ''
  useEffect(() => {
    if (key === '') return
    const wanted = new Set(key.split(','))
    const offEvent = live.onEvent((event) => {
      if (wanted.has(event.name)) current.current(event)
    })
    const offResync = live.onResync(() => current.current(null))
    return () => {
      offEvent()
      offResync()
    }
  }, [key])
}

/**
 * Runs `refresh` after events of these names, at most once every `everyMs` (a burst of events is one refresh), and
 * on a timer while the stream is down (`polling`).
 */
export function useLiveRefresh(
  names: readonly LiveEventName[] | undefined,
  refresh: () => void,
  options: { everyMs?: number; when?: (event: LiveEvent) => boolean } = {},
): void {
  const everyMs = options.everyMs ?? 1_000
  const pending = useRef<number | null>(null)
  const latest = useRef({ refresh, when: options.when })
  latest.current = { refresh, when: options.when }
  useLiveEvents(names, (event) => {
    if (event !== null && latest.current.when && !latest.current.when(event)) return
    if (pending.current !== null) return
    pending.current = window.setTimeout(() => {
      pending.current = null
      latest.current.refresh()
    }, everyMs)
  })
  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current)
    },
    [],
  )
  const status = useLiveStatus()
  const active = names !== undefined && names.length > 0
  useEffect(() => {
    if (!active || status !== 'polling') return
    const timer = window.setInterval(() => latest.current.refresh(), POLL_FALLBACK_MS)
    return () => window.clearInterval(timer)
  }, [active, status])
}

/** How many orders an `order.created` stands for (a machine's batch may hold several); 1 for anything else. */
export function ordersIn(event: LiveEvent): number {
  return 'order_ids' in event.data ? event.data.order_ids.length : 1
}
