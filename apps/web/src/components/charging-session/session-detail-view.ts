import type { ChargingPeriod } from '@portal/contract'

/*
 * The normalized session the shared detail component renders (docs/decisions/0023-charging-sessions.md). Each
 * session screen (CPO/EMSP charging sessions, busways history, voltnet sessions) maps its own API shape onto this,
 * so the component never knows which service a session came from. Money is in CURRENCY UNITS (e.g. 12.34 SGD), as
 * the APIs return it; times are epoch ms. Anything a source does not know is null and renders as "—".
 */

/** An amount split excluding / including VAT, in currency units. */
export interface SessionMoneyPair {
  exclVat: number
  inclVat: number
}

/** Costs by OCPI price-component type; null when the source does not split the total. */
export interface SessionCostsByType {
  /** ENERGY: "Total Energy Cost". */
  energy: SessionMoneyPair | null
  /** TIME while connected: "Total Idle Cost". */
  time: SessionMoneyPair | null
  /** PARKING_TIME (regular parking after charging): "Total Hogging Cost". */
  parkingTime: SessionMoneyPair | null
  /** FLAT: "Total Flat Cost". */
  flat: SessionMoneyPair | null
}

/** A refund already made, newest first in `SessionDetailView.refunds`. */
export interface SessionRefundView {
  uuid: string
  /** Currency units. */
  amount: number
  reason: string
  createdAt: number
  createdByName: string
}

/** A name/value fact the source wants shown beside the standard ones (e.g. a bus's depot). */
export interface SessionExtraFact {
  label: string
  value: string
}

export interface SessionDetailView {
  /** The id shown as "Charging Session ID" (uid for CPO sessions, _id for bus sessions). */
  id: string
  externalId: string | null
  /** An evSessionStatuses value (rendered with labelOf; unknown values show "Unknown (value)"). */
  status: string
  /** A stopReasons value or null. */
  stopReason: string | null
  currency: string
  startDateTime: number
  /** Null while the session is running (the stage timeline then runs to "now"). */
  endDateTime: number | null
  /** Total energy in kWh. */
  energyKwh: number
  /** Tariff price per kWh in currency units, or null when unknown. */
  pricePerKwh: SessionMoneyPair | null
  costsByType: SessionCostsByType
  totalCost: SessionMoneyPair
  /** OCPI charging periods with session_stage; the stage timeline and the periods table come from these. */
  chargingPeriods: ChargingPeriod[]
  /** Entity names already resolved by the page (unknown code → "Unknown Entity"); null when not applicable. */
  cpoEntityName: string | null
  emspEntityName: string | null
  locationName: string | null
  locationAddress: string | null
  evseId: string | null
  connectorId: string | null
  connectorPhysicalReference: string | null
  /** A powerTypes value (AC_1_PHASE, AC_3_PHASE, DC) or null. */
  powerType: string | null
  maxPowerKw: number | null
  /** A chargeProtocols value or null. */
  protocol: string | null
  paymentMethodCode: string | null
  licensePlate: string | null
  userName: string | null
  operatorName: string | null
  invoiceReferenceId: string | null
  /** What the customer paid and what has been refunded of it (currency units); null when the source has no payments. */
  paid: number | null
  refunded: number | null
  refunds: SessionRefundView[]
  extraFacts?: SessionExtraFact[]
}

/** The refund panel's wiring; omit (or pass null) where refunds are not offered (EMSP side, bus sessions). */
export interface SessionRefundProps {
  /** Paid minus already refunded, currency units. The panel is hidden when this is 0. */
  refundable: number
  /** Performs the refund; reject with an Error whose message is the server's (it is shown under the form). */
  onRefund(amount: number, reason: string): Promise<void>
}

export interface ChargingSessionDetailProps {
  session: SessionDetailView
  refund?: SessionRefundProps | null
  /** Time "now" for a running session's timeline (tests pass a fixed value); defaults to Date.now(). */
  now?: number
}
