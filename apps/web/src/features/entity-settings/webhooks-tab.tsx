import type { Webhook, WebhookCreated } from '@portal/contract'
import { formatDateTime, WEBHOOK_HEADERS } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import type { DataColumn } from '@/components/data-table/types'
import { useList } from '@/components/data-table/use-list'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { Badge } from '@/components/ui/badge/badge'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { SecretShownOnce } from '@/components/ui/secret-shown-once/secret-shown-once'
import { useToast } from '@/components/ui/toast/toast'
import { serverMessage } from '@/lib/server-messages'
import { settingsKeys } from './api/entity-settings-keys'
import type { AccessLevel } from './api/settings-access'
import { canEdit } from './api/settings-access'
import { listWebhooks, useCreateWebhook, useDeleteWebhook, useSetWebhookStatus } from './api/webhooks'
import { WebhookDeliveries } from './webhook-deliveries'
import { eventLabel, WebhookForm } from './webhook-form'
import { OUTCOME_TONES } from './webhook-outcomes'

/** The search parameter naming the webhook whose deliveries are open (the tab is in `tab`). */
export const WEBHOOK_PARAM = 'webhook'
const PAGE_SIZE = 20
const NO_FILTERS = [] as const

/** The address of a webhook's delivery log, in the tab. */
export const deliveriesHref = (id: number) =>
  `?${new URLSearchParams({ tab: 'webhooks', [WEBHOOK_PARAM]: String(id) }).toString()}`

function webhookColumns(t: TFunction, actions: (w: Webhook) => ReactNode): DataColumn<Webhook>[] {
  return [
    {
      id: 'url',
      header: t('webhooks.url'),
      cell: (w) => <span className="font-mono text-xs break-all">{w.url}</span>,
      card: 'title',
    },
    {
      id: 'events',
      header: t('webhooks.events'),
      cell: (w) => (
        <span
          title={w.events.map((e) => eventLabel(t, e)).join(', ')}
          className="font-mono text-xs whitespace-normal"
        >
          {w.events.join(', ')}
        </span>
      ),
      card: 'subtitle',
    },
    {
      id: 'status',
      header: t('webhooks.status'),
      cell: (w) => (
        <Badge tone={w.status === 'active' ? 'positive' : 'neutral'} dot>
          {w.status === 'active' ? t('webhooks.active') : t('webhooks.paused')}
        </Badge>
      ),
      card: 'status',
    },
    {
      id: 'last_delivery',
      header: t('webhooks.lastDelivery'),
      cell: (w) =>
        w.last_delivery_at === null || w.last_delivery_outcome === null ? (
          <span className="text-slate-500">{t('webhooks.never')}</span>
        ) : (
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge tone={OUTCOME_TONES[w.last_delivery_outcome]}>
              {t(`webhooks.outcomes.${w.last_delivery_outcome}`)}
            </Badge>
            <span className="whitespace-nowrap tabular-nums">{formatDateTime(w.last_delivery_at)}</span>
          </span>
        ),
      card: 'meta',
    },
    {
      id: 'created',
      header: t('webhooks.created'),
      cell: (w) => t('webhooks.createdBy', { time: formatDateTime(w.created_at), user: w.created_by }),
      defaultVisible: false,
      card: 'meta',
    },
    { id: 'actions', header: t('entitySettings.actions'), align: 'right', cell: actions, card: 'meta' },
  ]
}

const rowId = (w: Webhook) => String(w.id)

/** The new webhook's secret, shown this once with what the receiver checks. */
function NewSecretModal({ created, onClose }: { created: WebhookCreated; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <SecretShownOnce
      title={t('webhooks.secretTitle')}
      intro={t('webhooks.secretIntro')}
      label={t('webhooks.secretLabel')}
      secret={created.secret}
      details={[
        { term: t('webhooks.url'), value: created.url },
        {
          term: t('webhooks.secretHeaders'),
          value: `${WEBHOOK_HEADERS.event}, ${WEBHOOK_HEADERS.delivery}, ${WEBHOOK_HEADERS.signature}: sha256=…`,
        },
      ]}
      hint={t('webhooks.secretHint')}
      onClose={onClose}
    />
  )
}

