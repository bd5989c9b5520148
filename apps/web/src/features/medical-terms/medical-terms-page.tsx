import type { MedicalTermsDetail, MedicalTermsVersion } from '@portal/contract'
import {
  canUseMedicalTerms,
  formatDate,
  MEDICAL_TERMS_PAGE_SIZE,
  MedicalTermsStatus,
  medicalTermsStatuses,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { ReactNode } from 'react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import type { FilterDef } from '@/components/data-table/list-state'
import type { DataColumn, TableState } from '@/components/data-table/types'
import { useList } from '@/components/data-table/use-list'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { Field } from '@/components/form-kit/detail-state'
import { FormError } from '@/components/form-kit/fields'
import { serverErrors } from '@/components/form-kit/form-errors'
import { PageHeader } from '@/components/page/page-header'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import {
  filterMedicalTerms,
  useDeleteTerms,
  useMedicalTerms,
  useMedicalTermsList,
  usePublishTerms,
} from './api/medical-terms-api'
import { medicalTermsKeys } from './api/medical-terms-keys'
import type { TermsDraftForm } from './terms-editor'
import { dateInputValue, TermsEditor } from './terms-editor'
import { TermsText } from './terms-text'
import { serverMessage } from '@/lib/server-messages'

const VERSION_KEY = 'version'
const NO_FILTERS: readonly FilterDef[] = []
const STATUS_TONES: Record<string, BadgeTone> = { published: 'positive', draft: 'info', retired: 'neutral' }

export function TermsStatusBadge({ value }: { value: string }) {
  return (
    <Badge tone={STATUS_TONES[value] ?? 'neutral'} dot={value === MedicalTermsStatus.Published}>
      {labelOf(medicalTermsStatuses, value)}
    </Badge>
  )
}

/**
 * /medical-tnc: the organisation's medical terms and conditions. The version in force is shown first (or the one
 * picked in the versions list, `?version=`), drafts are edited and published here. Health and test programme
 * organisations only (docs/decisions/0030-…); elsewhere the page says so instead of failing.
 */
export function MedicalTermsPage() {
  const { t } = useTranslation()
  const { entity } = useSession()
  if (entity && !canUseMedicalTerms(entity.industries))
    return (
      <>
        <PageHeader title={t('medicalTerms.title')} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title={t('medicalTerms.notForEntity')}
            description={t('medicalTerms.notForEntityDescription')}
          />
        </div>
      </>
    )
  return <TermsScreen />
}

type Dialog =
  | { kind: 'editor'; draft: MedicalTermsDetail | null; initial: TermsDraftForm }
  | { kind: 'publish'; draft: MedicalTermsDetail }
  | { kind: 'delete'; draft: MedicalTermsDetail }

function TermsScreen() {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: MEDICAL_TERMS_PAGE_SIZE,
    paging: 'count',
    request: (_state, page) => ({ limit: page.limit, offset: page.offset }),
    queryKey: (body, entityCode) => medicalTermsKeys.list(entityCode, body),
    fetch: filterMedicalTerms,
    rows: (data) => data.terms,
    total: (data) => data.count,
  })
  const state = table.state
  // The version shown by default is the first of the list's order (the published one), whatever page is open.
  const top = useMedicalTermsList({ limit: 1, offset: 0 })
  const picked = params.get(VERSION_KEY)
  const selected = picked ?? top.data?.terms[0]?.uuid ?? null
  const current = useMedicalTerms(selected)
  const published = top.data?.terms[0]?.status === MedicalTermsStatus.Published ? top.data.terms[0] : null
  const [dialog, setDialog] = useState<Dialog | null>(null)

  const select = (uuid: string) => {
    const next = new URLSearchParams(params)
    next.set(VERSION_KEY, uuid)
    setParams(next)
  }
  const columns = useMemo(() => versionColumns(t, i18n.language, selected), [t, i18n.language, selected])

  // A new version starts from the version on screen (usually the one in force), with no effective date yet.
  const newVersion = () => {
    const base = current.data ?? null
    setDialog({
      kind: 'editor',
      draft: null,
      initial: { title: base?.title ?? '', body: base?.body ?? '', effective: '' },
    })
  }

  return (
    <>
      <PageHeader
        title={t('medicalTerms.title')}
        description={
          published
            ? t('medicalTerms.inForce', {
                version: published.version,
                date: formatDate(published.effective_at),
                count: published.acceptance_count,
                formatted: published.acceptance_count.toLocaleString(i18n.language),
              })
            : top.data
              ? t('medicalTerms.noneInForce')
              : t('medicalTerms.subtitle')
        }
        actions={
          <Button onClick={newVersion} disabled={state === 'forbidden'}>
            {t('medicalTerms.newVersion')}
          </Button>
        }
      />
      <VersionPanel
        uuid={selected}
        query={current}
        listState={state}
        onEdit={(draft) =>
          setDialog({
            kind: 'editor',
            draft,
            initial: { title: draft.title, body: draft.body, effective: dateInputValue(draft.effective_at) },
          })
        }
        onPublish={(draft) => setDialog({ kind: 'publish', draft })}
        onDelete={(draft) => setDialog({ kind: 'delete', draft })}
      />
      <h2 className="mt-6 mb-2 text-base font-semibold text-slate-900">{t('medicalTerms.versions')}</h2>
      <DataTable
        tableId="medical-terms"
        caption={t('medicalTerms.versions')}
        columns={columns}
        getRowId={(v) => v.uuid}
        rowHref={(v) => `/medical-tnc?${VERSION_KEY}=${encodeURIComponent(v.uuid)}`}
        {...table}
        emptyTitle={t('medicalTerms.empty')}
      />
      {dialog?.kind === 'editor' && (
        <TermsEditor
          draft={dialog.draft}
          initial={dialog.initial}
          onClose={() => setDialog(null)}
          onSaved={(uuid) => {
            setDialog(null)
            select(uuid)
          }}
        />
      )}
      {dialog?.kind === 'publish' && (
        <PublishDialog draft={dialog.draft} replaces={published} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          draft={dialog.draft}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null)
            const next = new URLSearchParams(params)
            next.delete(VERSION_KEY)
            setParams(next)
          }}
        />
      )}
    </>
  )
}

