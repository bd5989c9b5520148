import { z } from 'zod'
import { evSessionStatuses } from '../../enums/ev-charging'
import { chargingPeriod } from '../../ev/ocpi'
import type { EvSessionListQuery } from '../charging/sessions'
import { evSessionExportFilters, evSessionFilterFields } from '../charging/sessions'
import { envelope, epochMs } from '../envelope'

/*
 * The bus network's dashboard sessions (B §3 "Dashboard variant fields", B §7 `GET {buswayHost}/v3/dashboard/sessions`
 * and `/{id}`), docs/decisions/0025-bus-and-voltnet-sessions.md. The list takes the same filters as the charging
 * network's `GET charging-sessions/sessions` plus offset and limit, and answers a plain array as the whole body (the
 * detail keeps the envelope); the portal learns whether a next page exists by asking for one row more than it shows
 * (B §4). The voltnet v1 calls answer the same row shape (voltnet-sessions.ts). Money is in currency units (2 decimals for SGD); times epoch ms.
 */

/** The busways history's page size (B §9). */
export const BUS_SESSION_PAGE_SIZE = 20

/** GET /v3/dashboard/sessions: the charging list's filters (B §7 "same filters") plus offset and limit. */
export const busSessionListQuery = z.strictObject({
  ...evSessionFilterFields,
  limit: z.coerce.number().int().min(1).max(1000).default(BUS_SESSION_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
})
/** What the portal sends: the same keys as the charging network's list. */
export type BusSessionListQuery = EvSessionListQuery
export type BusSessionListFilter = z.output<typeof busSessionListQuery>

/** The busways export job's filters: the list's query without paging (the same fields as the charging export). */
export const busSessionExportFilters = evSessionExportFilters
export type BusSessionExportFilters = z.output<typeof busSessionExportFilters>

/** An amount excluding and including tax (VAT), in currency units. */
export const taxPair = z.object({ exclVat: z.number(), inclVat: z.number() })
export type TaxPair = z.infer<typeof taxPair>

/**
 * One session as the dashboard calls answer it: B §3's Dashboard variant fields (`_id, userName, entityCode,
 * emspEntityCode, evseId, location, locationAddress, state, stopReason, connectivity, paymentMethodCode, kWh,
 * totalCost, currency, startDateTime, endDateTime`) plus what the list's columns need. `location` is the location's
 * name; `totalCost` is the total including tax (`totalCostExclTax` beside it); `volumes.total_time_charged_hr` is
 * the charging stage's length in hours (B §3 "Usage"), up to the response for a running session.
 */
export const dashboardSession = z.object({
  _id: z.string(),
  externalId: z.string(),
  authorizationReference: z.string(),
  userName: z.string(),
  /** The driver's id (uuid) when the session was started by a registered driver; the v1 `userID` filter. */
  userID: z.string().nullable(),
  /** The CPO entity (charger owner). */
  entityCode: z.string(),
  /** The EMSP entity (whose customer charged). */
  emspEntityCode: z.string(),
  /** OCPI evse_id (eMI3). */
  evseId: z.string(),
  evseExternalId: z.string(),
  /** The location's name. */
  location: z.string(),
  locationAddress: z.string(),
  /** Charger Type: the connector's power type (AC_1_PHASE, AC_3_PHASE, DC). */
  chargerType: z.string(),
  /** Max Power (kW) of the connector. */
  maxPowerKw: z.number(),
  connectorId: z.string(),
  /** The label printed on the charger with the connector: "A1-2". */
  connectorPhysicalReference: z.string(),
  state: z.string().describe(`EV session status: ${evSessionStatuses.values.join(', ')}`),
  stopReason: z.string().nullable(),
  protocol: z.string(),
  /** ONLINE or OFFLINE: whether the charger was reachable when the session last updated. */
  connectivity: z.string(),
  paymentMethodCode: z.string(),
  /** Tariff ($/kWh): currency units per kWh, 4 decimals; null without a tariff. */
  pricePerKwh: taxPair.nullable(),
  kWh: z.number(),
  costsByType: z.object({
    /** Total Energy Cost (OCPI ENERGY). */
    energy: taxPair,
    /** Total Idle Cost (OCPI TIME while connected). */
    time: taxPair,
    /** Total Hogging Cost (OCPI PARKING_TIME). */
    parkingTime: taxPair,
    /** Total Flat Cost (OCPI FLAT). */
    flat: taxPair,
  }),
  /** Total Cost (incl. tax). */
  totalCost: z.number(),
  /** Total Cost (excl. tax). */
  totalCostExclTax: z.number(),
  currency: z.string(),
  startDateTime: epochMs,
  endDateTime: epochMs.nullable(),
  lastUpdated: epochMs,
  volumes: z.object({ total_time_charged_hr: z.number().min(0) }),
  licensePlate: z.string().nullable(),
  cdrToken: z.object({ entityCode: z.string(), licensePlate: z.string().nullable() }),
  invoiceReferenceId: z.string().nullable(),
})
export type DashboardSession = z.infer<typeof dashboardSession>

/**
 * GET /v3/dashboard/sessions answers a plain array as the whole body (B §7 "response a plain array"), not an array
 * under `data`: the one list of the spec without the envelope (docs/decisions/0070-bus-sessions-plain-array.md).
 */
export const busSessionListResponse = z.array(dashboardSession)

/**
 * One session with its charging periods, what was paid and refunded (currency units), the location's full address,
 * and the operator. `durationMs` is plug-in to plug-out (to the response while running).
 */
export const dashboardSessionDetail = dashboardSession.extend({
  locationCity: z.string(),
  locationPostalCode: z.string(),
  operatorName: z.string(),
  tariffName: z.string().nullable(),
  durationMs: z.number().int().min(0),
  paid: z.number(),
  refunded: z.number(),
  chargingPeriods: z.array(chargingPeriod),
})
export type DashboardSessionDetail = z.infer<typeof dashboardSessionDetail>

/** GET /v3/dashboard/sessions/{id}: `data` is the session. */
export const busSessionDetailResponse = envelope(dashboardSessionDetail)

export const busSessionParams = z.strictObject({
  id: z.string().trim().min(1).max(64).describe('the session _id'),
})
