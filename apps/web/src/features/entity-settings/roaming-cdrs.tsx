import type { OcpiCdrFilterRequest, OcpiCdrView } from '@portal/contract'
import { formatDateTime, formatMoney, minorUnitDigits, OCPI_CDR_PAGE_SIZE } from '@portal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { dash } from '@/components/form-kit/detail-state'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon, WarningIcon } from '@/components/ui/icons/icons'
import { Loader } from '@/components/ui/loader/loader'
import { isForbidden } from '@/lib/http'
import { serverMessage } from '@/lib/server-messages'
import { useSession } from '@/lib/session/session-store'
import { cdrKeys, fetchPartnerCdrs } from './api/roaming-cdrs'

/*
 * The CDRs card of a partner's details (issue 17): ours sent to the partner as its CPO, and its own received as its
 * eMSP with our pricing of them beside; one whose totals differ from ours by more than a cent is marked for review.
 */

/** The filters live in the address beside the message log's, so a reload or a link keeps them. */
export const CDR_KEYS = {
  direction: 'cdr_direction',
  flagged: 'cdr_flagged',
  offset: 'cdr_offset',
} as const

/** The request the address holds: unknown values are dropped rather than sent (the server would refuse them). */
export function cdrFilterOf(params: URLSearchParams): OcpiCdrFilterRequest {
  const direction = params.get(CDR_KEYS.direction)
  const offset = Number(params.get(CDR_KEYS.offset) ?? 0)
  return {
    ...(direction === 'in' || direction === 'out' ? { direction } : {}),
    ...(params.get(CDR_KEYS.flagged) === '1' ? { flagged: true } : {}),
    limit: OCPI_CDR_PAGE_SIZE,
    offset: Number.isInteger(offset) && offset > 0 ? Math.min(offset, 100_000) : 0,
  }
}

/** An amount in currency units as the portal writes money: 12.3 SGD is "SGD 12.30", 500 JPY "JPY 500". */
export const moneyText = (units: number, currency: string) =>
  formatMoney(Math.round(units * 10 ** minorUnitDigits(currency)), currency)

const head =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
const cell = 'px-3 py-2 align-top whitespace-nowrap'
const control =
  'h-8 rounded-md border border-slate-300 bg-white px-2 pr-7 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600'

function CdrRow({ c }: { c: OcpiCdrView }) {
  const { t, i18n } = useTranslation()
  const money = (units: number) => moneyText(units, c.currency)
  return (
    <tr className={cn('border-b border-slate-100 last:border-b-0', c.flagged && 'bg-amber-50/40')}>
      <td className={cell}>
        <span className="block font-mono text-xs text-slate-900">{c.cdr_id}</span>
        <span className={cn('text-xs', c.direction === 'in' ? 'text-emerald-700' : 'text-sky-700')}>
          <span aria-hidden="true">{c.direction === 'in' ? '←' : '→'}</span>{' '}
          {t(`roaming.cdrs.directions.${c.direction}`)}
        </span>
      </td>
      {/* No session screen takes a uid in its address (there is no /charging-sessions route): shown as text. */}
      {/* A uid is 36 characters: its start tells sessions apart, the whole is on hover. */}
      <td className={`${cell} max-w-32 truncate font-mono text-xs`} title={c.session_uid ?? undefined}>
        {c.session_uid ?? dash}
      </td>
      <td className={`${cell} tabular-nums`}>{formatDateTime(c.start_date_time)}</td>
      <td className={`${cell} text-right tabular-nums`}>
        {t('roaming.cdrs.kwh', {
          value: c.total_energy.toLocaleString(i18n.language, { maximumFractionDigits: 3 }),
        })}
      </td>
      <td className={`${cell} text-right tabular-nums`}>{money(c.total_excl_vat)}</td>
      <td className={`${cell} text-right tabular-nums`}>{money(c.total_incl_vat)}</td>
      <td
        className={cn(`${cell} text-right tabular-nums`, c.flagged && 'font-medium text-amber-800')}
        // Why it was not priced (no tariff, one our pricing cannot evaluate), when it was not flagged.
        title={!c.flagged && c.flag_reason !== null ? c.flag_reason : undefined}
      >
        {c.our_total_excl_vat === null ? dash : money(c.our_total_excl_vat)}
      </td>
      <td className={cell}>
        {c.flagged && (
          <Badge tone="warning" title={c.flag_reason ?? undefined}>
            <WarningIcon aria-hidden="true" className="size-3.5" />
            {t('roaming.cdrs.review')}
            {c.flag_reason !== null && <span className="sr-only">: {c.flag_reason}</span>}
          </Badge>
        )}
      </td>
    </tr>
  )
}

/**
 * The partner's CDRs (POST /ocpi/partners/{id}/cdrs/filter), both ways, newest first, filtered by direction and by
 * the review flag, paged like the message log.
 */
