import type { ChargingPeriod, SessionStage } from '@portal/contract'
import {
  buildStageTimeline,
  chargeProtocols,
  formatDateTime,
  powerTypes,
  SESSION_STAGES,
  stopReasons,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { ReactNode } from 'react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { RefundPanel } from './refund-panel'
import { formatKwh, formatShortDuration, formatUnits } from './session-format'
import type { ChargingSessionDetailProps, SessionDetailView, SessionMoneyPair } from './session-detail-view'
import { SessionStatusBadge } from './session-status-badge'
import { STAGE_COLOURS, StageTimeline } from './stage-timeline'

const DASH = '—'

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {actions}
      </div>
      <div className="p-4">{children}</div>
    </section>
  )
}

function Tile({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white px-4 py-3">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="mt-1 truncate text-lg font-semibold text-slate-900 tabular-nums">{value}</p>
      {sub && <p className="truncate text-xs text-slate-500">{sub}</p>}
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children ?? DASH}</dd>
    </div>
  )
}

const isStage = (value: string): value is SessionStage => (SESSION_STAGES as string[]).includes(value)

function dimension(period: ChargingPeriod, type: 'ENERGY' | 'TIME'): number | null {
  const found = period.dimensions.filter((d) => d.type === type)
  return found.length === 0 ? null : found.reduce((sum, d) => sum + d.volume, 0)
}

/**
 * The charging session detail shared by every session screen (CPO/EMSP, busways, voltnet): the summary, the stage
 * timeline, costs by type with and without tax, the session's facts, its charging periods, and — where the caller
 * may refund — the refund panel toggle with the refunds already made.
 */
