import type { EvSessionDetail } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { ChargingSessionDetail } from '@/components/charging-session/charging-session-detail'
import type { SessionDetailView } from '@/components/charging-session/session-detail-view'
import { SessionDrawer } from '@/components/charging-session/session-drawer'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError, isForbidden } from '@/lib/http'
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

/** The session detail in a side panel over the list (`?session=<uid>`): loading, not found, no access, error. */
export function SessionPanel({
  uid,
  onClose,
  nameOf,
}: {
  uid: string | null
  onClose: () => void
  nameOf: (code: string) => string
}) {
  const { t } = useTranslation()
  const query = useEvSession(uid)
  const session = query.data
  let body
  if (session) body = <Loaded session={session} nameOf={nameOf} />
  else if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    body = (
      <EmptyState
        title={
          notFound
            ? t('cpoSessions.detail.notFound')
            : isForbidden(query.error)
              ? t('table.noAccessTitle')
              : t('table.errorTitle')
        }
        description={notFound ? t('cpoSessions.detail.notFoundDescription') : query.error.message}
      />
    )
  } else
    body = (
      <div className="flex justify-center py-24">
        <Loader message={t('ui.loading')} />
      </div>
    )
  return (
    <SessionDrawer
      open={uid !== null}
      onClose={onClose}
      title={session ? session.location.name : t('cpoSessions.detail.title')}
      subtitle={session ? `${session.external_id} · ${session.evse_id}` : uid}
    >
      {body}
    </SessionDrawer>
  )
}
