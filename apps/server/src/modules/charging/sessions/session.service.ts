import type {
  EvSession,
  EvSessionDetail,
  EvSessionListFilter,
  EvSessionRefund,
  EvSessionRefundRequest,
} from '@portal/contract'
import {
  minorUnitDigits,
  PaymentMethod,
  PaymentType,
  TransactionStatus,
  TransactionType,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../../db/database'
import { fieldError, forbidden, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import { evDailyCounterpart } from '../ev.table'
import type { SessionFilter, SessionRecord } from './session.repository'
import {
  addDailyRefund,
  addRefundedAmount,
  findUserName,
  findVisibleSession,
  insertPaymentTransaction,
  insertSessionRefund,
  listRefunds,
  loadSessions,
  mergeRepeated,
  pageSessionKeys,
} from './session.repository'

const DAY_MS = 86_400_000
/** ev_session_daily buckets by the UTC+8 calendar day (Singapore and Malaysia). */
const UTC8_MS = 8 * 3_600_000

/** The start of the UTC+8 day of a time, epoch ms: the ev_session_daily key. */
export function utc8Day(ms: number): number {
  return Math.floor((ms + UTC8_MS) / DAY_MS) * DAY_MS - UTC8_MS
}

/** Minor units → currency units, exact to the currency's digits (cents for SGD/MYR). */
export function toUnits(minor: number, currency: string): number {
  const digits = minorUnitDigits(currency)
  return Number((minor / 10 ** digits).toFixed(digits))
}

/** The stored per-kWh price (hundredths of a minor unit) as currency units with 4 decimals: 5450 → 0.545. */
function perKwhUnits(hundredths: number, currency: string): number {
  return Number((hundredths / 100 / 10 ** minorUnitDigits(currency)).toFixed(4))
}

/** The list's query in the repository's terms: `key[]` and `key` repeated values together. */
export function listFilterOf(q: EvSessionListFilter): SessionFilter {
  return {
    lastUpdatedFrom: q.last_updated_from,
    lastUpdatedTo: q.last_updated_to,
    cpoEntityCode: q.cpo_entity_code,
    emspEntityCode: q.emsp_entity_code,
    evseExternalId: q.evse_external_id,
    externalId: q.external_id,
    authorizationReference: q.authorization_reference,
    licensePlates: mergeRepeated(q['license_plate[]'], q.license_plate),
    statuses: mergeRepeated(q['status[]'], q.status),
  }
}

/** The CPO view of a session (B §3), money in currency units rounded to cents. */
export function toApiSession(r: SessionRecord): EvSession {
  const money = (minor: number) => toUnits(minor, r.currency)
  const pair = (excl: number, incl: number) => ({ excl_vat: money(excl), incl_vat: money(incl) })
  return {
    uid: r.uid,
    external_id: r.external_id,
    authorization_reference: r.authorization_reference,
    entity_code: r.entity_code,
    emsp_entity_code: r.emsp_entity_code,
    evse_id: r.evse_id,
    evse_external_id: r.evse_external_id,
    location: {
      uid: r.location_uid,
      name: r.location_name,
      address: r.location_address,
      city: r.location_city,
      postal_code: r.location_postal_code,
      country: r.location_country,
      evses: [
        {
          uid: r.evse_uid,
          evse_id: r.evse_id,
          external_id: r.evse_external_id,
          physical_reference: r.evse_physical_reference,
          connectors: [
            {
              id: r.connector_id,
              standard: r.connector_standard,
              format: r.connector_format,
              power_type: r.connector_power_type,
              max_electric_power: r.connector_max_electric_power,
            },
          ],
        },
      ],
    },
    connector_id: r.connector_id,
    connector_physical_reference: `${r.evse_physical_reference}-${r.connector_id}`,
    power_type: r.connector_power_type,
    max_power_kw: Math.round(r.connector_max_electric_power / 100) / 10,
    status: r.status,
    stop_reason: r.stop_reason,
    protocol: r.protocol,
    connectivity: r.connectivity,
    payment_method_code: r.payment_method_code,
    tariff:
      r.tariff_uid === null
        ? null
        : {
            uid: r.tariff_uid,
            name: r.tariff_name ?? '',
            price_per_kwh: {
              excl_vat: perKwhUnits(r.price_per_kwh_excl_vat, r.currency),
              incl_vat: perKwhUnits(r.price_per_kwh_incl_vat, r.currency),
            },
          },
    kwh: Math.round(r.energy_wh) / 1000,
    costs_by_type: {
      energy: pair(r.cost_energy_excl_vat, r.cost_energy_incl_vat),
      parking_time: pair(r.cost_parking_excl_vat, r.cost_parking_incl_vat),
      time: pair(r.cost_time_excl_vat, r.cost_time_incl_vat),
      flat: pair(r.cost_flat_excl_vat, r.cost_flat_incl_vat),
    },
    total_cost: pair(r.total_excl_vat, r.total_incl_vat),
    currency: r.currency,
    start_date_time: r.start_date_time,
    end_date_time: r.end_date_time,
    last_updated: r.last_updated,
    license_plate: r.license_plate,
    cdr_token: { entity_code: r.emsp_entity_code, license_plate: r.license_plate },
    operator: { name: r.operator_name },
    internal_user_id: { name: r.user_name },
    payment_transaction: { invoiceReferenceId: r.invoice_reference_id },
    charging_periods: r.charging_periods,
    roaming:
      r.ocpi_party === null
        ? null
        : {
            side: r.ocpi_key === null ? 'EMSP' : 'CPO',
            // A partner deleted since: its party still says who it was.
            partner_name: r.ocpi_partner_name ?? r.ocpi_party,
            party: `${r.ocpi_party.slice(0, 2)}*${r.ocpi_party.slice(2)}`,
          },
  }
}

/** The charging-code filter must be the caller's own entity (B §6); anything else is another entity's data. */
export function assertOwnEntity(caller: Caller, entityCode: string | undefined): void {
  if (entityCode !== undefined && entityCode !== caller.auth.entityCode)
    throw forbidden(`You cannot list the charging sessions of entity ${entityCode}`)
}

export async function listSessions(db: Db, caller: Caller, q: EvSessionListFilter): Promise<EvSession[]> {
  assertOwnEntity(caller, q.entity_code)
  const keys = await pageSessionKeys(db, caller.auth.entityCode, listFilterOf(q), {
    limit: q.limit,
    offset: q.offset,
  })
  return (await loadSessions(db, keys)).map(toApiSession)
}

async function detailOf(db: Db, entityCode: string, record: SessionRecord): Promise<EvSessionDetail> {
  const refunds = await listRefunds(db, record.id)
  const money = (minor: number) => toUnits(minor, record.currency)
  return {
    ...toApiSession(record),
    paid: money(record.paid_amount),
    refunded: money(record.refunded_amount),
    refundable: money(Math.max(0, record.paid_amount - record.refunded_amount)),
    refunds: refunds.map((r): EvSessionRefund => ({
      uuid: r.uuid,
      amount: toUnits(r.amount, r.currency),
      currency: r.currency,
      reason: r.reason,
      created_by_name: r.created_by_name,
      transaction_uuid: r.transaction_uuid,
      created_at: r.created_at,
    })),
    // The route already required read access; refunding also needs the CPO side (the EMSP never refunds).
    can_refund: record.entity_code === entityCode,
  }
}

export async function getSession(db: Db, caller: Caller, uid: string): Promise<EvSessionDetail> {
  const record = await findVisibleSession(db, caller.auth.entityCode, uid)
  if (!record) throw notFound('Charging session')
  return detailOf(db, caller.auth.entityCode, record)
}

/** How a session's payment method is recorded on the payment transaction (its catalogue is numeric). */
const PAYMENT_METHOD_OF: Record<string, number> = {
  CREDIT_CARD: PaymentMethod.CreditCard,
  APP: PaymentMethod.Stripe,
  QR: PaymentMethod.PayNow,
}

/**
 * Refunds part or all of what the customer paid for a session, in one transaction: the refund row, the session's
 * refunded amount, a payment transaction of type Refund, an audit record, and the daily rollups of both sides.
 * Only the CPO side refunds. The session update is conditional (refunded + amount ≤ paid), so two refunds racing
 * can never together exceed what was paid.
 */
export async function refundSession(
  db: Db,
  caller: Caller,
  uid: string,
  body: EvSessionRefundRequest,
  now = Date.now(),
): Promise<{ refund: EvSessionRefund; session: EvSessionDetail }> {
  const entityCode = caller.auth.entityCode
  const record = await findVisibleSession(db, entityCode, uid)
  if (!record) throw notFound('Charging session')
  if (record.entity_code !== entityCode)
    throw forbidden('Only the charge point operator of this session can refund it')
  const digits = minorUnitDigits(record.currency)
  const amount = Math.round(body.amount * 10 ** digits)
  if (Math.abs(amount - body.amount * 10 ** digits) > 1e-6)
    throw fieldError('body.amount', `amount has at most ${String(digits)} decimals in ${record.currency}`)
  const refundable = record.paid_amount - record.refunded_amount
  const overMessage = () =>
    refundable <= 0
      ? 'amount is more than can be refunded: nothing is left to refund on this session'
      : `amount is more than can be refunded (${toUnits(refundable, record.currency).toFixed(digits)} ${record.currency})`
  if (amount > refundable) throw fieldError('body.amount', overMessage())

  const reason = body.reason.trim()
  const refundUuid = randomUUID()
  const transactionUuid = randomUUID()
  const user = await findUserName(db, caller.auth.userId)
  const byName = user?.name ?? caller.auth.username

  await db.transaction().execute(async (trx) => {
    // Returns the session's location: the CPO side's rollup counterpart.
    const updated = await addRefundedAmount(trx, record.id, amount, now)
    // Another refund got in first and left less than this one asks for.
    if (!updated) throw fieldError('body.amount', overMessage())
    await insertPaymentTransaction(trx, {
      uuid: transactionUuid,
      entity_code: record.entity_code,
      machine_id: null,
      // The session the refund belongs to, so the transaction list's order filter finds it.
      order_uuid: record.uid,
      username: record.user_name,
      currency_code: record.currency,
      amount,
      refundable_amount: 0,
      refunded_amount: 0,
      transaction_type: TransactionType.Refund,
      transaction_status: TransactionStatus.Success,
      payment_method_code: PAYMENT_METHOD_OF[record.payment_method_code] ?? PaymentMethod.CreditCard,
      payment_type_code: PaymentType.normal,
      payment_gateway_code: 'stripe',
      entity_refer_no: `EVR${record.external_id}`.slice(0, 64),
      payment_refer_no: `RF${refundUuid.replaceAll('-', '').slice(0, 16).toUpperCase()}`,
      created_at: now,
    })
    await insertSessionRefund(trx, {
      session_id: record.id,
      entity_code: record.entity_code,
      emsp_entity_code: record.emsp_entity_code,
      uuid: refundUuid,
      amount,
      currency: record.currency,
      reason,
      created_by: caller.auth.userId,
      created_by_name: byName,
      transaction_uuid: transactionUuid,
      created_at: now,
    })
    await auditChange(
      trx,
      caller,
      'ev_session_refunded',
      'ev_session',
      record.uid,
      { refunded_amount: record.refunded_amount },
      {
        refunded_amount: record.refunded_amount + amount,
        refund: {
          uuid: refundUuid,
          amount,
          currency: record.currency,
          reason,
          transaction_uuid: transactionUuid,
        },
      },
    )
    // Both sides' rollup rows of the session: its UTC+8 start day and currency; its location (CPO), its CPO (EMSP).
    const day = utc8Day(record.start_date_time)
    for (const [code, side] of [
      [record.entity_code, 'CPO'],
      [record.emsp_entity_code, 'EMSP'],
    ] as const) {
      await addDailyRefund(trx, {
        entity_code: code,
        side,
        day,
        currency: record.currency,
        counterpart: evDailyCounterpart(side, updated),
        refunded: amount,
      })
    }
  })

  const session = await getSession(db, caller, uid)
  const refund = session.refunds.find((r) => r.uuid === refundUuid)
  if (!refund) throw new Error('The refund just written was not found')
  return { refund, session }
}