export function CdrsCard({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const { entityCode } = useSession()
  const [params, setParams] = useSearchParams()
  const filter = cdrFilterOf(params)
  const cdrs = useQuery({
    queryKey: cdrKeys.list(entityCode, id, filter),
    queryFn: ({ signal }) => fetchPartnerCdrs(id, filter, signal),
    placeholderData: keepPreviousData,
  })
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        if (value === '') next.delete(key)
        else next.set(key, value)
        if (key !== CDR_KEYS.offset) next.delete(CDR_KEYS.offset)
        return next
      },
      { replace: true },
    )
  const offset = filter.offset ?? 0
  const data = cdrs.data
  const from = offset + 1
  const to = offset + (data?.cdrs.length ?? 0)
  const title = t('roaming.cdrs.title')
  const number = (n: number) => n.toLocaleString(i18n.language)

  let body
  if (cdrs.isError) {
    body = isForbidden(cdrs.error) ? (
      <EmptyState title={t('table.noAccessTitle')} description={t('table.noAccessDescription')} />
    ) : (
      <EmptyState
        icon={<ErrorIcon />}
        title={t('roaming.cdrs.failed')}
        description={serverMessage(cdrs.error) || t('table.errorDescription')}
        action={
          <Button variant="classic" size="sm" onClick={() => void cdrs.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    )
  } else if (!data) {
    body = <Loader busy message={t('ui.loading')} className="py-10" />
  } else if (data.cdrs.length === 0) {
    const filtered = filter.direction !== undefined || filter.flagged === true
    body = (
      <EmptyState
        title={t('roaming.cdrs.empty')}
        description={filtered ? t('table.emptyFiltered') : t('roaming.cdrs.emptyHint')}
      />
    )
  } else {
    body = (
      <>
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-label={t('table.rowsOf', { caption: title })}
        >
          <table
            className={cn('w-full border-collapse text-sm', cdrs.isFetching && 'opacity-70')}
            aria-busy={cdrs.isFetching}
          >
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {t('roaming.cdrs.cdrId')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.cdrs.session')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.cdrs.start')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('roaming.cdrs.energy')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('roaming.cdrs.totalExclVat')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('roaming.cdrs.totalInclVat')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('roaming.cdrs.ourPricing')}
                </th>
                <th scope="col" className={head}>
                  <span className="sr-only">{t('roaming.cdrs.reviewColumn')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.cdrs.map((c) => (
                <CdrRow key={c.id} c={c} />
              ))}
            </tbody>
          </table>
        </div>
        <nav
          aria-label={t('roaming.cdrs.pages')}
          className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-2"
        >
          <span className="mr-auto text-sm text-slate-600" aria-live="polite">
            {t('table.range', { from: number(from), to: number(to), total: number(data.count) })}
          </span>
          <Button
            variant="secondaryBasic"
            size="sm"
            disabled={offset === 0 || cdrs.isFetching}
            onClick={() => set(CDR_KEYS.offset, String(Math.max(0, offset - OCPI_CDR_PAGE_SIZE)))}
          >
            {t('roaming.log.newer')}
          </Button>
          <Button
            variant="secondaryBasic"
            size="sm"
            disabled={to >= data.count || cdrs.isFetching}
            onClick={() => set(CDR_KEYS.offset, String(offset + OCPI_CDR_PAGE_SIZE))}
          >
            {t('roaming.log.older')}
          </Button>
        </nav>
      </>
    )
  }

  return (
    <section aria-label={title} className="mb-4 rounded-lg border border-slate-200 bg-white shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <Button
          variant="classic"
          size="sm"
          loading={cdrs.isFetching && data !== undefined}
          onClick={() => void cdrs.refetch()}
        >
          {t('roaming.log.refresh')}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 px-4 py-2.5">
        {/*
         * Named "CDR direction" for assistive technology: the message log below has a Direction filter of its own,
         * and two controls of one name on a page cannot be told apart by name.
         */}
        <div className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          <span aria-hidden="true">{t('roaming.log.direction')}</span>
          <select
            aria-label={t('roaming.cdrs.direction')}
            className={control}
            value={filter.direction ?? ''}
            onChange={(e) => set(CDR_KEYS.direction, e.target.value)}
          >
            <option value="">{t('entitySettings.all')}</option>
            <option value="in">{t('roaming.cdrs.directionsLong.in')}</option>
            <option value="out">{t('roaming.cdrs.directionsLong.out')}</option>
          </select>
        </div>
        <label
          className={cn(
            'inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-sm select-none',
            filter.flagged
              ? 'border-amber-300 bg-amber-50 text-amber-900'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          <input
            type="checkbox"
            className="size-4 accent-amber-600"
            checked={filter.flagged === true}
            onChange={(e) => set(CDR_KEYS.flagged, e.target.checked ? '1' : '')}
          />
          {t('roaming.cdrs.flaggedOnly')}
        </label>
      </div>
      {body}
    </section>
  )
}
