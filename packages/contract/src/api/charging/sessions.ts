import { z } from 'zod'
import { evSessionStatuses, type EvSessionStatus } from '../../enums/ev-charging'
import { chargingPeriod } from '../../ev/ocpi'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * Charging sessions of the charging network (B §3 "Charging session", B §7 `GET charging-sessions/sessions`),
 * docs/decisions/0023-charging-sessions.md. A caller sees the sessions where its entity is the CPO (entity_code) or
 * the EMSP (emsp_entity_code). Money is in currency units (2 decimals); times epoch ms.
 */

/** The list's page size (B §9); the portal asks for one more to learn whether a next page exists (B §4). */
export const EV_SESSION_PAGE_SIZE = 20

/** A repeated query key (`status[]=A&status[]=B`): one value arrives as a string, several as an array. */
function repeatedQuery<T extends z.ZodType>(item: T, max: number) {
  return z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(item).max(max),
    )
    .optional()
}

const msQuery = z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional()
const codeQuery = z.string().trim().min(1).max(64).optional()
const idQuery = z.string().trim().min(1).max(100).optional()
const licensePlate = z.string().trim().toUpperCase().min(1).max(20)
const sessionStatus = catalogueSchema(evSessionStatuses)

/**
 * The list's filters without paging: what the export job stores too. `license_plate[]` and `status[]` are the keys
 * the portal repeats; the bare names are accepted as well, so hand-written URLs work.
 */
export const evSessionFilterFields = {
  last_updated_from: msQuery.describe('last update at or after, epoch ms'),
  last_updated_to: msQuery.describe('last update at or before, epoch ms'),
  cpo_entity_code: codeQuery,
  emsp_entity_code: codeQuery,
  evse_external_id: idQuery,
  external_id: idQuery,
  authorization_reference: idQuery,
  'license_plate[]': repeatedQuery(licensePlate, 200),
  license_plate: repeatedQuery(licensePlate, 200),
  'status[]': repeatedQuery(sessionStatus, 20),
  status: repeatedQuery(sessionStatus, 20),
  /** Must be the caller's entity when given (B §6: charging calls use the signed-in user's entity code). */
  entity_code: codeQuery,
  /** true: costs rounded to cents (the portal always sends it; costs are kept in cents, so both give cents). */
  round_costs: z.enum(['true', 'false']).optional(),
}

