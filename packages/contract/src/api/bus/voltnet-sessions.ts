import { z } from 'zod'
import { coded } from '../messages'
import { catalogueOfStrings, defineCatalogue, type ValueOf } from '../../catalogue'
import { evSessionStatuses, stopReasons } from '../../enums/ev-charging'
import { catalogueSchema, envelope, epochMs } from '../envelope'
import { listCount } from '../iot/orders'
import { dashboardSession, dashboardSessionDetail } from './sessions'

/*
 * The roaming network's sessions (B §7 `POST /v1/dashboard/charging-sessions` and `/count`), as voltnet's CPO and
 * EMSP screens list them (docs/decisions/0025-bus-and-voltnet-sessions.md). `myEntityType` says which side of the
 * caller's sessions to list: CPO (on its chargers) or EMSP (by its customers); `partnerEntityCode` narrows to the
 * entity on the other side. Dates are epoch ms on the session's start, both ends inclusive. Rows are the dashboard
 * session shape of sessions.ts.
 */

/** The voltnet lists' page size (B §9). */
export const VOLTNET_SESSION_PAGE_SIZE = 20

export const MyEntityType = { CPO: 'CPO', EMSP: 'EMSP' } as const
export type MyEntityType = ValueOf<typeof MyEntityType>
export const myEntityTypes = catalogueOfStrings('my entity type', Object.values(MyEntityType))

/**
 * The payment method codes sessions carry (the charging network's, not the numeric payment catalogue). The filter
 * takes any code (a partner may send one the portal does not know yet); the screens offer these.
 */
export const SessionPaymentMethod = {
  APP: 'APP',
  CREDIT_CARD: 'CREDIT_CARD',
  RFID: 'RFID',
  QR: 'QR',
} as const
export type SessionPaymentMethod = ValueOf<typeof SessionPaymentMethod>
export const sessionPaymentMethods = defineCatalogue('session payment method', [
  [SessionPaymentMethod.APP, 'App'],
  [SessionPaymentMethod.CREDIT_CARD, 'Credit card'],
  [SessionPaymentMethod.RFID, 'RFID card'],
  [SessionPaymentMethod.QR, 'QR'],
])

const code = z.string().trim().min(1).max(64)
const text = (max: number) => z.string().trim().min(1).max(max)

/** The filters of the list and of its count (B §7), without paging. */
export const voltnetSessionFilterFields = {
  myEntityType: catalogueSchema(myEntityTypes),
  startDateTime: epochMs.optional().describe('started at or after, epoch ms'),
  endDateTime: epochMs.optional().describe('started at or before, epoch ms'),
  partnerEntityCode: code.optional().describe('the entity on the other side of the session'),
  paymentMethodCode: text(40).optional(),
  userID: text(64).optional().describe("the driver's id"),
  state: catalogueSchema(evSessionStatuses).optional(),
  stopReason: catalogueSchema(stopReasons).optional(),
  evseId: text(100).optional().describe("the EVSE's eMI3 id or its external id"),
  chargingSessionID: text(64).optional().describe("the session's _id or its external id"),
}

type RangeBody = { startDateTime?: number | undefined; endDateTime?: number | undefined }
const rangeInOrder = (b: RangeBody) =>
  b.startDateTime === undefined || b.endDateTime === undefined || b.startDateTime <= b.endDateTime
const rangeIssue = {
  message: 'endDateTime must not be before startDateTime',
  path: ['endDateTime'],
  ...coded('not_before', { other: 'startDateTime' }),
}

const limit = z.number().int().min(1).max(1000)
const offset = z.number().int().min(0).max(100_000_000)

/** POST /v1/dashboard/charging-sessions. */
export const voltnetSessionFilterRequest = z
  .strictObject({
    ...voltnetSessionFilterFields,
    limit: limit.default(VOLTNET_SESSION_PAGE_SIZE),
    offset: offset.default(0),
  })
  .refine(rangeInOrder, rangeIssue)
export type VoltnetSessionFilterRequest = z.input<typeof voltnetSessionFilterRequest>
export type VoltnetSessionFilter = z.output<typeof voltnetSessionFilterRequest>

/**
 * POST /v1/dashboard/charging-sessions/count: the list's body (B §7 "same filters"). Its `offset` and `limit` are
 * accepted, checked as the list checks them, and ignored: every page of a list counts the same
 * (docs/decisions/0071-voltnet-count-takes-the-list-body.md).
 */
export const voltnetSessionCountRequest = z
  .strictObject({
    ...voltnetSessionFilterFields,
    limit: limit.optional().describe('accepted and ignored'),
    offset: offset.optional().describe('accepted and ignored'),
  })
  .refine(rangeInOrder, rangeIssue)
export type VoltnetSessionCountRequest = z.input<typeof voltnetSessionCountRequest>
export type VoltnetSessionCountFilter = z.output<typeof voltnetSessionCountRequest>

/** The voltnet session export's filters: the list's, without paging. */
export const voltnetSessionExportFilters = z
  .strictObject(voltnetSessionFilterFields)
  .refine(rangeInOrder, rangeIssue)
export type VoltnetSessionExportFilters = z.output<typeof voltnetSessionExportFilters>

export const voltnetSessionListResponse = envelope(z.object({ chargingSessions: z.array(dashboardSession) }))
/** `count` is exact up to COUNT_CAP; `count_capped` says there are more (docs/decisions/0014, 0025). */
export const voltnetSessionCountResponse = envelope(listCount)

export const voltnetSessionParams = z.strictObject({
  id: z.string().trim().min(1).max(64).describe('the session _id'),
})
/** The detail's side: when given, a session on which the caller is not on that side is a 404. */
export const voltnetSessionDetailQuery = z.strictObject({
  myEntityType: catalogueSchema(myEntityTypes).optional(),
})

export const voltnetSessionRefund = z.object({
  uuid: z.string(),
  /** Currency units. */
  amount: z.number(),
  reason: z.string(),
  createdByName: z.string(),
  createdAt: epochMs,
})

/**
 * GET /v1/dashboard/charging-sessions/{id}: the dashboard detail, plus what the refund panel needs. `canRefund`: the
 * caller is the session's CPO (the EMSP never refunds; the refund call itself also needs edit on sessions). Refunds
 * go through the charging network's `POST charging-sessions/sessions/{uid}/refunds` with this `_id`.
 */
export const voltnetSessionDetail = dashboardSessionDetail.extend({
  refundable: z.number(),
  refunds: z.array(voltnetSessionRefund),
  canRefund: z.boolean(),
})
export type VoltnetSessionDetail = z.infer<typeof voltnetSessionDetail>

export const voltnetSessionDetailResponse = envelope(z.object({ chargingSession: voltnetSessionDetail }))
