import type { OcpiMessage, OcpiMessageFilterRequest, OcpiModule, OcpiPartner } from '@portal/contract'
import {
  formatDateTime,
  formatDateTimeMs,
  OCPI_MESSAGE_PAGE_SIZE,
  OCPI_MODULES,
  OCPI_PULL_MODULES,
} from '@portal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Card } from '@/components/form-kit/fields'
import { dash } from '@/components/form-kit/detail-state'
import { Button } from '@/components/ui/button/button'
import { ExportButton } from '@/components/export/export-button'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError, isForbidden } from '@/lib/http'
import { useToast } from '@/components/ui/toast/toast'
import { serverMessage } from '@/lib/server-messages'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './api/entity-settings-keys'
import { fetchPartnerMessages, usePartner, useSyncPartner } from './api/roaming'
import type { AccessLevel } from './api/settings-access'
import { canEdit } from './api/settings-access'
import { CdrsCard } from './roaming-cdrs'
import { CommandsCard } from './roaming-commands'
import { PartnerRoles, PartnerStatus } from './roaming-parts'

/** The log's filters live in the address beside the tab's own, so a reload or a link keeps them. */
export const LOG_KEYS = {
  direction: 'log_direction',
  module: 'log_module',
  failed: 'log_failed',
  offset: 'log_offset',
} as const

/** The request the address holds: unknown values are dropped rather than sent (the server would refuse them). */
export function messageFilterOf(params: URLSearchParams): OcpiMessageFilterRequest {
  const direction = params.get(LOG_KEYS.direction)
  const module = params.get(LOG_KEYS.module)
  const offset = Number(params.get(LOG_KEYS.offset) ?? 0)
  return {
    ...(direction === 'in' || direction === 'out' ? { direction } : {}),
    ...(module !== null && (OCPI_MODULES as readonly string[]).includes(module)
      ? { module: module as OcpiModule }
      : {}),
    ...(params.get(LOG_KEYS.failed) === '1' ? { failed: true } : {}),
    limit: OCPI_MESSAGE_PAGE_SIZE,
    offset: Number.isInteger(offset) && offset > 0 ? Math.min(offset, 100_000) : 0,
  }
}

/** An HTTP status other than 2xx, an OCPI status other than 1xxx, or no answer at all: as the server's `failed`. */
export const isFailed = (m: OcpiMessage) =>
  m.error !== null ||
  (m.http_status !== null && (m.http_status < 200 || m.http_status > 299)) ||
  (m.ocpi_status !== null && (m.ocpi_status < 1000 || m.ocpi_status > 1999))

const head =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
const cell = 'px-3 py-2 align-top whitespace-nowrap'
const control =
  'h-8 rounded-md border border-slate-300 bg-white px-2 pr-7 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600'

/** A body as sent: JSON laid out for reading, anything else as it is. */
function pretty(body: string | null): string | null {
  if (body === null || body === '') return null
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function Body({ label, body }: { label: string; body: string | null }) {
  const { t } = useTranslation()
  const text = pretty(body)
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-semibold text-slate-600">{label}</p>
      {text === null ? (
        <p className="text-xs text-slate-500">{t('roaming.log.noBody')}</p>
      ) : (
        <pre
          // A long body scrolls in its own box; the box takes focus so the keyboard can scroll it.
          tabIndex={0}
          aria-label={label}
          className="max-h-80 overflow-auto rounded-md border border-slate-200 bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-800"
        >
          {text}
        </pre>
      )}
    </div>
  )
}

