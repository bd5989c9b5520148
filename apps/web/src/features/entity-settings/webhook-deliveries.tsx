import type { WebhookDelivery, WebhookDeliveryListQuery } from '@portal/contract'
import { formatDateTime, WEBHOOK_DELIVERIES_PAGE_SIZE } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { serverMessage } from '@/lib/server-messages'
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './api/entity-settings-keys'
import type { AccessLevel } from './api/settings-access'
import { canEdit } from './api/settings-access'
import { fetchWebhookDeliveries, listWebhooks, useRedeliver } from './api/webhooks'
import { eventLabel } from './webhook-form'
import { OUTCOME_TONES } from './webhook-outcomes'

const NO_FILTERS = [] as const
/** While an attempt is pending, the log is read again this often (its outcome lands on the server). */
const PENDING_REFRESH_MS = 5_000

/** The request of a page of the log. */
export const deliveriesQuery = (page: PageWindow): WebhookDeliveryListQuery => ({
  limit: page.limit,
  offset: page.offset,
})

function deliveryColumns(
  t: TFunction,
  action: (d: WebhookDelivery) => ReactNode,
): DataColumn<WebhookDelivery>[] {
  return [
    {
      id: 'at',
      header: t('webhooks.time'),
      // A pending attempt's time is when it is due.
      cell: (d) => (
        <span className="whitespace-nowrap tabular-nums">
          {d.outcome === 'pending' ? t('webhooks.due', { time: formatDateTime(d.at) }) : formatDateTime(d.at)}
        </span>
      ),
      card: 'title',
    },
    {
      id: 'event',
      header: t('webhooks.event'),
      cell: (d) => (
        <span className="font-mono text-xs" title={eventLabel(t, d.event)}>
          {d.event}
        </span>
      ),
      card: 'subtitle',
    },
    { id: 'attempt', header: t('webhooks.attempt'), align: 'right', cell: (d) => d.attempt, card: 'meta' },
    {
      id: 'outcome',
      header: t('webhooks.outcome'),
      cell: (d) => (
        <Badge tone={OUTCOME_TONES[d.outcome]} dot>
          {t(`webhooks.outcomes.${d.outcome}`)}
        </Badge>
      ),
      card: 'status',
    },
    {
      id: 'http_status',
      header: t('webhooks.httpStatus'),
      align: 'right',
      cell: (d) => (d.http_status === null ? '—' : d.http_status),
      card: 'meta',
    },
    {
      id: 'latency',
      header: t('webhooks.latency'),
      align: 'right',
      cell: (d) => (d.latency_ms === null ? '—' : t('webhooks.latencyMs', { ms: d.latency_ms })),
      className: 'whitespace-nowrap',
      card: 'meta',
    },
    {
      id: 'answer',
      header: t('webhooks.answer'),
      // The error says why an attempt failed; the answer's first bytes, what the receiver said.
      cell: (d) => {
        const text = [d.error, d.response_excerpt].filter((x) => x !== null && x !== '').join(' · ')
        return (
          <span className="block max-w-md truncate font-mono text-xs" title={text}>
            {text === '' ? '—' : text}
          </span>
        )
      },
      card: 'meta',
    },
    {
      id: 'delivery',
      header: t('webhooks.deliveryId'),
      cell: (d) => <span className="font-mono text-xs">{d.delivery_uuid}</span>,
      defaultVisible: false,
    },
    { id: 'actions', header: t('entitySettings.actions'), align: 'right', cell: action, card: 'meta' },
  ]
}

const rowId = (d: WebhookDelivery) => d.id

/**
 * One webhook's delivery log (GET /webhooks/{id}/deliveries): every attempt, newest first, and Redeliver, which
 * sends a delivery again under its uuid. A webhook of another entity, or one deleted, is a 404 the table shows.
 */
export function WebhookDeliveries({ id, level }: { id: number; level: AccessLevel }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const { entityCode } = useSession()
  const webhooks = useQuery({
    queryKey: settingsKeys.webhooks.list(entityCode),
    queryFn: ({ signal }) => listWebhooks({}, signal),
  })
  const webhook = webhooks.data?.webhooks.find((w) => w.id === id)
  const redeliver = useRedeliver(id)
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
    paging: 'count',
    request: (_list, page) => deliveriesQuery(page),
    queryKey: (query, e) => settingsKeys.webhooks.deliveries(e, id, query),
    fetch: (query, signal) => fetchWebhookDeliveries(id, query, signal),
    rows: (data) => data.deliveries,
    total: (data) => data.count,
    refetchInterval: (data) =>
      data?.deliveries.some((d) => d.outcome === 'pending') === true ? PENDING_REFRESH_MS : false,
  })

  const send = (d: WebhookDelivery) =>
    redeliver.mutate(d.delivery_uuid, {
      onSuccess: () => addToast({ variant: 'success', title: t('webhooks.redelivered'), timeout: 5000 }),
      onError: (error) =>
        addToast({ variant: 'error', title: t('webhooks.redeliverFailed'), message: serverMessage(error) }),
    })
  const action = (d: WebhookDelivery) =>
    // A pending attempt is queued already; a paused webhook sends nothing until it is resumed.
    canEdit(level) && webhook?.status === 'active' && d.outcome !== 'pending' ? (
      <Button
        variant="classic"
        size="sm"
        loading={redeliver.isPending && redeliver.variables === d.delivery_uuid}
        onClick={() => send(d)}
        aria-label={t('webhooks.redeliverOne', { id: d.delivery_uuid })}
      >
        {t('webhooks.redeliver')}
      </Button>
    ) : null

  return (
    <section aria-labelledby={`webhook-${String(id)}-deliveries`}>
      <div className="mb-3 flex flex-col gap-1">
        <Link
          to="?tab=webhooks"
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          ← {t('webhooks.back')}
        </Link>
        <h2 id={`webhook-${String(id)}-deliveries`} className="text-base font-semibold text-slate-900">
          {t('webhooks.deliveries')}
        </h2>
        {webhook && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="font-mono text-xs break-all">{webhook.url}</span>
            <Badge tone={webhook.status === 'active' ? 'positive' : 'neutral'} dot>
              {webhook.status === 'active' ? t('webhooks.active') : t('webhooks.paused')}
            </Badge>
          </p>
        )}
      </div>
      <DataTable
        tableId="webhook-deliveries"
        caption={t('webhooks.deliveries')}
        columns={deliveryColumns(t, action)}
        getRowId={rowId}
        {...table}
        emptyTitle={t('webhooks.deliveriesEmpty')}
      />
    </section>
  )
}
