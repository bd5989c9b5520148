import type { Role, RoleWriteRequest } from '@portal/contract'
import { namedRef, roleWriteRequest } from '@portal/contract'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { DetailState } from '@/components/form-kit/detail-state'
import { FormError, readOnlyText } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useCreateRole, useDeleteRole, useRole, useUpdateRole } from '../api/roles'
import { AuditTrail } from '../components/audit-trail'
import { Card } from '../components/card'
import { ConfirmModal } from '../components/confirm-modal'
import { flatErrors } from '../components/field-errors'
import { useIamAccess } from '../components/iam-access'
import { PolicyPicker } from '../components/policy-picker'
import { BackLink, numericId } from './detail-frame'
import { useListHref } from './iam-nav'
import { serverMessage } from '@/lib/server-messages'

/** The role form: its policies are chosen by name, and sent as the request's `policy_ids`. */
export const roleForm = z
  .object({ name: z.string(), description: z.string(), policies: z.array(namedRef) })
  .transform(({ policies, ...rest }): RoleWriteRequest => ({
    ...rest,
    policy_ids: policies.map((p) => p.id),
  }))
  .pipe(roleWriteRequest)

function RoleForm({ role, canEdit }: { role: Role | null; canEdit: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const create = useCreateRole()
  const update = useUpdateRole(role?.id ?? 0)
  const form = useZodForm(roleForm, {
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      policies: role?.policies ?? [],
    },
  })
  const errors = flatErrors(form.formState.errors, t)
  const [message, setMessage] = useState<string | null>(null)
  const busy = create.isPending || update.isPending

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    const onError = (err: Error) => setMessage(applyServerErrors(form, err, ['policy_ids']))
    if (role) {
      update.mutate(body, {
        onSuccess: () => addToast({ title: t('iamScreens.roles.saved'), variant: 'success', timeout: 5000 }),
        onError,
      })
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          addToast({ title: t('iamScreens.roles.created'), variant: 'success', timeout: 5000 })
          void navigate(`/iam/roles/${String(created.id)}`, { replace: true })
        },
        onError,
      })
    }
  })

  return (
    <Card title={t('iamScreens.roles.details')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField
          label={t('iamScreens.roles.col.name')}
          {...form.register('name')}
          error={errors.name}
          disabled={!canEdit}
          maxLength={120}
          className={readOnlyText}
        />
        <TextAreaField
          label={t('iamScreens.roles.col.description')}
          {...form.register('description')}
          error={errors.description}
          disabled={!canEdit}
          maxLength={500}
        />
        <Controller
          control={form.control}
          name="policies"
          render={({ field }) => (
            <PolicyPicker
              label={t('iamScreens.roles.col.policies')}
              value={field.value}
              onChange={field.onChange}
              error={errors.policy_ids ?? errors.policies}
              disabled={!canEdit}
            />
          )}
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
        error={remove.error ? serverMessage(remove.error) : undefined}
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
  if (!query.data)
    return (
      <DetailState
        query={query}
        valid={Number.isInteger(id)}
        title={t('iamScreens.tabs.roles')}
        breadcrumb={<BackLink tab="roles" />}
        notFoundTitle={t('iamScreens.roles.notFound')}
        notFoundDescription={t('iamScreens.notFoundDescription')}
      />
    )
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