/** GET /charging-sessions/sessions (B §7). */
export const evSessionListQuery = z.strictObject({
  ...evSessionFilterFields,
  limit: z.coerce.number().int().min(1).max(1000).default(EV_SESSION_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
})
/** What the portal sends (query values are text on the wire; the server coerces them). */
export interface EvSessionListQuery {
  last_updated_from?: number
  last_updated_to?: number
  cpo_entity_code?: string
  emsp_entity_code?: string
  evse_external_id?: string
  external_id?: string
  authorization_reference?: string
  'license_plate[]'?: string[]
  'status[]'?: EvSessionStatus[]
  entity_code?: string
  round_costs?: 'true' | 'false'
  limit?: number
  offset?: number
}
export type EvSessionListFilter = z.output<typeof evSessionListQuery>

/** The export job's filters: the list's query without paging. */
export const evSessionExportFilters = z.strictObject(evSessionFilterFields)
export type EvSessionExportFilters = z.output<typeof evSessionExportFilters>

/** An amount excluding and including VAT, in currency units. */
export const evCostPair = z.object({ excl_vat: z.number(), incl_vat: z.number() })
export type EvCostPair = z.infer<typeof evCostPair>

export const evSessionConnector = z.object({
  id: z.string(),
  standard: z.string(),
  format: z.string(),
  power_type: z.string(),
  /** Watts (OCPI). */
  max_electric_power: z.number().int(),
})

export const evSessionEvse = z.object({
  uid: z.string(),
  evse_id: z.string(),
  external_id: z.string(),
  physical_reference: z.string(),
  connectors: z.array(evSessionConnector),
})

/** One session as the CPO (or EMSP) sees it: the CPO view fields of B §3 plus what the list's columns need. */
export const evSession = z.object({
  uid: z.string(),
  external_id: z.string(),
  authorization_reference: z.string(),
  /** The CPO entity (charger owner). */
  entity_code: z.string(),
  /** The EMSP entity (whose customer charged). */
  emsp_entity_code: z.string(),
  /** OCPI evse_id (eMI3). */
  evse_id: z.string(),
  evse_external_id: z.string(),
  location: z.object({
    uid: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
    /** The EVSE the session used, with the connector (OCPI's Session.location shape). */
    evses: z.array(evSessionEvse),
  }),
  connector_id: z.string(),
  /** The label printed on the charger (the EVSE's physical reference) with the connector: "A1-2". */
  connector_physical_reference: z.string(),
  /** Charger type: the connector's power type (AC_1_PHASE, AC_3_PHASE, DC). */
  power_type: z.string(),
  /** Max power of the connector, kW. */
  max_power_kw: z.number(),
  status: z.string().describe(`EV session status: ${evSessionStatuses.values.join(', ')}`),
  stop_reason: z.string().nullable(),
  protocol: z.string(),
  connectivity: z.string(),
  payment_method_code: z.string(),
  tariff: z
    .object({
      uid: z.string(),
      name: z.string(),
      /** Currency units per kWh, 4 decimals (a rate, not an amount). */
      price_per_kwh: evCostPair,
    })
    .nullable(),
  kwh: z.number(),
  costs_by_type: z.object({
    energy: evCostPair,
    parking_time: evCostPair,
    time: evCostPair,
    flat: evCostPair,
  }),
  total_cost: evCostPair,
  currency: z.string(),
  start_date_time: epochMs,
  end_date_time: epochMs.nullable(),
  last_updated: epochMs,
  license_plate: z.string().nullable(),
  cdr_token: z.object({ entity_code: z.string(), license_plate: z.string().nullable() }),
  operator: z.object({ name: z.string() }),
  internal_user_id: z.object({ name: z.string() }),
  payment_transaction: z.object({ invoiceReferenceId: z.string().nullable() }),
  charging_periods: z.array(chargingPeriod),
  /**
   * A roaming session (OCPI, issue 17): the partner on the other side. `side` is the side the partner plays: 'EMSP'
   * when its driver charged on our charger, 'CPO' when our driver charged on its charger. `party` is `SG*RMC`.
   */
  roaming: z
    .object({ side: z.enum(['CPO', 'EMSP']), partner_name: z.string(), party: z.string() })
    .nullable()
    .optional(),
})
export type EvSession = z.infer<typeof evSession>

export const evSessionListResponse = envelope(z.object({ sessions: z.array(evSession) }))
export type EvSessionListData = z.infer<typeof evSessionListResponse>['data']

export const evSessionParams = z.strictObject({
  uid: z.string().trim().min(1).max(64).describe('session uid'),
})

export const evSessionRefund = z.object({
  uuid: z.string(),
  /** Currency units. */
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  created_by_name: z.string(),
  transaction_uuid: z.string(),
  created_at: epochMs,
})
export type EvSessionRefund = z.infer<typeof evSessionRefund>

/** The detail adds what was paid, refunded and can still be refunded (currency units), and the refunds, newest first. */
export const evSessionDetail = evSession.extend({
  paid: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  refunds: z.array(evSessionRefund),
  /** Whether the caller may refund it: its entity is the session's CPO and the caller may edit sessions. */
  can_refund: z.boolean(),
})
export type EvSessionDetail = z.infer<typeof evSessionDetail>

export const evSessionDetailResponse = envelope(z.object({ session: evSessionDetail }))

/** POST /charging-sessions/sessions/{uid}/refunds: amount in currency units (at most 2 decimals). */
export const evSessionRefundRequest = z.strictObject({
  amount: z
    .number({ error: 'amount must be a number' })
    .positive('amount must be more than 0')
    .max(1_000_000, 'amount is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'amount has at most 2 decimals'),
  reason: z.string().trim().min(1, 'reason is required').max(500, 'reason is at most 500 characters'),
})
export type EvSessionRefundRequest = z.input<typeof evSessionRefundRequest>

export const evSessionRefundResponse = envelope(
  z.object({ refund: evSessionRefund, session: evSessionDetail }),
)
