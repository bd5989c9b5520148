import type { OcpiPartner } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import type { DataColumn } from '@/components/data-table/types'
import { useList } from '@/components/data-table/use-list'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { dash } from '@/components/form-kit/detail-state'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useToast } from '@/components/ui/toast/toast'
import { serverMessage } from '@/lib/server-messages'
import { settingsKeys } from './api/entity-settings-keys'
import { listPartners, useDeletePartner, useUpdatePartner } from './api/roaming'
import type { AccessLevel } from './api/settings-access'
import { canEdit } from './api/settings-access'
import { IdentityCard } from './roaming-identity'
import { PartnerDetails } from './roaming-partner-details'
import { AddPartnerDialog } from './roaming-partner-form'
import { PARTNER_PARAM, partnerHref, PartnerRoles, PartnerStatus } from './roaming-parts'

const PAGE_SIZE = 20
const NO_FILTERS = [] as const

const when = (t: TFunction, at: number | null) =>
  at === null ? (
    <span className="text-slate-500">{t('roaming.never')}</span>
  ) : (
    <span className="whitespace-nowrap tabular-nums">{formatDateTime(at)}</span>
  )

function partnerColumns(
  t: TFunction,
  actions: ((p: OcpiPartner) => ReactNode) | null,
): DataColumn<OcpiPartner>[] {
  const columns: DataColumn<OcpiPartner>[] = [
    {
      id: 'name',
      header: t('roaming.name'),
      cell: (p) => <span className="font-medium break-words">{p.name}</span>,
      // A long name wraps, so the actions stay in view on a laptop.
      className: 'min-w-36 max-w-60 whitespace-normal',
      card: 'title',
    },
    {
      id: 'status',
      header: t('roaming.status'),
      cell: (p) => <PartnerStatus status={p.status} />,
      card: 'status',
    },
    {
      id: 'roles',
      header: t('roaming.roles'),
      cell: (p) => <PartnerRoles roles={p.roles} />,
      className: 'whitespace-normal',
      card: 'subtitle',
    },
    { id: 'version', header: t('roaming.version'), cell: (p) => p.version ?? dash, card: 'meta' },
    {
      id: 'connected_at',
      header: t('roaming.connectedAt'),
      cell: (p) => when(t, p.connected_at),
      card: 'meta',
    },
    {
      id: 'last_message_at',
      header: t('roaming.lastMessageAt'),
      cell: (p) => when(t, p.last_message_at),
      card: 'meta',
    },
    {
      id: 'initiated_by',
      header: t('roaming.initiatedBy'),
      cell: (p) => (p.initiated_by === 'us' ? t('roaming.initiatedByUs') : t('roaming.initiatedByThem')),
      defaultVisible: false,
    },
    {
      id: 'created_at',
      header: t('roaming.createdAt'),
      cell: (p) => when(t, p.created_at),
      defaultVisible: false,
    },
  ]
  // A reader has nothing to do with a partner but open it.
  return actions
    ? [
        ...columns,
        { id: 'actions', header: t('entitySettings.actions'), align: 'right', cell: actions, card: 'meta' },
      ]
    : columns
}

const rowId = (p: OcpiPartner) => String(p.id)
const rowHref = (p: OcpiPartner) => partnerHref(p.id)

