import { z } from 'zod'

/*
 * The live stream (issue 16, docs/decisions/0110-live-stream.md): GET /api/main/live answers text/event-stream.
 * Each event has an `id` (increasing; send the last one back as `Last-Event-ID` to resume), a name below, and JSON data
 * holding the ids a screen needs to bring itself up to date (it reads the rows again; the stream carries no rows).
 *
 * Besides these, the stream may say:
 * - `resync`: events may have been missed (the resume point is older than the events kept, or this server's feed
 *   was interrupted): read again whatever is on screen;
 * - `reauth`: the session's token or entity changed or ended: connect again with the current token;
 * - a comment line (`: keep-alive`) every 15 s, which keeps proxies from closing an idle stream.
 */

export const LiveEventName = {
  machineStatus: 'machine.status',
  orderCreated: 'order.created',
  chargerStatus: 'charger.status',
  connectorStatus: 'connector.status',
  sessionStarted: 'session.started',
  sessionUpdated: 'session.updated',
  sessionStopped: 'session.stopped',
  exportProgress: 'export.progress',
  alertRaised: 'alert.raised',
  alertUpdated: 'alert.updated',
} as const
export type LiveEventName = (typeof LiveEventName)[keyof typeof LiveEventName]
export const LIVE_EVENT_NAMES = Object.values(LiveEventName) as readonly LiveEventName[]

/** What the stream says besides events. */
export const LIVE_RESYNC = 'resync'
export const LIVE_REAUTH = 'reauth'

/** A comment line goes out this often when nothing else does. */
export const LIVE_KEEPALIVE_MS = 15_000
/** Events stay available to a resuming stream at least this long (the issue asks for five minutes). */
export const LIVE_RESUME_WINDOW_MS = 10 * 60_000
/** What the portal waits before connecting again, doubled after each failure up to the maximum. */
export const LIVE_RETRY_MS = { min: 1_000, max: 30_000 } as const

const id = z.number().int()

/** The data of each event. Fields are added over time; a client reads what it knows. */
export const liveEventData = {
  [LiveEventName.machineStatus]: z.object({ machine_id: id }),
  [LiveEventName.orderCreated]: z.object({ machine_id: id, order_ids: z.array(id) }),
  [LiveEventName.chargerStatus]: z.object({ charge_point: z.string(), location_id: id.nullable() }),
  [LiveEventName.connectorStatus]: z.object({
    charge_point: z.string(),
    location_id: id.nullable(),
    /** The connector's EVSE (roaming pushes that EVSE alone). */
    evse_id: id.optional(),
    status: z.string(),
  }),
  [LiveEventName.sessionStarted]: z.object({
    session: z.string(),
    charge_point: z.string(),
    status: z.string(),
  }),
  [LiveEventName.sessionUpdated]: z.object({ session: z.string(), charge_point: z.string() }),
  [LiveEventName.sessionStopped]: z.object({ session: z.string(), charge_point: z.string() }),
  [LiveEventName.exportProgress]: z.object({
    /** The export's uuid, as GET /exports/{uuid} takes it. */
    export_uuid: z.string(),
    status: z.number().int(),
    /** Rows written so far, as the export job's own `progress`. */
    progress: z.number().int().min(0),
  }),
  [LiveEventName.alertRaised]: z.object({ alert_id: id }),
  [LiveEventName.alertUpdated]: z.object({ alert_id: id }),
} satisfies Record<LiveEventName, z.ZodType>

export type LiveEventData<N extends LiveEventName> = z.infer<(typeof liveEventData)[N]>

/** One event as the portal receives it. */
export interface LiveEvent<N extends LiveEventName = LiveEventName> {
  id: string
  name: N
  data: LiveEventData<N>
}

export const isLiveEventName = (name: string): name is LiveEventName =>
  (LIVE_EVENT_NAMES as readonly string[]).includes(name)

/**
 * The `Last-Event-ID` a stream may resume from: the decimal id of an event it received. Anything else (a header
 * a proxy mangled, a negative number, something too long) is treated as no resume point at all.
 */
export function parseLastEventId(header: string | undefined): number | null {
  if (header === undefined) return null
  const text = header.trim()
  if (!/^\d{1,15}$/.test(text)) return null
  return Number(text)
}