function versionColumns(
  t: (key: string) => string,
  language: string,
  selected: string | null,
): DataColumn<MedicalTermsVersion>[] {
  return [
    {
      id: 'version',
      card: 'title',
      header: t('medicalTerms.col.version'),
      // The version shown above is marked, so the table says which row the document is.
      cell: (v) => (
        <span className="inline-flex items-center gap-1.5 font-medium text-slate-900 whitespace-nowrap">
          {v.uuid === selected && <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />}v
          {v.version}
          {v.uuid === selected && <span className="sr-only">{t('medicalTerms.shown')}</span>}
        </span>
      ),
    },
    {
      id: 'title',
      card: 'subtitle',
      header: t('medicalTerms.col.title'),
      cell: (v) => v.title,
      className: 'max-w-96',
    },
    {
      id: 'status',
      card: 'status',
      header: t('medicalTerms.col.status'),
      cell: (v) => <TermsStatusBadge value={v.status} />,
    },
    {
      id: 'effective',
      card: 'meta',
      header: t('medicalTerms.col.effective'),
      cell: (v) => <span className="whitespace-nowrap">{formatDate(v.effective_at)}</span>,
    },
    {
      id: 'accepted',
      card: 'meta',
      header: t('medicalTerms.col.accepted'),
      cell: (v) => v.acceptance_count.toLocaleString(language),
      align: 'right',
    },
    {
      id: 'updated',
      card: 'meta',
      header: t('medicalTerms.col.updated'),
      cell: (v) => (
        <span className="whitespace-nowrap">
          {formatDate(v.updated_at)}
          {v.updated_by && <span className="text-slate-500"> · {v.updated_by}</span>}
        </span>
      ),
    },
  ]
}