/** The entity's roaming partners: add (two ways), suspend or resume, delete (unregister), and each one's details. */
function PartnerList({ level }: { level: AccessLevel }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const editable = canEdit(level)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<OcpiPartner | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const update = useUpdatePartner()
  const remove = useDeletePartner()
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: PAGE_SIZE,
    paging: 'client',
    request: () => ({}),
    queryKey: (_body, entityCode) => settingsKeys.roaming.partners(entityCode),
    fetch: listPartners,
    rows: (data) => data.partners,
    total: (data) => data.count,
  })

  const setStatus = (p: OcpiPartner, status: 'connected' | 'suspended') =>
    update.mutate(
      { id: p.id, status },
      {
        onSuccess: () =>
          addToast({
            variant: 'success',
            title: status === 'suspended' ? t('roaming.suspendedToast') : t('roaming.resumedToast'),
            message: p.name,
            timeout: 5000,
          }),
        onError: (error) =>
          addToast({ variant: 'error', title: t('roaming.changeFailed'), message: serverMessage(error) }),
      },
    )
  const confirmDelete = async () => {
    if (!deleting) return
    setDeleteError(null)
    try {
      const answer = await remove.mutateAsync(deleting.id)
      // A connected partner is told we unregister; say when it could not be (it was down, or not connected).
      const told =
        deleting.status !== 'connected'
          ? deleting.name
          : answer.data.partner_told
            ? t('roaming.deletedTold', { name: deleting.name })
            : t('roaming.deletedNotTold', { name: deleting.name })
      // A partner our drivers charged with is kept, suspended, for those sessions (decision 0113).
      if (!answer.data.deleted)
        addToast({
          variant: 'success',
          title: t('roaming.kept'),
          message: `${told} ${t('roaming.keptWhy')}`,
          timeout: 8000,
        })
      else addToast({ variant: 'success', title: t('roaming.deleted'), message: told, timeout: 5000 })
      setDeleting(null)
    } catch (error) {
      setDeleteError(serverMessage(error) || null)
    }
  }

  // A row opens the partner's details (the name is the link); its buttons act on the partner without opening it.
  const actions = (p: OcpiPartner) => (
    <span
      // Above the phone card's link, which covers the card (components/data-table/card-list.tsx).
      className="relative z-10 inline-flex flex-wrap justify-end gap-2 sm:flex-nowrap"
      onClick={(e) => e.stopPropagation()}
    >
      {p.status === 'connected' && (
        <Button
          variant="warningBasic"
          size="sm"
          loading={update.isPending && update.variables.id === p.id}
          onClick={() => setStatus(p, 'suspended')}
          aria-label={t('roaming.suspendOne', { name: p.name })}
        >
          {t('roaming.suspend')}
        </Button>
      )}
      {p.status === 'suspended' && (
        <Button
          variant="positiveBasic"
          size="sm"
          loading={update.isPending && update.variables.id === p.id}
          onClick={() => setStatus(p, 'connected')}
          aria-label={t('roaming.resumeOne', { name: p.name })}
        >
          {t('roaming.resume')}
        </Button>
      )}
      <Button
        variant="errorBasic"
        size="sm"
        onClick={() => {
          setDeleteError(null)
          setDeleting(p)
        }}
        aria-label={t('roaming.deleteOne', { name: p.name })}
      >
        {t('entitySettings.delete')}
      </Button>
    </span>
  )
  // The cells close over the mutations' state (which row is changing); the columns are cheap to rebuild.
  const columns = partnerColumns(t, editable ? actions : null)
  const addButton = editable && (
    <Button size="sm" onClick={() => setAdding(true)}>
      {t('roaming.add')}
    </Button>
  )
  const empty = table.state === 'ready' && table.total === 0

  return (
    <>
      {empty ? (
        // No partner yet: the table's own empty state cannot say how to add one, so this one does.
        <section
          aria-label={t('roaming.partners')}
          className="rounded-lg border border-slate-200 bg-white shadow-xs"
        >
          <EmptyState
            title={t('roaming.empty')}
            description={editable ? t('roaming.emptyEditor') : t('roaming.emptyReader')}
            action={addButton}
          />
        </section>
      ) : (
        <DataTable
          tableId="ocpi-partners"
          caption={t('roaming.partners')}
          columns={columns}
          getRowId={rowId}
          rowHref={rowHref}
          {...table}
          emptyTitle={t('roaming.empty')}
          actions={addButton}
        />
      )}
      {adding && <AddPartnerDialog onClose={() => setAdding(false)} />}
      <ConfirmDelete
        open={deleting !== null}
        title={t('roaming.deleteTitle')}
        busy={remove.isPending}
        error={deleteError}
        cancelLabel={t('entitySettings.cancel')}
        confirmLabel={t('roaming.deleteConfirm')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p className="text-sm break-words text-slate-700">
          {deleting?.status === 'connected'
            ? t('roaming.deleteWarningConnected', { name: deleting.name })
            : t('roaming.deleteWarning', { name: deleting?.name ?? '' })}
        </p>
      </ConfirmDelete>
    </>
  )
}

/**
 * The Roaming tab of entity settings (issue 17): our OCPI identity and the roaming partners, or, when the address
 * names one (`?partner=`), that partner's details and message log, so a link or a reload opens the same view.
 */
export function RoamingTab({ level }: { level: AccessLevel }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const id = Number(params.get(PARTNER_PARAM))
  if (Number.isInteger(id) && id > 0) return <PartnerDetails id={id} level={level} />
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{t('roaming.intro')}</p>
      <IdentityCard editable={canEdit(level)} />
      <h2 className="mb-2 text-sm font-semibold text-slate-900">{t('roaming.partners')}</h2>
      <PartnerList level={level} />
    </>
  )
}
