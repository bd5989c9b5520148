import type { EvSession } from '@portal/contract'
import {
  buildStageTimeline,
  chargeProtocols,
  formatDateTime,
  minorUnitDigits,
  powerTypes,
  stopReasons,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { Badge } from '@/components/ui/badge/badge'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { formatShortDuration } from '@/components/charging-session/session-format'
import { SessionStatusBadge } from '@/components/charging-session/session-status-badge'
import { SESSION_EXPORT_HEADERS } from '@/components/charging-session/session-export-headers'

const DASH = '—'

/**
 * The CPO or EMSP side of a session: the entity, or on a roaming session (issue 17) the partner that plays this side,
 * marked with its OCPI party.
 */
function sideName(t: TFunction, s: EvSession, side: 'CPO' | 'EMSP', entity: string): React.ReactNode {
  if (s.roaming?.side !== side) return entity
  return (
    <span className="inline-flex items-center gap-1.5">
      <span>{s.roaming.partner_name}</span>
      <Badge tone="info" title={t('cpoSessions.roamingTitle', { party: s.roaming.party })}>
        {t('cpoSessions.roaming', { party: s.roaming.party })}
      </Badge>
    </span>
  )
}

/** An amount in currency units with the currency's digits (the Currency column names the currency). */
export function amount(value: number, currency: string): string {
  const digits = minorUnitDigits(currency)
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/** Charging Duration: the CHARGING stage of the session's timeline (start until parking began, or until now). */
export function chargingDurationMs(s: EvSession, now: number): number {
  const spans = buildStageTimeline(s, now)
  return spans.find((x) => x.stage === 'CHARGING')?.duration_ms ?? 0
}

/** This list's export headers: its id column, then the session columns every sessions list shares. */
const LIST_EXPORT_HEADERS: Readonly<Record<string, string>> = {
  uid: 'Charging Session ID',
  ...SESSION_EXPORT_HEADERS,
}

/** Columns the list hides until asked for (B §3): the entity codes and the CDR token. */
export const HIDDEN_BY_DEFAULT = ['cpo_entity_code', 'emsp_entity_code', 'cdr_token'] as const
/** Reset of the column picker turns every column on except the (CPO) entity code and the CDR token (B §3). */
export const OFF_AFTER_RESET = ['cpo_entity_code', 'cdr_token'] as const

/**
 * The session list's columns (B §3 "Columns on by default", labels exactly as written there), then the codes the
 * list hides by default. Entity names come from the charging entity directory; unknown codes read "Unknown Entity".
 */
export function sessionColumns(
  t: TFunction,
  nameOf: (code: string) => string,
  now: number,
): DataColumn<EvSession>[] {
  const money = (pick: (s: EvSession) => number) => (s: EvSession) => amount(pick(s), s.currency)
  const col = (
    id: string,
    cell: (s: EvSession) => React.ReactNode,
    extra: Partial<DataColumn<EvSession>> = {},
  ): DataColumn<EvSession> => ({
    id,
    header: t(`cpoSessions.column.${id}`),
    cell,
    exportHeader: LIST_EXPORT_HEADERS[id],
    ...extra,
  })
  const right = { align: 'right' as const }
  return [
    col('uid', (s) => <span className="font-mono text-xs">{s.uid}</span>),
    col('cpo_entity_name', (s) => sideName(t, s, 'CPO', nameOf(s.entity_code))),
    col('emsp_entity_name', (s) => sideName(t, s, 'EMSP', nameOf(s.emsp_entity_code))),
    col('evse_id', (s) => s.evse_id, { card: 'meta' }),
    col('location_name', (s) => s.location.name, { card: 'title' }),
    col('charger_type', (s) => labelOf(powerTypes, s.power_type)),
    col('max_power', (s) => s.max_power_kw.toLocaleString('en-US', { maximumFractionDigits: 1 }), right),
    col('location_address', (s) => s.location.address),
    col('connector_physical_reference', (s) => s.connector_physical_reference),
    col('status', (s) => <SessionStatusBadge status={s.status} />, { card: 'status' }),
    col('stop_reason', (s) => (s.stop_reason ? labelOf(stopReasons, s.stop_reason) : DASH)),
    col('protocol', (s) => labelOf(chargeProtocols, s.protocol)),
    col('payment_method', (s) => s.payment_method_code),
    col('tariff', (s) => (s.tariff ? s.tariff.price_per_kwh.incl_vat.toFixed(4) : DASH), right),
    col('kwh', (s) => s.kwh.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 }), {
      ...right,
      card: 'meta',
    }),
    col(
      'energy_cost',
      money((s) => s.costs_by_type.energy.incl_vat),
      right,
    ),
    col(
      'idle_cost',
      money((s) => s.costs_by_type.time.incl_vat),
      right,
    ),
    col(
      'hogging_cost',
      money((s) => s.costs_by_type.parking_time.incl_vat),
      right,
    ),
    col(
      'flat_cost',
      money((s) => s.costs_by_type.flat.incl_vat),
      right,
    ),
    col(
      'total_incl',
      money((s) => s.total_cost.incl_vat),
      { ...right, card: 'meta' },
    ),
    col(
      'total_excl',
      money((s) => s.total_cost.excl_vat),
      right,
    ),
    col('currency', (s) => s.currency),
    col('start', (s) => formatDateTime(s.start_date_time), { card: 'subtitle' }),
    col('end', (s) =>
      s.end_date_time === null ? t('chargingSession.running') : formatDateTime(s.end_date_time),
    ),
    col('duration', (s) => formatShortDuration(chargingDurationMs(s, now)), right),
    col('license_plate', (s) => s.license_plate ?? DASH),
    col('invoice', (s) => s.payment_transaction.invoiceReferenceId ?? DASH),
    col('cpo_entity_code', (s) => s.entity_code, { defaultVisible: false }),
    col('emsp_entity_code', (s) => s.emsp_entity_code, { defaultVisible: false }),
    col(
      'cdr_token',
      (s) => [s.cdr_token.entity_code, s.cdr_token.license_plate].filter(Boolean).join(' · '),
      {
        defaultVisible: false,
      },
    ),
  ]
}