/** The entity's webhooks: add (the secret shown once), pause or resume, delete, and each one's delivery log. */
function WebhookList({ level }: { level: AccessLevel }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const formId = useId()
  const editable = canEdit(level)
  const [adding, setAdding] = useState(false)
  const [created, setCreated] = useState<WebhookCreated | null>(null)
  const [deleting, setDeleting] = useState<Webhook | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const create = useCreateWebhook()
  const setStatus = useSetWebhookStatus()
  const remove = useDeleteWebhook()
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: PAGE_SIZE,
    paging: 'client',
    request: () => ({}),
    queryKey: (_body, entityCode) => settingsKeys.webhooks.list(entityCode),
    fetch: listWebhooks,
    rows: (data) => data.webhooks,
    total: (data) => data.count,
  })

  const toggle = (w: Webhook) => {
    const status = w.status === 'active' ? 'paused' : 'active'
    setStatus.mutate(
      { id: w.id, status },
      {
        onSuccess: () =>
          addToast({
            variant: 'success',
            title: status === 'paused' ? t('webhooks.pausedToast') : t('webhooks.resumedToast'),
            message: w.url,
            timeout: 5000,
          }),
        onError: (error) =>
          addToast({ variant: 'error', title: t('webhooks.changeFailed'), message: serverMessage(error) }),
      },
    )
  }
  const confirmDelete = async () => {
    if (!deleting) return
    setDeleteError(null)
    try {
      await remove.mutateAsync(deleting.id)
      addToast({ variant: 'success', title: t('webhooks.deleted'), message: deleting.url, timeout: 5000 })
      setDeleting(null)
    } catch (error) {
      setDeleteError(serverMessage(error) || null)
    }
  }

  const actions = (w: Webhook) => (
    <span className="inline-flex flex-wrap justify-end gap-2 sm:flex-nowrap">
      <Link
        to={deliveriesHref(w.id)}
        className={buttonClasses({ variant: 'classic', size: 'sm' })}
        aria-label={t('webhooks.deliveriesOf', { url: w.url })}
      >
        {t('webhooks.deliveries')}
      </Link>
      {editable && (
        <>
          <Button
            variant={w.status === 'active' ? 'warningBasic' : 'positiveBasic'}
            size="sm"
            loading={setStatus.isPending && setStatus.variables.id === w.id}
            onClick={() => toggle(w)}
            aria-label={
              w.status === 'active'
                ? t('webhooks.pauseOne', { url: w.url })
                : t('webhooks.resumeOne', { url: w.url })
            }
          >
            {w.status === 'active' ? t('webhooks.pause') : t('webhooks.resume')}
          </Button>
          <Button
            variant="errorBasic"
            size="sm"
            onClick={() => {
              setDeleteError(null)
              setDeleting(w)
            }}
            aria-label={t('webhooks.deleteOne', { url: w.url })}
          >
            {t('entitySettings.delete')}
          </Button>
        </>
      )}
    </span>
  )
  // The cells close over the mutations' state (which row is pausing); the columns are cheap to rebuild.
  const columns = webhookColumns(t, actions)

  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{t('webhooks.intro')}</p>
      <DataTable
        tableId="webhooks"
        caption={t('webhooks.title')}
        columns={columns}
        getRowId={rowId}
        {...table}
        emptyTitle={t('webhooks.empty')}
        actions={
          editable && (
            <Button size="sm" onClick={() => setAdding(true)}>
              {t('webhooks.new')}
            </Button>
          )
        }
      />
      <Modal
        open={adding}
        onClose={() => setAdding(false)}
        title={t('webhooks.new')}
        size="2xl"
        closeOnOutsideClick={false}
        footer={
          <>
            <Button variant="classic" onClick={() => setAdding(false)}>
              {t('entitySettings.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={create.isPending}>
              {t('entitySettings.create')}
            </Button>
          </>
        }
      >
        <WebhookForm
          formId={formId}
          save={(body) => create.mutateAsync(body)}
          onSaved={(made) => {
            setAdding(false)
            setCreated(made)
            addToast({
              variant: 'success',
              title: t('webhooks.createdToast'),
              message: made.url,
              timeout: 5000,
            })
          }}
        />
      </Modal>
      {created && <NewSecretModal created={created} onClose={() => setCreated(null)} />}
      <ConfirmDelete
        open={deleting !== null}
        title={t('webhooks.deleteTitle')}
        busy={remove.isPending}
        error={deleteError}
        cancelLabel={t('entitySettings.cancel')}
        confirmLabel={t('entitySettings.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p className="text-sm break-words text-slate-700">
          {t('webhooks.deleteWarning', { url: deleting?.url ?? '' })}
        </p>
      </ConfirmDelete>
    </>
  )
}

/**
 * The Webhooks tab of entity settings (issue 16): the list, or, when the address names one (`?webhook=`), that
 * webhook's delivery log, so a link or a reload opens the same view.
 */
export function WebhooksTab({ level }: { level: AccessLevel }) {
  const [params] = useSearchParams()
  const id = Number(params.get(WEBHOOK_PARAM))
  return Number.isInteger(id) && id > 0 ? (
    <WebhookDeliveries id={id} level={level} />
  ) : (
    <WebhookList level={level} />
  )
}
