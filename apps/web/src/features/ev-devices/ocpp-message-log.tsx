import type { OcppMessage, OcppMessageListQuery } from '@portal/contract'
import { LiveEventName, OCPP_MESSAGE_KINDS, OCPP_MESSAGE_PAGE_SIZE, formatDateTimeMs } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { ExportButton } from '@/components/export/export-button'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { isForbidden } from '@/lib/http'
import { useLiveRefresh } from '@/lib/live/live-store'
import { useOcppMessages } from './api/ev-devices-api'

/** The log's filters live in the URL beside the page's own, prefixed so a link to a charger keeps them. */
export const LOG_KEYS = {
  direction: 'log_direction',
  kind: 'log_kind',
  action: 'log_action',
  offset: 'log_offset',
}

const head =
  'px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase text-left'
const cell = 'px-3 py-1.5 whitespace-nowrap align-top'
const select =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600'

/** The query the URL holds: unknown values are dropped rather than sent (the server would refuse them). */
export function logQueryOf(params: URLSearchParams): OcppMessageListQuery {
  const direction = params.get(LOG_KEYS.direction)
  const kind = params.get(LOG_KEYS.kind)
  const action = params.get(LOG_KEYS.action)?.trim()
  const offset = Number(params.get(LOG_KEYS.offset) ?? 0)
  return {
    ...(direction === 'in' || direction === 'out' ? { direction } : {}),
    ...(kind !== null && (OCPP_MESSAGE_KINDS as readonly string[]).includes(kind)
      ? { kind: kind as OcppMessage['kind'] }
      : {}),
    ...(action ? { action: action.slice(0, 64) } : {}),
    limit: OCPP_MESSAGE_PAGE_SIZE,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  }
}

function Row({ m }: { m: OcppMessage }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const tone =
    m.kind === 'CALLERROR' || m.kind === 'INVALID'
      ? 'text-red-700'
      : m.kind === 'CALL'
        ? 'text-slate-900'
        : 'text-slate-600'
  return (
    <tr className="border-b border-slate-100 last:border-b-0">
      <td className={`${cell} text-slate-600 tabular-nums`}>{formatDateTimeMs(m.at)}</td>
      <td className={cell}>
        <span
          className={m.direction === 'in' ? 'text-emerald-700' : 'text-sky-700'}
          title={t(`evDevices.log.direction.${m.direction}`)}
        >
          {m.direction === 'in' ? '→' : '←'} {t(`evDevices.log.directionShort.${m.direction}`)}
        </span>
      </td>
      <td className={`${cell} font-medium ${tone}`}>{m.action || '—'}</td>
      <td className={`${cell} font-mono text-xs ${tone}`}>{m.kind}</td>
      <td className={`${cell} text-right text-slate-600 tabular-nums`}>
        {m.latency_ms === null ? '' : `${String(m.latency_ms)} ms`}
      </td>
      <td className="w-full max-w-0 min-w-64 px-3 py-1.5 align-top">
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          className={`block w-full text-left font-mono text-xs text-slate-700 hover:text-slate-950 ${open ? 'break-all whitespace-pre-wrap' : 'truncate'}`}
          title={open ? t('evDevices.log.collapse') : t('evDevices.log.expand')}
        >
          {m.payload}
        </button>
      </td>
    </tr>
  )
}

/**
 * The charger's OCPP message log (issue 14): every frame in and out, newest first, filtered by direction, type and
 * action, paged, and exported as a job with the same filters.
 */
