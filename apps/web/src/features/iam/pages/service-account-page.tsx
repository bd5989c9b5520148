import type { ServiceAccount } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { FormError } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { serverMessage } from '@/lib/server-messages'
import {
  useCreateServiceAccount,
  useDeleteServiceAccount,
  useServiceAccount,
  useUpdateServiceAccount,
} from '../api/service-accounts'
import { Card } from '../components/card'
import { ConfirmModal } from '../components/confirm-modal'
import type { GrantRow } from '../components/grants-editor'
import { grantInputsOf, grantRowsOf, GrantsEditor, newGrantRow } from '../components/grants-editor'
import { useIamAccess } from '../components/iam-access'
import { ApiKeysCard } from './api-keys-card'
import { BackLink } from './detail-frame'
import { useListHref } from './iam-nav'

/** Name, description and grants: the same form creates an account and changes one. */
function AccountForm({ account, canEdit }: { account: ServiceAccount | null; canEdit: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const create = useCreateServiceAccount()
  const update = useUpdateServiceAccount(account?.uuid ?? '')
  const [name, setName] = useState(account?.name ?? '')
  const [description, setDescription] = useState(account?.description ?? '')
  const [grants, setGrants] = useState<GrantRow[]>(() =>
    account ? grantRowsOf(account.grants) : [newGrantRow('policy')],
  )
  const [nameError, setNameError] = useState<string | undefined>()
  const [message, setMessage] = useState<string | null>(null)
  const busy = create.isPending || update.isPending

  const submit = () => {
    setMessage(null)
    if (name.trim() === '') {
      setNameError(t('serviceAccounts.nameRequired'))
      return
    }
    setNameError(undefined)
    const body = {
      name: name.trim(),
      description: description.trim() === '' ? null : description.trim(),
      grants: grantInputsOf(grants.filter((g) => g.refId !== null)),
    }
    const onError = (err: Error) => setMessage(serverMessage(err))
    if (account)
      update.mutate(body, {
        onSuccess: () => addToast({ title: t('serviceAccounts.saved'), variant: 'success', timeout: 5000 }),
        onError,
      })
    else
      create.mutate(body, {
        onSuccess: (created) => {
          addToast({ title: t('serviceAccounts.created'), variant: 'success', timeout: 5000 })
          void navigate(`/iam/service-accounts/${created.uuid}`, { replace: true })
        },
        onError,
      })
  }

  return (
    <Card title={t('serviceAccounts.details')} description={t('serviceAccounts.detailsHint')}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
        noValidate
        className="space-y-4"
      >
        <TextField
          label={t('serviceAccounts.col.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          disabled={!canEdit}
          maxLength={200}
        />
        <TextAreaField
          label={t('serviceAccounts.col.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={!canEdit}
          maxLength={500}
        />
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('serviceAccounts.access')}</legend>
          <p className="text-xs text-slate-500">{t('serviceAccounts.accessHint')}</p>
          <GrantsEditor value={grants} onChange={setGrants} disabled={!canEdit} />
        </fieldset>
        <FormError message={message} />
        {canEdit && (
          <Button type="submit" loading={busy}>
            {account ? t('serviceAccounts.save') : t('serviceAccounts.create')}
          </Button>
        )}
      </form>
    </Card>
  )
}

function DeleteAccount({ account }: { account: ServiceAccount }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const listHref = useListHref('service-accounts')
  const remove = useDeleteServiceAccount(account.uuid)
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="errorBasic" size="sm" onClick={() => setOpen(true)}>
        {t('serviceAccounts.delete')}
      </Button>
      <ConfirmModal
        open={open}
        title={t('serviceAccounts.deleteTitle', { name: account.name })}
        confirmLabel={t('serviceAccounts.delete')}
        confirmVariant="error"
        busy={remove.isPending}
        error={remove.error ? serverMessage(remove.error) : undefined}
        onClose={() => {
          setOpen(false)
          remove.reset()
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              addToast({ title: t('serviceAccounts.deleted'), variant: 'success', timeout: 5000 })
              void navigate(listHref, { replace: true })
            },
          })
        }
      >
        <p>{t('serviceAccounts.deleteText')}</p>
      </ConfirmModal>
    </>
  )
}

function AccountDetail({ uuid }: { uuid: string }) {
  const { t } = useTranslation()
  const access = useIamAccess()
  const query = useServiceAccount(uuid)
  if (!query.data)
    return (
      <DetailState
        query={query}
        valid
        title={t('iamScreens.tabs.service-accounts')}
        breadcrumb={<BackLink tab="service-accounts" />}
        notFoundTitle={t('serviceAccounts.notFound')}
        notFoundDescription={t('iamScreens.notFoundDescription')}
      />
    )
  const account = query.data
  const canEdit = access.can('users', 'edit')
  return (
    <>
      <PageHeader
        title={account.name}
        breadcrumb={<BackLink tab="service-accounts" />}
        description={t('serviceAccounts.detailDescription')}
        actions={canEdit && <DeleteAccount account={account} />}
      />
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-2">
        <AccountForm key={account.uuid} account={account} canEdit={canEdit} />
        <ApiKeysCard account={account} canEdit={canEdit} />
      </div>
    </>
  )
}

/** /iam/service-accounts/{id?}: a service account with its keys, or the form for a new one. */
export function ServiceAccountPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const access = useIamAccess()
  if (id !== undefined) return <AccountDetail key={id} uuid={id} />
  return (
    <>
      <PageHeader
        title={t('serviceAccounts.new')}
        breadcrumb={<BackLink tab="service-accounts" />}
        description={t('serviceAccounts.newDescription')}
      />
      <div className="max-w-3xl">
        <AccountForm account={null} canEdit={access.can('users', 'edit')} />
      </div>
    </>
  )
}