function MessageRow({ m }: { m: OcpiMessage }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const failed = isFailed(m)
  const bodiesId = `ocpi-message-${m.id}`
  const time = formatDateTimeMs(m.at)
  const bad = (status: number | null, ok: (s: number) => boolean) =>
    status !== null && !ok(status) ? 'font-medium text-rose-700' : 'text-slate-700'
  return (
    <Fragment>
      <tr className={cn('border-b border-slate-100', open && 'bg-slate-50', failed && 'bg-rose-50/40')}>
        <td className={cell}>
          <button
            type="button"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls={open ? bodiesId : undefined}
            aria-label={t(open ? 'roaming.log.hideBodies' : 'roaming.log.showBodies', { time })}
            className="inline-flex items-center gap-1.5 rounded text-left text-slate-700 tabular-nums hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
              className={cn('size-3.5 shrink-0 text-slate-400 transition-transform', open && 'rotate-90')}
            >
              <path d="M7.2 4.7a.8.8 0 0 1 1.1 0l4.8 4.8a.8.8 0 0 1 0 1.1l-4.8 4.7a.8.8 0 1 1-1.1-1.1L11.4 10 7.2 5.8a.8.8 0 0 1 0-1.1z" />
            </svg>
            {time}
          </button>
        </td>
        <td className={cell}>
          <span className={m.direction === 'in' ? 'text-emerald-700' : 'text-sky-700'}>
            <span aria-hidden="true">{m.direction === 'in' ? '←' : '→'}</span>{' '}
            {t(`roaming.log.directions.${m.direction}`)}
          </span>
        </td>
        <td className={`${cell} font-mono text-xs`}>{m.method}</td>
        <td className={cell}>{m.module ?? dash}</td>
        <td className="max-w-72 min-w-40 truncate px-3 py-2 align-top font-mono text-xs" title={m.url}>
          {m.url}
        </td>
        <td className={`${cell} text-right tabular-nums ${bad(m.http_status, (s) => s >= 200 && s < 300)}`}>
          {m.http_status ?? dash}
        </td>
        <td className={`${cell} text-right tabular-nums ${bad(m.ocpi_status, (s) => s >= 1000 && s < 2000)}`}>
          {m.ocpi_status ?? dash}
        </td>
        <td className={`${cell} text-right text-slate-600 tabular-nums`}>
          {m.latency_ms === null ? dash : t('roaming.log.latencyMs', { ms: m.latency_ms })}
        </td>
      </tr>
      {open && (
        <tr id={bodiesId} className="border-b border-slate-200 bg-slate-50">
          <td colSpan={8} className="px-3 pt-1 pb-3">
            {m.error && (
              <p role="note" className="mb-2 text-sm text-rose-700">
                {m.error}
              </p>
            )}
            <p className="mb-2 font-mono text-xs break-all text-slate-600">
              {m.method} {m.url}
            </p>
            <div className="grid gap-3 lg:grid-cols-2">
              <Body label={t('roaming.log.requestBody')} body={m.request_body} />
              <Body label={t('roaming.log.responseBody')} body={m.response_body} />
            </div>
            {(m.request_id ?? m.correlation_id) !== null && (
              <p className="mt-2 text-xs text-slate-500">
                {m.request_id !== null && t('roaming.log.requestId', { id: m.request_id })}
                {m.request_id !== null && m.correlation_id !== null && ' · '}
                {m.correlation_id !== null && t('roaming.log.correlationId', { id: m.correlation_id })}
              </p>
            )}
          </td>
        </tr>
      )}
    </Fragment>
  )
}

/**
 * The partner's message log (POST /ocpi/partners/{id}/messages/filter): every OCPI request in and out, newest
 * first, filtered by direction, module and failure, paged; a row opens to its request and response bodies.
 */