export function OcppMessageLog({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const query = logQueryOf(params)
  const messages = useOcppMessages(uid, query)
  // The newest frames as the charger sends them (issue 16): on the first page only, so a page being read stays put.
  // The log is written in batches, so the page is read a moment after the event.
  useLiveRefresh(
    [
      LiveEventName.chargerStatus,
      LiveEventName.connectorStatus,
      LiveEventName.sessionStarted,
      LiveEventName.sessionUpdated,
      LiveEventName.sessionStopped,
    ],
    () => void messages.refetch(),
    {
      everyMs: 2_000,
      when: (event) =>
        (query.offset ?? 0) === 0 && 'charge_point' in event.data && event.data.charge_point === uid,
    },
  )
  const [action, setAction] = useState(query.action ?? '')
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        if (value === '') next.delete(key)
        else next.set(key, value)
        if (key !== LOG_KEYS.offset) next.delete(LOG_KEYS.offset)
        return next
      },
      { replace: true },
    )
  const { limit: _limit, offset = 0, ...filters } = query
  const data = messages.data
  const from = offset + 1
  const to = offset + (data?.messages.length ?? 0)
  const title = t('evDevices.log.title')
  return (
    <DetailCard
      title={title}
      padded={false}
      actions={<ExportButton source="ocpp-messages" filters={{ charger_uid: uid, ...filters }} />}
    >
      <form
        className="flex flex-wrap items-end gap-2 border-b border-slate-200 px-4 py-2.5"
        onSubmit={(e) => {
          e.preventDefault()
          set(LOG_KEYS.action, action.trim())
        }}
      >
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          {t('evDevices.log.directionLabel')}
          <select
            className={select}
            value={query.direction ?? ''}
            onChange={(e) => set(LOG_KEYS.direction, e.target.value)}
          >
            <option value="">{t('evDevices.log.all')}</option>
            <option value="in">{t('evDevices.log.direction.in')}</option>
            <option value="out">{t('evDevices.log.direction.out')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          {t('evDevices.log.kindLabel')}
          <select
            className={select}
            value={query.kind ?? ''}
            onChange={(e) => set(LOG_KEYS.kind, e.target.value)}
          >
            <option value="">{t('evDevices.log.all')}</option>
            {OCPP_MESSAGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          {t('evDevices.log.actionLabel')}
          <input
            className={`${select} w-48`}
            value={action}
            maxLength={64}
            placeholder="Heartbeat"
            onChange={(e) => setAction(e.target.value)}
            onBlur={() => set(LOG_KEYS.action, action.trim())}
          />
        </label>
        <span className="ml-auto self-center text-sm text-slate-600" aria-live="polite">
          {data && data.count > 0
            ? t('evDevices.log.range', {
                from: from.toLocaleString(i18n.language),
                to: to.toLocaleString(i18n.language),
                count: data.count,
                total: `${data.count.toLocaleString(i18n.language)}${data.count_capped ? '+' : ''}`,
              })
            : null}
        </span>
      </form>
      {messages.isError ? (
        <EmptyState
          title={isForbidden(messages.error) ? t('evDevices.log.forbidden') : t('evDevices.log.failed')}
          description={
            isForbidden(messages.error) ? t('evDevices.log.forbiddenHint') : t('evDevices.log.failedHint')
          }
        />
      ) : !data ? (
        <div className="flex justify-center p-6">
          <Loader />
        </div>
      ) : data.messages.length === 0 ? (
        <EmptyState title={t('evDevices.log.empty')} description={t('evDevices.log.emptyHint')} />
      ) : (
        <>
          <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={title}>
            <table className="w-full border-collapse text-sm" aria-busy={messages.isFetching}>
              <caption className="sr-only">{title}</caption>
              <thead className="bg-slate-50">
                <tr className="border-b border-slate-200">
                  <th scope="col" className={head}>
                    {t('evDevices.log.time')}
                  </th>
                  <th scope="col" className={head}>
                    {t('evDevices.log.directionLabel')}
                  </th>
                  <th scope="col" className={head}>
                    {t('evDevices.log.actionLabel')}
                  </th>
                  <th scope="col" className={head}>
                    {t('evDevices.log.kindLabel')}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {t('evDevices.log.latency')}
                  </th>
                  <th scope="col" className={head}>
                    {t('evDevices.log.payload')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.messages.map((m) => (
                  <Row key={m.id} m={m} />
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label={t('evDevices.log.pages')}
            className="flex items-center justify-end gap-2 border-t border-slate-200 px-4 py-2"
          >
            <Button
              variant="secondaryBasic"
              size="sm"
              disabled={offset === 0}
              onClick={() => set(LOG_KEYS.offset, String(Math.max(0, offset - OCPP_MESSAGE_PAGE_SIZE)))}
            >
              {t('evDevices.log.newer')}
            </Button>
            <Button
              variant="secondaryBasic"
              size="sm"
              disabled={to >= data.count}
              onClick={() => set(LOG_KEYS.offset, String(offset + OCPP_MESSAGE_PAGE_SIZE))}
            >
              {t('evDevices.log.older')}
            </Button>
          </nav>
        </>
      )}
    </DetailCard>
  )
}
