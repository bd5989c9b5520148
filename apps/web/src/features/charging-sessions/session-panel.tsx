import type { EvSessionDetail } from '@portal/contract'
import { ChargingSessionDetail } from '@/components/charging-session/charging-session-detail'
import type { SessionDetailView } from '@/components/charging-session/session-detail-view'
import { SessionPanel, useSessionParam } from '@/components/charging-session/session-panel'
import { useEvSession, useRefundEvSession } from './api/ev-sessions-api'

/** The CPO/EMSP API's session in the shared detail component's terms. */
export function toDetailView(s: EvSessionDetail, nameOf: (code: string) => string): SessionDetailView {
  const pair = (p: { excl_vat: number; incl_vat: number }) => ({ exclVat: p.excl_vat, inclVat: p.incl_vat })
  return {
    id: s.uid,
    externalId: s.external_id,
    status: s.status,
    stopReason: s.stop_reason,
    currency: s.currency,
    startDateTime: s.start_date_time,
    endDateTime: s.end_date_time,
    energyKwh: s.kwh,
    pricePerKwh: s.tariff ? pair(s.tariff.price_per_kwh) : null,
    costsByType: {
      energy: pair(s.costs_by_type.energy),
      time: pair(s.costs_by_type.time),
      parkingTime: pair(s.costs_by_type.parking_time),
      flat: pair(s.costs_by_type.flat),
    },
    totalCost: pair(s.total_cost),
    chargingPeriods: s.charging_periods,
    cpoEntityName: nameOf(s.entity_code),
    emspEntityName: nameOf(s.emsp_entity_code),
    locationName: s.location.name,
    locationAddress: [s.location.address, s.location.city, s.location.postal_code].filter(Boolean).join(', '),
    evseId: s.evse_id,
    connectorId: s.connector_id,
    connectorPhysicalReference: s.connector_physical_reference,
    powerType: s.power_type,
    maxPowerKw: s.max_power_kw,
    protocol: s.protocol,
    paymentMethodCode: s.payment_method_code,
    licensePlate: s.license_plate,
    userName: s.internal_user_id.name,
    operatorName: s.operator.name,
    invoiceReferenceId: s.payment_transaction.invoiceReferenceId,
    paid: s.paid,
    refunded: s.refunded,
    refunds: s.refunds.map((r) => ({
      uuid: r.uuid,
      amount: r.amount,
      reason: r.reason,
      createdAt: r.created_at,
      createdByName: r.created_by_name,
    })),
  }
}

function Loaded({ session, nameOf }: { session: EvSessionDetail; nameOf: (code: string) => string }) {
  const refund = useRefundEvSession(session.uid)
  return (
    <ChargingSessionDetail
      session={toDetailView(session, nameOf)}
      refund={
        session.can_refund
          ? {
              refundable: session.refundable,
              onRefund: async (amount, reason) => {
                await refund.mutateAsync({ amount, reason })
              },
            }
          : null
      }
    />
  )
}

/** The session of `?session=<uid>` in the shared side panel, with the refund panel where the caller is its CPO. */
export function EvSessionPanel({ nameOf }: { nameOf: (code: string) => string }) {
  const { openId, close } = useSessionParam()
  const query = useEvSession(openId)
  const session = query.data
  return (
    <SessionPanel
      openId={openId}
      onClose={close}
      query={query}
      title={session ? session.location.name : null}
      subtitle={session ? `${session.external_id} · ${session.evse_id}` : null}
    >
      {session ? <Loaded session={session} nameOf={nameOf} /> : null}
    </SessionPanel>
  )
}
