import type {
  UserPaymentConfig,
  UserPaymentConfigCreateRequest,
  UserPaymentConfigFilterRequest,
} from '@portal/contract'
import { formatMoney, minorUnitsFromText, userPaymentConfigCreateRequest } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { FieldSet, FormError } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { settingsKeys } from './api/entity-settings-keys'
import type { AccessLevel } from './api/settings-access'
import { canDelete, canEdit } from './api/settings-access'
import {
  filterUserConfigs,
  useBulkUpdateUserConfigs,
  useCreateUserConfig,
  useDeleteUserConfig,
  useMembers,
} from './api/user-payment-configs'
import { serverMessage } from '@/lib/server-messages'

const PAGE_SIZE = 20

/**
 * The "Add user" form: a member, a daily limit typed in the option's currency (blank: no limit) and the switch, sent
 * as POST /payment/payment-configs/user and checked by its schema first.
 */
export function addUserForm(optionId: number, currency: string, limitInvalid: string) {
  return z
    .object({ user_uuid: z.string(), daily_limit: z.string(), is_enabled: z.boolean() })
    .superRefine((v, ctx) => {
      if (v.daily_limit.trim() !== '' && minorUnitsFromText(v.daily_limit, currency) === null)
        ctx.addIssue({ code: 'custom', path: ['daily_limit'], message: limitInvalid })
    })
    .transform((v): UserPaymentConfigCreateRequest => ({
      user_uuid: v.user_uuid,
      option_id: optionId,
      daily_limit: v.daily_limit.trim() === '' ? null : minorUnitsFromText(v.daily_limit, currency),
      is_enabled: v.is_enabled,
    }))
    .pipe(userPaymentConfigCreateRequest)
}

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
  const schema = useMemo(
    () => addUserForm(optionId, currency, t('entitySettings.users.limitInvalid', { currency })),
    [optionId, currency, t],
  )
  const defaults = { user_uuid: '', daily_limit: '', is_enabled: true }
  const form = useZodForm(schema, { defaultValues: defaults })
  const { errors } = form.formState
  const [formError, setFormError] = useState<string | null>(null)
  const members = useMembers(search.trim(), open)
  const create = useCreateUserConfig()

  const close = () => {
    setSearch('')
    form.reset(defaults)
    setFormError(null)
    onClose()
  }

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
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
      // A refusal about the option (it was deleted meanwhile) is the form's own message: the form has no field for it.
      setFormError(applyServerErrors(form, error))
      addToast({
        variant: 'error',
        title: t('entitySettings.saveFailed'),
        message: serverMessage(error),
        timeout: 8000,
      })
    }
  })

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
        <FieldSet legend={t('entitySettings.users.member')} error={errors.user_uuid?.message}>
          <div className="max-h-56 overflow-y-auto rounded-md border border-slate-200">
            {members.data?.length === 0 && (
              <p className="px-3 py-2 text-sm text-slate-500">{t('entitySettings.users.noMembers')}</p>
            )}
            {members.isError && (
              <p className="px-3 py-2 text-sm text-rose-700">{serverMessage(members.error)}</p>
            )}
            {members.data?.map((m) => (
              <label
                key={m.user_uuid}
                className="flex cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-sm last:border-b-0 hover:bg-slate-50"
              >
                <input
                  type="radio"
                  className="size-4 accent-brand-700"
                  value={m.user_uuid}
                  {...form.register('user_uuid')}
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
          {...form.register('daily_limit')}
          placeholder={t('entitySettings.users.noLimit')}
          hint={t('entitySettings.users.dailyLimitHint')}
          error={errors.daily_limit?.message}
        />
        <Checkbox label={t('entitySettings.enabled')} {...form.register('is_enabled')} />
        <FormError message={formError} />
      </form>
    </Modal>
  )
}

export function userConfigFilterDefs(t: TFunction): FilterDef[] {
  return [
    {
      kind: 'select',
      key: 'enabled',
      label: t('entitySettings.enabled'),
      defaultValue: '',
      options: [
        { value: '', label: t('entitySettings.all') },
        { value: 'yes', label: t('entitySettings.on') },
        { value: 'no', label: t('entitySettings.off') },
      ],
    },
  ]
}

/** The body of POST /payment/payment-configs/user/filter for one option; enabled only when chosen (A §5). */
export function userConfigFilterBody(
  optionId: number,
  list: ListState,
  page: PageWindow,
): UserPaymentConfigFilterRequest {
  const enabled = list.select('enabled')
  return {
    limit: page.limit,
    offset: page.offset,
    option_id: optionId,
    ...(enabled === '' ? {} : { is_enabled: enabled === 'yes' }),
  }
}

const rowId = (c: UserPaymentConfig) => String(c.id)
const rowLabel = (c: UserPaymentConfig) => c.user_name

/**
 * The members allowed to use one payment option (user payment configs): add one (edit), enable or disable the
 * selected rows at once (edit, all or nothing: PUT .../user-bulk), delete one (all).
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<UserPaymentConfig | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const defs = useMemo(() => userConfigFilterDefs(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: PAGE_SIZE,
    paging: 'count',
    request: (state, page) => userConfigFilterBody(optionId, state, page),
    queryKey: (body, entityCode) => settingsKeys.paymentOptions.userConfigs(entityCode, body),
    fetch: filterUserConfigs,
    rows: (data) => data.configs,
    total: (data) => data.count,
  })
  const bulk = useBulkUpdateUserConfigs()
  const remove = useDeleteUserConfig()
  const editable = canEdit(level)
  // The selection is of the rows on screen: another page or filter starts a new one.
  const chosen = (table.rows ?? []).filter((r) => selected.has(rowId(r))).map((r) => r.id)

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
        message: serverMessage(error),
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
      setSelected((s) => new Set([...s].filter((id) => id !== rowId(deleting))))
      setDeleting(null)
    } catch (error) {
      setDeleteError(serverMessage(error) || null)
    }
  }

  const columns: DataColumn<UserPaymentConfig>[] = [
    {
      id: 'user',
      header: t('entitySettings.users.user'),
      cell: (c) => (
        <span>
          <span className="font-medium text-slate-900">{c.user_name}</span>{' '}
          <span className="text-slate-500">{c.username}</span>
        </span>
      ),
      card: 'title',
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
      card: 'meta',
    },
    {
      id: 'is_enabled',
      header: t('entitySettings.enabled'),
      cell: (c) => (
        <Badge tone={c.is_enabled ? 'positive' : 'neutral'} dot>
          {c.is_enabled ? t('entitySettings.on') : t('entitySettings.off')}
        </Badge>
      ),
      card: 'status',
    },
    ...(canDelete(level)
      ? [
          {
            id: 'actions',
            header: t('entitySettings.actions'),
            align: 'right' as const,
            card: 'meta' as const,
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

  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-900">{t('entitySettings.users.title')}</h2>
      <DataTable
        tableId={editable ? 'payment-option-users-edit' : 'payment-option-users'}
        caption={t('entitySettings.users.title')}
        columns={columns}
        getRowId={rowId}
        rowLabel={rowLabel}
        {...table}
        onPageChange={(page) => {
          setSelected(new Set())
          table.onPageChange(page)
        }}
        emptyTitle={t('entitySettings.users.empty')}
        {...(editable ? { selected, onSelectedChange: setSelected } : {})}
        selectionActions={
          <>
            <Button
              variant="positiveBasic"
              size="sm"
              loading={bulk.isPending && bulk.variables.configs[0]?.is_enabled === true}
              onClick={() => void setEnabled(true)}
            >
              {t('entitySettings.users.enableSelected', { count: chosen.length })}
            </Button>
            <Button
              variant="secondaryBasic"
              size="sm"
              loading={bulk.isPending && bulk.variables.configs[0]?.is_enabled === false}
              onClick={() => void setEnabled(false)}
            >
              {t('entitySettings.users.disableSelected', { count: chosen.length })}
            </Button>
          </>
        }
        toolbar={
          <FilterBar
            defs={defs}
            list={{
              ...list,
              setFilter: (key, value) => {
                setSelected(new Set())
                list.setFilter(key, value)
              },
            }}
          />
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
    </div>
  )
}
