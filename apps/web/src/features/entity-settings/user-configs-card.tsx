import type { UserPaymentConfig } from '@portal/contract'
import { formatMoney, minorUnitsFromText, userPaymentConfigCreateRequest } from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import type { DataColumn, TableState } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { isForbidden } from '@/lib/http'
import type { AccessLevel } from './api/settings-access'
import { canDelete, canEdit } from './api/settings-access'
import {
  useBulkUpdateUserConfigs,
  useCreateUserConfig,
  useDeleteUserConfig,
  useMembers,
  useUserConfigs,
} from './api/user-payment-configs'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { FieldSet, FormError } from '@/components/form-kit/fields'
import type { FieldErrors } from './components/form-errors'
import { serverErrors, validate } from './components/form-errors'

const PAGE_SIZE = 20

function AddUserModal({
  open,
  optionId,
  currency,
  onClose,
}: {
  open: boolean
  optionId: number
  currency: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const formId = useId()
  const [search, setSearch] = useState('')
  const [userUuid, setUserUuid] = useState('')
  const [limit, setLimit] = useState('')
  const [enabled, setEnabled] = useState(true)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const members = useMembers(search.trim(), open)
  const create = useCreateUserConfig()

  const close = () => {
    setSearch('')
    setUserUuid('')
    setLimit('')
    setEnabled(true)
    setErrors({})
    setFormError(null)
    onClose()
  }

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const minor = limit.trim() === '' ? null : minorUnitsFromText(limit, currency)
    if (minor === null && limit.trim() !== '') {
      setErrors({ daily_limit: t('entitySettings.users.limitInvalid', { currency }) })
      return
    }
    const body = { user_uuid: userUuid, option_id: optionId, daily_limit: minor, is_enabled: enabled }
    const checked = validate(userPaymentConfigCreateRequest, body, () => [])
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    try {
      const saved = await create.mutateAsync(body)
      addToast({
        variant: 'success',
        title: t('entitySettings.users.added'),
        message: saved.user_name,
        timeout: 5000,
      })
      close()
    } catch (error) {
      const shown = serverErrors(error, ['user_uuid', 'option_id', 'daily_limit', 'is_enabled'])
      setErrors(shown.fields)
      setFormError(shown.message ?? shown.fields.option_id ?? null)
      addToast({
        variant: 'error',
        title: t('entitySettings.saveFailed'),
        message: error instanceof Error ? error.message : '',
        timeout: 8000,
      })
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('entitySettings.users.addTitle')}
      size="lg"
      footer={
        <>
          <Button variant="classic" onClick={close}>
            {t('entitySettings.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            {t('entitySettings.users.add')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          label={t('entitySettings.users.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
        <FieldSet legend={t('entitySettings.users.member')} error={errors.user_uuid}>
          <div className="max-h-56 overflow-y-auto rounded-md border border-slate-200">
            {members.data?.length === 0 && (
              <p className="px-3 py-2 text-sm text-slate-500">{t('entitySettings.users.noMembers')}</p>
            )}
            {members.isError && <p className="px-3 py-2 text-sm text-rose-700">{members.error.message}</p>}
            {members.data?.map((m) => (
              <label
                key={m.user_uuid}
                className="flex cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-sm last:border-b-0 hover:bg-slate-50"
              >
                <input
                  type="radio"
                  name="member"
                  className="size-4 accent-brand-700"
                  checked={userUuid === m.user_uuid}
                  onChange={() => {
                    setUserUuid(m.user_uuid)
                    setErrors(({ user_uuid: _, ...rest }) => rest)
                  }}
                />
                <span className="font-medium text-slate-900">{m.name}</span>
                <span className="text-slate-500">{m.username}</span>
              </label>
            ))}
          </div>
        </FieldSet>
        <TextField
          label={t('entitySettings.users.dailyLimit', { currency })}
          inputMode="decimal"
          value={limit}
          onChange={(e) => {
            setLimit(e.target.value)
            setErrors(({ daily_limit: _, ...rest }) => rest)
          }}
          placeholder={t('entitySettings.users.noLimit')}
          hint={t('entitySettings.users.dailyLimitHint')}
          error={errors.daily_limit}
        />
        <Checkbox
          label={t('entitySettings.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <FormError message={formError} />
      </form>
    </Modal>
  )
}

/**
 * The members allowed to use one payment option (user payment configs): add one (edit), enable or disable many at
 * once (edit, all or nothing), delete one (all).
 */
export function UserConfigsCard({
  optionId,
  currency,
  level,
}: {
  optionId: number
  currency: string
  level: AccessLevel
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<UserPaymentConfig | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const query = useUserConfigs({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, option_id: optionId })
  const bulk = useBulkUpdateUserConfigs()
  const remove = useDeleteUserConfig()
  const editable = canEdit(level)
  const rows = query.data?.configs
  const pageIds = useMemo(() => (rows ?? []).map((r) => r.id), [rows])
  const chosen = pageIds.filter((id) => selected.has(id))

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const setEnabled = async (isEnabled: boolean) => {
    try {
      const done = await bulk.mutateAsync({ configs: chosen.map((id) => ({ id, is_enabled: isEnabled })) })
      addToast({
        variant: 'success',
        title: isEnabled
          ? t('entitySettings.users.enabledMany', { count: done.length })
          : t('entitySettings.users.disabledMany', { count: done.length }),
        timeout: 5000,
      })
      setSelected(new Set())
    } catch (error) {
      addToast({
        variant: 'error',
        title: t('entitySettings.saveFailed'),
        message: error instanceof Error ? error.message : '',
        timeout: 8000,
      })
    }
  }

  const confirmDelete = async () => {
    if (!deleting) return
    setDeleteError(null)
    try {
      await remove.mutateAsync(deleting.id)
      addToast({
        variant: 'success',
        title: t('entitySettings.users.removed'),
        message: deleting.user_name,
        timeout: 5000,
      })
      toggle(deleting.id, false)
      setDeleting(null)
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : null)
    }
  }

  const columns: DataColumn<UserPaymentConfig>[] = [
    ...(editable
      ? [
          {
            id: 'select',
            header: t('entitySettings.users.select'),
            cell: (c: UserPaymentConfig) => (
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                aria-label={t('entitySettings.users.selectOne', { name: c.user_name })}
                checked={selected.has(c.id)}
                onChange={(e) => toggle(c.id, e.target.checked)}
              />
            ),
          },
        ]
      : []),
    {
      id: 'user',
      header: t('entitySettings.users.user'),
      cell: (c) => (
        <span>
          <span className="font-medium text-slate-900">{c.user_name}</span>{' '}
          <span className="text-slate-500">{c.username}</span>
        </span>
      ),
    },
    {
      id: 'daily_limit',
      header: t('entitySettings.users.limit'),
      align: 'right',
      cell: (c) =>
        c.daily_limit === null ? (
          <span className="text-slate-500">{t('entitySettings.users.noLimit')}</span>
        ) : (
          formatMoney(c.daily_limit, c.currency_code)
        ),
    },
    {
      id: 'is_enabled',
      header: t('entitySettings.enabled'),
      cell: (c) => (
        <Badge tone={c.is_enabled ? 'positive' : 'neutral'} dot>
          {c.is_enabled ? t('entitySettings.on') : t('entitySettings.off')}
        </Badge>
      ),
    },
    ...(canDelete(level)
      ? [
          {
            id: 'actions',
            header: t('entitySettings.actions'),
            align: 'right' as const,
            cell: (c: UserPaymentConfig) => (
              <Button
                variant="errorBasic"
                size="sm"
                onClick={() => {
                  setDeleteError(null)
                  setDeleting(c)
                }}
                aria-label={t('entitySettings.users.removeOne', { name: c.user_name })}
              >
                {t('entitySettings.users.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ]

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'

  return (
    <>
      <DataTable
        tableId={editable ? 'payment-option-users-edit' : 'payment-option-users'}
        caption={t('entitySettings.users.title')}
        columns={columns}
        rows={rows}
        getRowId={(c) => String(c.id)}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.count}
        onPageChange={setPage}
        emptyTitle={t('entitySettings.users.empty')}
        toolbar={
          <div className="flex min-h-8 flex-wrap items-center gap-3">
            <h2 className="text-sm font-semibold text-slate-900">{t('entitySettings.users.title')}</h2>
            {editable && (rows?.length ?? 0) > 0 && (
              <>
                <Checkbox
                  label={t('entitySettings.users.selectAll')}
                  checked={chosen.length > 0 && chosen.length === pageIds.length}
                  indeterminate={chosen.length > 0 && chosen.length < pageIds.length}
                  onChange={(e) => setSelected(e.target.checked ? new Set(pageIds) : new Set())}
                />
                <Button
                  variant="positiveBasic"
                  size="sm"
                  disabled={chosen.length === 0}
                  loading={bulk.isPending && bulk.variables.configs[0]?.is_enabled === true}
                  onClick={() => void setEnabled(true)}
                >
                  {t('entitySettings.users.enableSelected', { count: chosen.length })}
                </Button>
                <Button
                  variant="secondaryBasic"
                  size="sm"
                  disabled={chosen.length === 0}
                  loading={bulk.isPending && bulk.variables.configs[0]?.is_enabled === false}
                  onClick={() => void setEnabled(false)}
                >
                  {t('entitySettings.users.disableSelected', { count: chosen.length })}
                </Button>
              </>
            )}
          </div>
        }
        actions={
          editable && (
            <Button size="sm" onClick={() => setAdding(true)}>
              {t('entitySettings.users.add')}
            </Button>
          )
        }
      />
      {editable && (
        <AddUserModal
          open={adding}
          optionId={optionId}
          currency={currency}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDelete
        open={deleting !== null}
        title={t('entitySettings.users.removeTitle')}
        busy={remove.isPending}
        error={deleteError}
        cancelLabel={t('entitySettings.cancel')}
        confirmLabel={t('entitySettings.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('entitySettings.users.removeConfirm', { name: deleting?.user_name ?? '' })}
      </ConfirmDelete>
    </>
  )
}
