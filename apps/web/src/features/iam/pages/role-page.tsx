import type { Role } from '@portal/contract'
import { roleWriteRequest } from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { usePolicyChoices } from '../api/policies'
import { useCreateRole, useDeleteRole, useRole, useUpdateRole } from '../api/roles'
import { AuditTrail } from '../components/audit-trail'
import { Card } from '../components/card'
import { ConfirmModal } from '../components/confirm-modal'
import type { FieldErrors } from '../components/field-errors'
import { focusFirstInvalid, serverFieldErrors, validateForm } from '../components/field-errors'
import { FormError, TextAreaField, textFieldReadOnly } from '../components/fields'
import { localizeErrors } from '../components/messages'
import { useIamAccess } from '../components/iam-access'
import { PolicyPicker } from '../components/policy-picker'
import { BackLink, DetailState, numericId } from './detail-frame'
import { useListHref } from './iam-nav'

const FIELDS = ['name', 'description', 'policy_ids']

interface RoleFormValue {
  name: string
  description: string
  policy_ids: number[]
}

function RoleForm({ role, canEdit }: { role: Role | null; canEdit: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const policies = usePolicyChoices()
  const create = useCreateRole()
  const update = useUpdateRole(role?.id ?? 0)
  const [value, setValue] = useState<RoleFormValue>({
    name: role?.name ?? '',
    description: role?.description ?? '',
    policy_ids: role?.policies.map((p) => p.id) ?? [],
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const busy = create.isPending || update.isPending

  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    setMessage(null)
    const checked = validateForm(roleWriteRequest, value)
    if (!checked.ok) {
      setErrors(localizeErrors(t, checked.errors))
      focusFirstInvalid(form)
      return
    }
    setErrors({})
    const onError = (err: Error) => {
      const mapped = serverFieldErrors(err, FIELDS, t('iamScreens.saveFailed'))
      setErrors(localizeErrors(t, mapped.fields))
      focusFirstInvalid(form)
      setMessage(mapped.message)
    }
    if (role) {
      update.mutate(checked.data, {
        onSuccess: () => addToast({ title: t('iamScreens.roles.saved'), variant: 'success', timeout: 5000 }),
        onError,
      })
    } else {
      create.mutate(checked.data, {
        onSuccess: (created) => {
          addToast({ title: t('iamScreens.roles.created'), variant: 'success', timeout: 5000 })
          void navigate(`/iam/roles/${String(created.id)}`, { replace: true })
        },
        onError,
      })
    }
  }

  return (
    <Card title={t('iamScreens.roles.details')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('iamScreens.roles.col.name')}
          value={value.name}
          onChange={(e) => setValue({ ...value, name: e.target.value })}
          error={errors.name}
          disabled={!canEdit}
          maxLength={120}
          className={textFieldReadOnly}
        />
        <TextAreaField
          label={t('iamScreens.roles.col.description')}
          value={value.description}
          onChange={(e) => setValue({ ...value, description: e.target.value })}
          error={errors.description}
          disabled={!canEdit}
          maxLength={500}
        />
        <PolicyPicker
          label={t('iamScreens.roles.col.policies')}
          policies={policies.data?.policies ?? []}
          loading={policies.isPending}
          value={value.policy_ids}
          onChange={(ids) => setValue({ ...value, policy_ids: ids })}
          error={errors.policy_ids}
          disabled={!canEdit}
        />
        <FormError message={message} />
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy}>
              {role ? t('iamScreens.save') : t('iamScreens.roles.create')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  )
}

function DeleteRole({ role }: { role: Role }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const listHref = useListHref('roles')
  const remove = useDeleteRole(role.id)
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="errorBasic" size="sm" onClick={() => setOpen(true)}>
        {t('iamScreens.delete')}
      </Button>
      <ConfirmModal
        open={open}
        title={t('iamScreens.roles.deleteTitle', { name: role.name })}
        confirmLabel={t('iamScreens.delete')}
        confirmVariant="error"
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => {
          setOpen(false)
          remove.reset()
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              addToast({ title: t('iamScreens.roles.deleted'), variant: 'success', timeout: 5000 })
              void navigate(listHref, { replace: true })
            },
          })
        }
      >
        <p>{t('iamScreens.roles.deleteText')}</p>
      </ConfirmModal>
    </>
  )
}

function RoleDetail({ id }: { id: number }) {
  const { t } = useTranslation()
  const access = useIamAccess()
  const query = useRole(id)
  const state = (
    <DetailState
      query={query}
      tab="roles"
      valid={Number.isInteger(id)}
      notFoundTitle={t('iamScreens.roles.notFound')}
    />
  )
  if (!query.data) return state
  const role = query.data
  const canEdit = access.can('roles', 'edit')
  return (
    <>
      <PageHeader
        title={role.name}
        breadcrumb={<BackLink tab="roles" />}
        description={
          <Link to={`/iam?role=${String(role.id)}`} className="text-brand-700 hover:underline">
            {t('iamScreens.roles.userCount', { count: role.user_count })}
          </Link>
        }
        actions={canEdit && <DeleteRole role={role} />}
      />
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <RoleForm key={role.updated_at} role={role} canEdit={canEdit} />
        </div>
        {access.can('audit', 'read') && <AuditTrail objectType="role" objectId={String(role.id)} />}
      </div>
    </>
  )
}

/** /iam/roles/{id?}: a role to read or change, or a new role without an id. */
export function RolePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const access = useIamAccess()
  if (id !== undefined) return <RoleDetail key={id} id={numericId(id)} />
  return (
    <>
      <PageHeader title={t('iamScreens.roles.new')} breadcrumb={<BackLink tab="roles" />} />
      <div className="max-w-3xl">
        <RoleForm role={null} canEdit={access.can('roles', 'edit')} />
      </div>
    </>
  )
}
