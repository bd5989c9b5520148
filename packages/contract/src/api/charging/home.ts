import { z } from 'zod'
import { evseStatuses } from '../../enums/ev-charging'
import { envelope, epochMs } from '../envelope'

/*
 * The CPO and EMSP home summaries (/cpo, /emsp; docs/decisions/0026-ev-home-users-devices.md). The spec names no
 * call for them: `GET /home/cpo` and `GET /home/emsp` on the charging network client. Sessions and energy come from
 * the daily rollups (ev_session_daily); money per currency from per-day groupings of the sessions that the server
 * keeps once a day has settled; so a summary costs about the same at a thousand sessions and at a million. "Today"
 * and "this month" are Singapore calendar days (UTC+8, no daylight saving). Money is in currency units.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Singapore (and Malaysia) keep UTC+8 all year: the rollups' day boundary. */
export const SGT_OFFSET_MS = 8 * HOUR_MS

/** The start (epoch ms) of the UTC+8 calendar day holding `ms`. */
export function sgtDayStart(ms: number): number {
  return Math.floor((ms + SGT_OFFSET_MS) / DAY_MS) * DAY_MS - SGT_OFFSET_MS
}

/** The start (epoch ms) of the UTC+8 calendar month holding `ms`. */
export function sgtMonthStart(ms: number): number {
  const local = new Date(ms + SGT_OFFSET_MS)
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SGT_OFFSET_MS
}

/** The `count` UTC+8 day starts ending with the day of `now`, oldest first (a trend's x axis). */
export function sgtDaysEndingAt(now: number, count: number): number[] {
  const today = sgtDayStart(now)
  return Array.from({ length: count }, (_, i) => today - (count - 1 - i) * DAY_MS)
}

/** The trend chart's default length; a query can ask for 7 to 90 days. */
export const HOME_TREND_DAYS = 30
/** How many locations (CPO) or partners (EMSP) the "top this month" lists show. */
export const HOME_TOP_COUNT = 5

/** GET /home/cpo and /home/emsp: only the trend's length can be chosen. */
export const chargingHomeQuery = z.strictObject({
  trend_days: z.coerce.number().int().min(7).max(90).default(HOME_TREND_DAYS),
})
export type ChargingHomeQuery = z.input<typeof chargingHomeQuery>

/**
 * Money of one currency. A network can charge in several (SparkGrid's Malaysian sites bill MYR, its Singapore sites
 * SGD): amounts are never added across currencies, so every money figure is a list with one entry per currency,
 * in the order of the summary's `currencies`.
 */
export const homeMoney = z.object({
  currency: z.string(),
  incl_vat: z.number(),
  excl_vat: z.number(),
})
export type HomeMoney = z.infer<typeof homeMoney>

export const homeRefund = z.object({ currency: z.string(), amount: z.number() })
export type HomeRefund = z.infer<typeof homeRefund>

/** A period's sessions and energy (from the daily rollups), what they cost, and the refunds issued in it. */
export const homeTotals = z.object({
  /** Start of the period (epoch ms, a UTC+8 day or month start). */
  from: epochMs,
  /** End of the period: the moment of the answer. */
  to: epochMs,
  sessions: z.number().int(),
  energy_kwh: z.number(),
  /** What the sessions started in the period cost, per currency. */
  revenue: z.array(homeMoney),
  /** Refunds issued in the period (by the refund's time), per currency. */
  refunded: z.array(homeRefund),
})
export type HomeTotals = z.infer<typeof homeTotals>

export const homeTrendPoint = z.object({
  /** The UTC+8 day's start, epoch ms. */
  day: epochMs,
  sessions: z.number().int(),
  energy_kwh: z.number(),
  /** Incl. tax, per currency (only currencies with sessions that day). */
  revenue: z.array(z.object({ currency: z.string(), incl_vat: z.number() })),
})
export type HomeTrendPoint = z.infer<typeof homeTrendPoint>

/** Sessions plugged in right now: ACTIVE (charging) and HOGGING (finished, still occupying the bay). */
export const homeActiveSessions = z.object({
  charging: z.number().int(),
  hogging: z.number().int(),
  total: z.number().int(),
})

const homeCommon = {
  /** The entity's own currency (its settings), listed first when it has revenue. */
  currency: z.string(),
  /** Every currency the figures hold, the entity's own first, then by revenue this month. */
  currencies: z.array(z.string()),
  generated_at: epochMs,
  today: homeTotals,
  month: homeTotals,
  active_sessions: homeActiveSessions,
  /** One point per UTC+8 day, oldest first, days without sessions as zeros. */
  trend: z.array(homeTrendPoint),
}

/** A location or partner of the "top this month" lists: ranked by energy delivered (comparable across currencies). */
const homeTopFigures = {
  sessions: z.number().int(),
  energy_kwh: z.number(),
  revenue: z.array(z.object({ currency: z.string(), incl_vat: z.number() })),
}

export const homeTopLocation = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string(),
  ...homeTopFigures,
})
export type HomeTopLocation = z.infer<typeof homeTopLocation>

/** The CPO's home (/cpo): its network and the sessions on its chargers. */
export const cpoHome = z.object({
  ...homeCommon,
  network: z.object({
    locations: z.number().int(),
    chargers: z.number().int(),
    chargers_online: z.number().int(),
    chargers_offline: z.number().int(),
    evses: z.number().int(),
    connectors: z.number().int(),
    /** Every EVSE status of the catalogue, in its order, with zeros (and unknown values the data holds, after). */
    evses_by_status: z.array(
      z.object({
        status: z.string().describe(`EVSE status: ${evseStatuses.values.join(', ')}`),
        count: z.number().int(),
      }),
    ),
  }),
  /** This month's locations by energy delivered, then sessions. */
  top_locations: z.array(homeTopLocation),
})
export type CpoHome = z.infer<typeof cpoHome>
export const cpoHomeResponse = envelope(z.object({ summary: cpoHome }))

export const homeTopPartner = z.object({
  /** The CPO entity whose chargers the EMSP's customers used. */
  entity_code: z.string(),
  name: z.string(),
  ...homeTopFigures,
})
export type HomeTopPartner = z.infer<typeof homeTopPartner>

/** The EMSP's home (/emsp): its customers' charging on every network, and its app users. */
export const emspHome = z.object({
  ...homeCommon,
  users: z.object({
    /** App users of the entity (ev_driver). */
    total: z.number().int(),
    registered: z.number().int(),
    /** Users with at least one session started this month (UTC+8). */
    active_this_month: z.number().int(),
  }),
  /** This month's CPO partners by energy delivered to the EMSP's customers, then sessions. */
  top_partners: z.array(homeTopPartner),
})
export type EmspHome = z.infer<typeof emspHome>
export const emspHomeResponse = envelope(z.object({ summary: emspHome }))
