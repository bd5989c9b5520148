import type { DashboardSessionDetail, VoltnetSessionDetail } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { SessionDetailView } from '@/components/charging-session/session-detail-view'

/** The address with the city and postal code, each added only when the address does not already name it. */
export function fullAddress(
  s: Pick<DashboardSessionDetail, 'locationAddress' | 'locationCity' | 'locationPostalCode'>,
) {
  const address = s.locationAddress.trim()
  const extra = [s.locationCity, s.locationPostalCode].filter(
    (part) => part.trim() !== '' && !address.toLowerCase().includes(part.trim().toLowerCase()),
  )
  return [address, ...extra].filter(Boolean).join(', ')
}

/**
 * A dashboard session (busways v3, voltnet v1) in the shared detail component's terms. Money is already in currency
 * units; names of the CPO and EMSP come from the charging entity directory ("Unknown Entity" when not found).
 */
export function toDetailView(
  s: DashboardSessionDetail | VoltnetSessionDetail,
  nameOf: (code: string) => string,
  t: TFunction,
): SessionDetailView {
  return {
    id: s._id,
    externalId: s.externalId,
    status: s.state,
    stopReason: s.stopReason,
    currency: s.currency,
    startDateTime: s.startDateTime,
    endDateTime: s.endDateTime,
    energyKwh: s.kWh,
    pricePerKwh: s.pricePerKwh,
    costsByType: {
      energy: s.costsByType.energy,
      time: s.costsByType.time,
      parkingTime: s.costsByType.parkingTime,
      flat: s.costsByType.flat,
    },
    totalCost: { exclVat: s.totalCostExclTax, inclVat: s.totalCost },
    chargingPeriods: s.chargingPeriods,
    cpoEntityName: nameOf(s.entityCode),
    emspEntityName: nameOf(s.emspEntityCode),
    locationName: s.location,
    locationAddress: fullAddress(s),
    evseId: s.evseId,
    connectorId: s.connectorId,
    connectorPhysicalReference: s.connectorPhysicalReference,
    powerType: s.chargerType,
    maxPowerKw: s.maxPowerKw,
    protocol: s.protocol,
    paymentMethodCode: s.paymentMethodCode,
    licensePlate: s.licensePlate,
    userName: s.userName,
    operatorName: s.operatorName,
    invoiceReferenceId: s.invoiceReferenceId,
    paid: s.paid,
    refunded: s.refunded,
    refunds:
      'refunds' in s
        ? s.refunds.map((r) => ({
            uuid: r.uuid,
            amount: r.amount,
            reason: r.reason,
            createdAt: r.createdAt,
            createdByName: r.createdByName,
          }))
        : [],
    extraFacts: [
      ...(s.userID ? [{ label: t('busSessions.detail.userId'), value: s.userID }] : []),
      ...(s.tariffName ? [{ label: t('busSessions.detail.tariff'), value: s.tariffName }] : []),
      { label: t('busSessions.detail.connectivity'), value: s.connectivity },
    ],
  }
}