function VersionPanel({
  uuid,
  query,
  listState,
  onEdit,
  onPublish,
  onDelete,
}: {
  uuid: string | null
  query: ReturnType<typeof useMedicalTerms>
  listState: TableState
  onEdit: (draft: MedicalTermsDetail) => void
  onPublish: (draft: MedicalTermsDetail) => void
  onDelete: (draft: MedicalTermsDetail) => void
}) {
  const { t, i18n } = useTranslation()
  const box = (content: ReactNode) => (
    <section
      aria-label={t('medicalTerms.selected')}
      className="rounded-lg border border-slate-200 bg-white shadow-xs"
    >
      {content}
    </section>
  )
  if (uuid === null) {
    if (listState === 'loading') return box(<Loader className="py-16" message={t('ui.loading')} />)
    if (listState !== 'ready') return null
    return box(
      <EmptyState title={t('medicalTerms.emptyTitle')} description={t('medicalTerms.emptyDescription')} />,
    )
  }
  if (query.isPending) return box(<Loader className="py-16" message={t('ui.loading')} />)
  if (query.isError)
    return box(
      <EmptyState
        title={isForbidden(query.error) ? t('table.noAccessTitle') : t('medicalTerms.versionNotFound')}
        description={serverMessage(query.error)}
      />,
    )
  const v = query.data
  const draft = v.status === MedicalTermsStatus.Draft
  return box(
    <>
      <div className="flex flex-col gap-3 border-b border-slate-200 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-slate-500">
              {t('medicalTerms.versionN', { version: v.version })}
            </span>
            <TermsStatusBadge value={v.status} />
          </div>
          <h2 className="mt-1 text-lg font-semibold text-slate-900">{v.title}</h2>
        </div>
        {draft && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="classic" onClick={() => onEdit(v)}>
              {t('medicalTerms.edit')}
            </Button>
            <Button variant="positive" onClick={() => onPublish(v)}>
              {t('medicalTerms.publish')}
            </Button>
            <Button variant="errorBasic" onClick={() => onDelete(v)}>
              {t('medicalTerms.delete')}
            </Button>
          </div>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-b border-slate-100 bg-slate-50/60 px-5 py-3 sm:grid-cols-4">
        <Field label={t('medicalTerms.col.effective')}>{formatDate(v.effective_at)}</Field>
        <Field label={t('medicalTerms.publishedAt')}>
          {v.published_at ? formatDate(v.published_at) : '—'}
        </Field>
        <Field label={t('medicalTerms.retiredAt')}>{v.retired_at ? formatDate(v.retired_at) : '—'}</Field>
        <Field label={t('medicalTerms.col.accepted')}>
          {v.acceptance_count.toLocaleString(i18n.language)}
        </Field>
      </dl>
      <TermsText source={v.body} className="max-w-3xl px-5 py-5" />
    </>,
  )
}

function PublishDialog({
  draft,
  replaces,
  onClose,
}: {
  draft: MedicalTermsDetail
  replaces: MedicalTermsVersion | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const mutation = usePublishTerms(draft.uuid)
  const [message, setMessage] = useState<string | null>(null)
  const publish = () => {
    setMessage(null)
    mutation.mutate(undefined, {
      onSuccess: () => {
        addToast({
          variant: 'success',
          title: t('medicalTerms.publishedTitle'),
          message: t('medicalTerms.versionN', { version: draft.version }),
          timeout: 5000,
        })
        onClose()
      },
      onError: (error) => {
        const found = serverErrors(error, [])
        setMessage(found.message)
      },
    })
  }
  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      closeOnOutsideClick={!mutation.isPending}
      title={t('medicalTerms.publishTitle', { version: draft.version })}
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={mutation.isPending}>
            {t('medicalTerms.cancel')}
          </Button>
          <Button variant="positive" onClick={publish} loading={mutation.isPending}>
            {t('medicalTerms.publishConfirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p>{t('medicalTerms.publishIntro', { title: draft.title, date: formatDate(draft.effective_at) })}</p>
        {replaces && <p>{t('medicalTerms.publishReplaces', { version: replaces.version })}</p>}
        <p className="text-slate-500">{t('medicalTerms.publishNote')}</p>
        <FormError message={message} />
      </div>
    </Modal>
  )
}

function DeleteDialog({
  draft,
  onClose,
  onDeleted,
}: {
  draft: MedicalTermsDetail
  onClose: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const mutation = useDeleteTerms(draft.uuid)
  const [message, setMessage] = useState<string | null>(null)
  return (
    <ConfirmDelete
      open
      title={t('medicalTerms.deleteTitle', { version: draft.version })}
      busy={mutation.isPending}
      error={message}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(undefined, {
          onSuccess: onDeleted,
          onError: (error) => setMessage(serverErrors(error, []).message),
        })
      }
      cancelLabel={t('medicalTerms.cancel')}
      confirmLabel={t('medicalTerms.delete')}
    >
      {t('medicalTerms.deleteIntro', { title: draft.title })}
    </ConfirmDelete>
  )
}