export function ChargingSessionDetail({ session, refund = null, now }: ChargingSessionDetailProps) {
  const { t, i18n } = useTranslation()
  // "Now" is fixed when the detail opens, so a running session's timeline does not shift on every render.
  const [openedAt] = useState(() => now ?? Date.now())
  const at = now ?? openedAt
  const spans = useMemo(
    () =>
      buildStageTimeline(
        {
          start_date_time: session.startDateTime,
          end_date_time: session.endDateTime,
          charging_periods: session.chargingPeriods,
        },
        at,
      ),
    [session.startDateTime, session.endDateTime, session.chargingPeriods, at],
  )
  const running = session.endDateTime === null
  // A session without periods (a failed start) never charged: no timeline to draw, no charging time to show.
  const hasPeriods = session.chargingPeriods.length > 0
  const chargingMs = spans.find((s) => s.stage === 'CHARGING')?.duration_ms ?? 0
  const totalMs = Math.max(0, (session.endDateTime ?? at) - session.startDateTime)
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? DASH : formatUnits(value, session.currency)

  const costRows: [string, SessionMoneyPair | null][] = [
    [t('chargingSession.cost.energy'), session.costsByType.energy],
    [t('chargingSession.cost.time'), session.costsByType.time],
    [t('chargingSession.cost.parkingTime'), session.costsByType.parkingTime],
    [t('chargingSession.cost.flat'), session.costsByType.flat],
  ]
  const periods = [...session.chargingPeriods].sort((a, b) => a.start_date_time - b.start_date_time)
  const periodEnd = (i: number) => periods[i + 1]?.start_date_time ?? session.endDateTime ?? at

  return (
    <div className="flex flex-col gap-4" data-testid="charging-session-detail">
      <div className="flex flex-wrap items-center gap-2">
        <SessionStatusBadge status={session.status} />
        {session.stopReason && (
          <span className="text-sm text-slate-600">{labelOf(stopReasons, session.stopReason)}</span>
        )}
        {running && <span className="text-sm text-sky-700">{t('chargingSession.running')}</span>}
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label={t('chargingSession.tile.total')}
          value={money(session.totalCost.inclVat)}
          sub={t('chargingSession.tile.exclTax', { amount: money(session.totalCost.exclVat) })}
        />
        <Tile
          label={t('chargingSession.tile.energy')}
          value={`${formatKwh(session.energyKwh, i18n.language)} kWh`}
          sub={
            session.pricePerKwh
              ? t('chargingSession.tile.perKwh', {
                  amount: session.pricePerKwh.inclVat.toFixed(4),
                  currency: session.currency,
                })
              : undefined
          }
        />
        <Tile
          label={t('chargingSession.tile.charging')}
          value={hasPeriods ? formatShortDuration(chargingMs) : DASH}
          sub={t('chargingSession.tile.connected', { duration: formatShortDuration(totalMs) })}
        />
        <Tile
          label={t('chargingSession.tile.paid')}
          value={money(session.paid)}
          sub={
            session.refunded !== null && session.refunded > 0
              ? t('chargingSession.tile.refunded', { amount: money(session.refunded) })
              : undefined
          }
        />
      </div>

      <Section title={t('chargingSession.timeline.title')}>
        <StageTimeline spans={hasPeriods ? spans : []} running={running} />
      </Section>

      <Section title={t('chargingSession.cost.title')}>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-500 uppercase">
              <th scope="col" className="py-1.5 pr-2 font-semibold">
                {t('chargingSession.cost.type')}
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                {t('chargingSession.cost.exclTax')}
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                {t('chargingSession.cost.inclTax')}
              </th>
            </tr>
          </thead>
          <tbody>
            {costRows.map(([label, pair]) => (
              <tr key={label} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-700">
                  {label}
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums">{money(pair?.exclVat)}</td>
                <td className="py-1.5 text-right tabular-nums">{money(pair?.inclVat)}</td>
              </tr>
            ))}
            <tr className="font-semibold text-slate-900">
              <th scope="row" className="py-1.5 pr-2 text-left">
                {t('chargingSession.cost.total')}
              </th>
              <td className="py-1.5 pr-2 text-right tabular-nums">{money(session.totalCost.exclVat)}</td>
              <td className="py-1.5 text-right tabular-nums">{money(session.totalCost.inclVat)}</td>
            </tr>
          </tbody>
        </table>
      </Section>

      {refund && (
        <Section title={t('chargingSession.refund.title')}>
          <RefundPanel refund={refund} currency={session.currency} paid={session.paid ?? 0} />
        </Section>
      )}
      {session.refunds.length > 0 && (
        <Section title={t('chargingSession.refunds.title', { n: session.refunds.length })}>
          <ul className="divide-y divide-slate-100" data-testid="session-refunds">
            {session.refunds.map((r) => (
              <li
                key={r.uuid}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900 tabular-nums">
                    {formatUnits(r.amount, session.currency)}
                  </p>
                  <p className="text-sm break-words text-slate-600">{r.reason}</p>
                </div>
                <p className="text-xs text-slate-500">
                  {t('chargingSession.refunds.by', {
                    name: r.createdByName,
                    at: formatDateTime(r.createdAt),
                  })}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title={t('chargingSession.details.title')}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
          <Fact label={t('chargingSession.details.id')}>
            <span className="font-mono text-xs">{session.id}</span>
          </Fact>
          <Fact label={t('chargingSession.details.externalId')}>{session.externalId}</Fact>
          <Fact label={t('chargingSession.details.start')}>{formatDateTime(session.startDateTime)}</Fact>
          <Fact label={t('chargingSession.details.end')}>
            {session.endDateTime === null
              ? t('chargingSession.running')
              : formatDateTime(session.endDateTime)}
          </Fact>
          {session.cpoEntityName !== null && (
            <Fact label={t('chargingSession.details.cpo')}>{session.cpoEntityName}</Fact>
          )}
          {session.emspEntityName !== null && (
            <Fact label={t('chargingSession.details.emsp')}>{session.emspEntityName}</Fact>
          )}
          <Fact label={t('chargingSession.details.location')}>{session.locationName}</Fact>
          <Fact label={t('chargingSession.details.address')}>{session.locationAddress}</Fact>
          <Fact label={t('chargingSession.details.evseId')}>{session.evseId}</Fact>
          <Fact label={t('chargingSession.details.connector')}>
            {session.connectorPhysicalReference ?? session.connectorId}
          </Fact>
          <Fact label={t('chargingSession.details.chargerType')}>
            {session.powerType === null ? null : labelOf(powerTypes, session.powerType)}
          </Fact>
          <Fact label={t('chargingSession.details.maxPower')}>
            {session.maxPowerKw === null ? null : `${String(session.maxPowerKw)} kW`}
          </Fact>
          <Fact label={t('chargingSession.details.protocol')}>
            {session.protocol === null ? null : labelOf(chargeProtocols, session.protocol)}
          </Fact>
          <Fact label={t('chargingSession.details.paymentMethod')}>{session.paymentMethodCode}</Fact>
          <Fact label={t('chargingSession.details.licensePlate')}>{session.licensePlate}</Fact>
          <Fact label={t('chargingSession.details.user')}>{session.userName}</Fact>
          <Fact label={t('chargingSession.details.operator')}>{session.operatorName}</Fact>
          <Fact label={t('chargingSession.details.invoice')}>{session.invoiceReferenceId}</Fact>
          {session.extraFacts?.map((f) => (
            <Fact key={f.label} label={f.label}>
              {f.value}
            </Fact>
          ))}
        </dl>
      </Section>

      <Section title={t('chargingSession.periods.title', { n: periods.length })}>
        {periods.length === 0 ? (
          <p className="text-sm text-slate-500">{t('chargingSession.periods.empty')}</p>
        ) : (
          <div
            className="-mx-4 overflow-x-auto px-4"
            tabIndex={0}
            role="group"
            aria-label={t('chargingSession.periods.title', { n: periods.length })}
          >
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs whitespace-nowrap text-slate-500 uppercase">
                  <th scope="col" className="py-1.5 pr-3 font-semibold">
                    {t('chargingSession.periods.start')}
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-semibold">
                    {t('chargingSession.periods.stage')}
                  </th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                    {t('chargingSession.periods.energy')}
                  </th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                    {t('chargingSession.periods.time')}
                  </th>
                  <th scope="col" className="py-1.5 text-right font-semibold">
                    {t('chargingSession.periods.duration')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {periods.map((p, i) => {
                  const energy = dimension(p, 'ENERGY')
                  const time = dimension(p, 'TIME')
                  const stage = p.session_stage
                  return (
                    <tr
                      key={`${String(p.start_date_time)}-${String(i)}`}
                      className="border-b border-slate-100 last:border-0"
                    >
                      <td className="py-1.5 pr-3 whitespace-nowrap tabular-nums">
                        {formatDateTime(p.start_date_time)}
                      </td>
                      <td className="py-1.5 pr-3 whitespace-nowrap">
                        <span className="inline-flex items-center gap-1.5">
                          <span
                            aria-hidden="true"
                            className={cn(
                              'size-2 rounded-full',
                              isStage(stage) ? STAGE_COLOURS[stage].dot : 'bg-slate-300',
                            )}
                          />
                          {isStage(stage) ? t(`chargingSession.stage.${stage}`) : stage}
                        </span>
                      </td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">
                        {energy === null ? DASH : formatKwh(energy, i18n.language)}
                      </td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">
                        {time === null ? DASH : time.toFixed(3)}
                      </td>
                      <td className="py-1.5 text-right tabular-nums">
                        {formatShortDuration(periodEnd(i) - p.start_date_time)}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </div>
  )
}

export type { SessionDetailView }