export function MessageLog({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const { entityCode } = useSession()
  const [params, setParams] = useSearchParams()
  const filter = messageFilterOf(params)
  const { limit: _limit, offset: _offset, ...exportFilter } = filter
  const messages = useQuery({
    queryKey: settingsKeys.roaming.messages(entityCode, id, filter),
    queryFn: ({ signal }) => fetchPartnerMessages(id, filter, signal),
    placeholderData: keepPreviousData,
  })
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
  const offset = filter.offset ?? 0
  const data = messages.data
  const from = offset + 1
  const to = offset + (data?.messages.length ?? 0)
  const title = t('roaming.log.title')
  const number = (n: number) => n.toLocaleString(i18n.language)

  let body
  if (messages.isError) {
    body = isForbidden(messages.error) ? (
      <EmptyState title={t('table.noAccessTitle')} description={t('table.noAccessDescription')} />
    ) : (
      <EmptyState
        icon={<ErrorIcon />}
        title={t('roaming.log.failed')}
        description={serverMessage(messages.error) || t('table.errorDescription')}
        action={
          <Button variant="classic" size="sm" onClick={() => void messages.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    )
  } else if (!data) {
    body = <Loader busy message={t('ui.loading')} className="py-10" />
  } else if (data.messages.length === 0) {
    const filtered = filter.direction !== undefined || filter.module !== undefined || filter.failed === true
    body = (
      <EmptyState
        title={t('roaming.log.empty')}
        description={filtered ? t('table.emptyFiltered') : t('roaming.log.emptyHint')}
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
            className={cn('w-full border-collapse text-sm', messages.isFetching && 'opacity-70')}
            aria-busy={messages.isFetching}
          >
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {t('roaming.log.time')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.log.direction')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.log.method')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.log.module')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.log.url')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('roaming.log.httpStatus')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('roaming.log.ocpiStatus')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('roaming.log.latency')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.messages.map((m) => (
                <MessageRow key={m.id} m={m} />
              ))}
            </tbody>
          </table>
        </div>
        <nav
          aria-label={t('roaming.log.pages')}
          className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-2"
        >
          <span className="mr-auto text-sm text-slate-600" aria-live="polite">
            {t('table.range', { from: number(from), to: number(to), total: number(data.count) })}
          </span>
          <Button
            variant="secondaryBasic"
            size="sm"
            disabled={offset === 0 || messages.isFetching}
            onClick={() => set(LOG_KEYS.offset, String(Math.max(0, offset - OCPI_MESSAGE_PAGE_SIZE)))}
          >
            {t('roaming.log.newer')}
          </Button>
          <Button
            variant="secondaryBasic"
            size="sm"
            disabled={to >= data.count || messages.isFetching}
            onClick={() => set(LOG_KEYS.offset, String(offset + OCPI_MESSAGE_PAGE_SIZE))}
          >
            {t('roaming.log.older')}
          </Button>
        </nav>
      </>
    )
  }

  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <div className="flex items-center gap-2">
          <Button
            variant="classic"
            size="sm"
            loading={messages.isFetching && data !== undefined}
            onClick={() => void messages.refetch()}
          >
            {t('roaming.log.refresh')}
          </Button>
          {/* The log as an export job (source ocpi-messages), with the filters shown. */}
          <ExportButton source="ocpi-messages" filters={{ partner_id: id, ...exportFilter }} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 px-4 py-2.5">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          {t('roaming.log.direction')}
          <select
            className={control}
            value={filter.direction ?? ''}
            onChange={(e) => set(LOG_KEYS.direction, e.target.value)}
          >
            <option value="">{t('entitySettings.all')}</option>
            <option value="in">{t('roaming.log.directionsLong.in')}</option>
            <option value="out">{t('roaming.log.directionsLong.out')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          {t('roaming.log.module')}
          <select
            className={control}
            value={filter.module ?? ''}
            onChange={(e) => set(LOG_KEYS.module, e.target.value)}
          >
            <option value="">{t('entitySettings.all')}</option>
            {OCPI_MODULES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label
          className={cn(
            'inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-sm select-none',
            filter.failed
              ? 'border-rose-300 bg-rose-50 text-rose-800'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          <input
            type="checkbox"
            className="size-4 accent-rose-600"
            checked={filter.failed === true}
            onChange={(e) => set(LOG_KEYS.failed, e.target.checked ? '1' : '')}
          />
          {t('roaming.log.failedOnly')}
        </label>
      </div>
      {body}
    </section>
  )
}

function Endpoints({ partner }: { partner: OcpiPartner }) {
  const { t } = useTranslation()
  const title = t('roaming.endpoints')
  return (
    <Card title={title} className="mb-4">
      {partner.endpoints.length === 0 ? (
        <p className="text-sm text-slate-600">{t('roaming.endpointsEmpty')}</p>
      ) : (
        <div className="-mx-4 -my-4 overflow-x-auto" tabIndex={0} role="group" aria-label={title}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {t('roaming.identifier')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.endpointRole')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.url')}
                </th>
              </tr>
            </thead>
            <tbody>
              {partner.endpoints.map((e) => (
                <tr key={`${e.identifier}:${e.role}`} className="border-b border-slate-100 last:border-b-0">
                  <td className={`${cell} font-medium`}>{e.identifier}</td>
                  <td className={`${cell} font-mono text-xs`}>{e.role}</td>
                  <td className="px-3 py-2 align-top font-mono text-xs break-all">{e.url}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

/** A pull or push result: 'ok: …' reads as done, anything else as the failure it says. */
function SyncResult({ at, result }: { at: number | null; result: string | null }) {
  const { t } = useTranslation()
  if (at === null) return <span className="text-slate-500">{t('roaming.never')}</span>
  const ok = result === null || result.startsWith('ok')
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap tabular-nums">{formatDateTime(at)}</span>
      {result !== null && (
        <span className={cn('text-xs whitespace-normal', ok ? 'text-slate-500' : 'text-rose-700')}>
          {result}
        </span>
      )}
    </span>
  )
}

/**
 * Per module, the latest full pull and push with the partner and how each went; an editor pulls a module now (POST
 * /ocpi/partners/{id}/sync, a job: its outcome shows here once it ran).
 */
function Sync({ partner, editable }: { partner: OcpiPartner; editable: boolean }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const sync = useSyncPartner(partner.id)
  const title = t('roaming.sync.title')
  const pull = (module: (typeof OCPI_PULL_MODULES)[number]) =>
    sync.mutate(
      { module },
      {
        onSuccess: () =>
          addToast({ variant: 'success', title: t('roaming.sync.queued', { module }), timeout: 5000 }),
        onError: (error) =>
          addToast({ variant: 'error', title: t('roaming.sync.failed'), message: serverMessage(error) }),
      },
    )
  return (
    <Card
      title={title}
      className="mb-4"
      actions={
        editable &&
        partner.status === 'connected' &&
        OCPI_PULL_MODULES.map((module) => (
          <Button
            key={module}
            variant="classic"
            size="sm"
            loading={sync.isPending && sync.variables.module === module}
            onClick={() => pull(module)}
          >
            {t('roaming.sync.pullNow', { module })}
          </Button>
        ))
      }
    >
      {partner.sync.length === 0 ? (
        <p className="text-sm text-slate-600">{t('roaming.sync.empty')}</p>
      ) : (
        <div className="-mx-4 -my-4 overflow-x-auto" tabIndex={0} role="group" aria-label={title}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {t('roaming.log.module')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.sync.lastPull')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.sync.lastPush')}
                </th>
              </tr>
            </thead>
            <tbody>
              {partner.sync.map((s) => (
                <tr key={s.module} className="border-b border-slate-100 last:border-b-0">
                  <td className={`${cell} font-medium`}>
                    {s.module}
                    {/* What a pull brought: the partner's locations sit in the charge locations list, marked. */}
                    {s.module === 'locations' && s.last_pull_at !== null ? (
                      <Link
                        to="/charge-locations"
                        className="ml-2 text-xs font-normal text-brand-700 underline"
                      >
                        {t('roaming.sync.viewLocations')}
                      </Link>
                    ) : null}
                  </td>
                  <td className="min-w-48 px-3 py-2 align-top">
                    <SyncResult at={s.last_pull_at} result={s.last_pull_result} />
                  </td>
                  <td className="min-w-48 px-3 py-2 align-top">
                    <SyncResult at={s.last_push_at} result={s.last_push_result} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

/** What is known of the partner: its parties, version, addresses and times. */
function Summary({ partner }: { partner: OcpiPartner }) {
  const { t } = useTranslation()
  const item = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{value}</dd>
    </div>
  )
  const time = (at: number | null) => (at === null ? t('roaming.never') : formatDateTime(at))
  return (
    <Card title={t('roaming.partnerSummary')} className="mb-4">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {item(t('roaming.roles'), <PartnerRoles roles={partner.roles} />)}
        {item(t('roaming.version'), partner.version ?? dash)}
        {item(
          t('roaming.initiatedBy'),
          partner.initiated_by === 'us' ? t('roaming.initiatedByUs') : t('roaming.initiatedByThem'),
        )}
        {item(
          t('roaming.partnerVersionsUrl'),
          partner.partner_versions_url === null ? (
            dash
          ) : (
            <span className="font-mono text-xs break-all">{partner.partner_versions_url}</span>
          ),
        )}
        {item(t('roaming.connectedAt'), time(partner.connected_at))}
        {item(t('roaming.lastMessageAt'), time(partner.last_message_at))}
        {partner.roles.some((r) => r.business_name !== null) &&
          item(
            t('roaming.businessNames'),
            [
              ...new Set(partner.roles.flatMap((r) => (r.business_name === null ? [] : [r.business_name]))),
            ].join(', '),
          )}
      </dl>
    </Card>
  )
}

/**
 * One partner (GET /ocpi/partners/{id}): what is known of it, its endpoints, its synchronisation, its commands, its
 * CDRs and its message log. A partner of
 * another entity, or one deleted, is a 404 shown as not found.
 */
export function PartnerDetails({ id, level }: { id: number; level: AccessLevel }) {
  const { t } = useTranslation()
  const partner = usePartner(id)
  const data = partner.data
  const headingId = `ocpi-partner-${String(id)}`

  let content
  if (partner.isError) {
    const notFound = partner.error instanceof ApiError && partner.error.status === 404
    content = (
      <div className="rounded-lg border border-slate-200 bg-white">
        {isForbidden(partner.error) ? (
          <EmptyState title={t('table.noAccessTitle')} description={t('table.noAccessDescription')} />
        ) : notFound ? (
          <EmptyState title={t('roaming.notFound')} description={t('entitySettings.notFoundDescription')} />
        ) : (
          <EmptyState
            icon={<ErrorIcon />}
            title={t('roaming.partnerFailed')}
            description={serverMessage(partner.error) || t('table.errorDescription')}
            action={
              <Button variant="classic" size="sm" onClick={() => void partner.refetch()}>
                {t('table.retry')}
              </Button>
            }
          />
        )}
      </div>
    )
  } else if (!data) {
    content = <Loader busy message={t('ui.loading')} className="py-12" />
  } else {
    content = (
      <>
        <Summary partner={data} />
        <Endpoints partner={data} />
        <Sync partner={data} editable={canEdit(level)} />
        <CommandsCard partner={data} editable={canEdit(level)} />
        <CdrsCard id={id} />
        <MessageLog id={id} />
      </>
    )
  }

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex flex-col gap-1">
        <Link
          to="?tab=roaming"
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          ← {t('roaming.back')}
        </Link>
        <h2
          id={headingId}
          className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900"
        >
          <span className="break-words">{data?.name ?? t('roaming.partner')}</span>
          {data && <PartnerStatus status={data.status} />}
        </h2>
      </div>
      {content}
    </section>
  )
}
