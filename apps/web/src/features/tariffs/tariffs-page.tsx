import type { Tariff } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { ListState } from '@/components/data-table/list-state'
import { useList } from '@/components/data-table/use-list'
import { fromLocalInput, toLocalInput } from '@/components/orders/date-range'
import { PageHeader } from '@/components/page/page-header'
import { useSession } from '@/lib/session/session-store'
import { tariffKeys } from './api/tariff-keys'
import { listTariffs, useTariffProbe } from './api/tariffs-api'
import { tariffColumns } from './tariff-columns'
import { isBarFilter, KEYS, rangeIsValid, rangeOf, tariffFilterDefs, tariffListQuery } from './tariff-filters'
import { nextPageOf, probeQueryOf, shouldProbe, TARIFFS_PAGE_SIZE } from './tariff-paging'

const inputClass =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-rose-400'

/** The last-update range (ms in the URL), open at both ends until the user picks. */
function RangeControl({ list }: { list: ListState }) {
  const { t } = useTranslation()
  const range = rangeOf(list)
  const valid = rangeIsValid(range)
  const toSeconds = (ms: number | undefined) => (ms === undefined ? '' : toLocalInput(Math.floor(ms / 1000)))
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('tariffs.filter.range')}>
        <span className="text-sm text-slate-600">{t('tariffs.filter.range')}</span>
        <label className="flex items-center gap-1 text-sm text-slate-600">
          <span className="sr-only sm:not-sr-only">{t('tariffs.filter.from')}</span>
          <input
            type="datetime-local"
            aria-label={t('tariffs.filter.from')}
            aria-invalid={valid ? undefined : true}
            className={inputClass}
            value={toSeconds(range.from)}
            onChange={(e) => {
              const s = fromLocalInput(e.target.value, false)
              list.setFilter(KEYS.from, s === undefined ? '' : String(s * 1000))
            }}
          />
        </label>
        <label className="flex items-center gap-1 text-sm text-slate-600">
          <span className="sr-only sm:not-sr-only">{t('tariffs.filter.to')}</span>
          <input
            type="datetime-local"
            aria-label={t('tariffs.filter.to')}
            aria-invalid={valid ? undefined : true}
            className={inputClass}
            value={toSeconds(range.to)}
            onChange={(e) => {
              const s = fromLocalInput(e.target.value, true)
              list.setFilter(KEYS.to, s === undefined ? '' : String(s * 1000 + 999))
            }}
          />
        </label>
        {(range.from !== undefined || range.to !== undefined) && (
          <button
            type="button"
            className="text-sm text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={() => {
              list.setFilter(KEYS.from, '')
              list.setFilter(KEYS.to, '')
            }}
          >
            {t('tariffs.filter.clearRange')}
          </button>
        )}
      </div>
      {!valid && (
        <p role="alert" className="text-xs text-rose-700">
          {t('tariffs.filter.rangeInvalid')}
        </p>
      )}
    </div>
  )
}

const rowId = (r: Tariff) => r.uid

/** The list's own path: /tariff (CPO) or /voltnet/tariffs (Voltnet); a row opens `<base>/<uid>`. */
export function tariffBase(pathname: string): '/tariff' | '/voltnet/tariffs' {
  return pathname.startsWith('/voltnet/') ? '/voltnet/tariffs' : '/tariff'
}

/**
 * Tariffs (/tariff for a CPO, /voltnet/tariffs for Voltnet; B §3, §4, §7, §8, §9): the entity's tariffs, newest
 * update first, filtered by last-update range and external id, 25 a page. The next page is known only by B §4's
 * probe: asked when a page comes back full (count = 25); a failed probe means no next page (B §8).
 */
export function TariffsPage() {
  const { t } = useTranslation()
  const { entityCode } = useSession()
  const { pathname } = useLocation()
  const base = tariffBase(pathname)
  // "Now" is fixed while the page is open, so the validity badges do not change between renders.
  const [now] = useState(() => Date.now())
  const defs = useMemo(() => tariffFilterDefs(t), [t])
  const columns = useMemo(() => tariffColumns(t, now), [t, now])
  const { list, table, query, body } = useList({
    filters: defs,
    pageSize: TARIFFS_PAGE_SIZE,
    paging: 'full-page',
    request: (state, page) => tariffListQuery(state, page, entityCode),
    queryKey: (q, entity) => tariffKeys.list(entity, q),
    fetch: listTariffs,
    rows: (data) => data.tariffs,
    invalid: (state) => (rangeIsValid(rangeOf(state)) ? undefined : t('tariffs.filter.rangeInvalid')),
  })
  // B §4: the probe is asked for the page on screen only (not a previous page kept while the next one loads).
  const count = query.isSuccess && !query.isPlaceholderData ? query.data.count : undefined
  const probe = useTariffProbe(probeQueryOf(body), count !== undefined && shouldProbe(count))
  const hasNextPage = nextPageOf(
    count,
    probe.isError
      ? { status: 'error' }
      : probe.isSuccess
        ? { status: 'success', count: probe.data.count }
        : probe.fetchStatus === 'idle'
          ? undefined
          : { status: 'pending' },
  )
  const title = base === '/tariff' ? t('tariffs.title') : t('tariffs.titleVoltnet')

  return (
    <>
      <PageHeader title={title} description={t('tariffs.subtitle')} />
      <DataTable
        tableId="tariffs"
        caption={title}
        columns={columns}
        getRowId={rowId}
        rowHref={(r) => `${base}/${encodeURIComponent(r.uid)}`}
        {...table}
        // The tariffs learn the next page from their own probe call (B §4), not from the page's length.
        hasNextPage={hasNextPage}
        fetching={table.fetching || probe.isFetching}
        emptyTitle={t('tariffs.empty')}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter(isBarFilter)} list={list} />
            <RangeControl list={list} />
          </div>
        }
      />
    </>
  )
}
