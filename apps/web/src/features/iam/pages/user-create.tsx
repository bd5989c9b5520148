import { EntityRelation } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FormError } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { useCreateUser } from '../api/users'
import { Card } from '../components/card'
import { grantPaths } from '../components/grants-editor'
import { useIamAccess } from '../components/iam-access'
import { userCreateForm } from '../components/user-form'
import { UserFields } from '../components/user-fields'
import { BackLink } from './detail-frame'

/** What the new user's page shows once: the one-time link for them to set a password. */
export interface ActivationState {
  activation: { link: string; expiresAt: number; username: string }
}

export function isActivationState(value: unknown): value is ActivationState {
  return typeof value === 'object' && value !== null && 'activation' in value
}

/** /iam/users without an id: a new member of the entity, Pending Activation with a link to set a password. */
export function UserCreate() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const access = useIamAccess()
  const canEdit = access.can('users', 'edit')
  const create = useCreateUser()
  const form = useZodForm(userCreateForm, {
    defaultValues: {
      name: '',
      username: '',
      email: '',
      phone_number: '',
      relation: EntityRelation.Authorised,
      grants: [],
    },
  })
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    create.mutate(body, {
      onSuccess: (data) => {
        addToast({
          title: t('iamScreens.users.created'),
          message: t('iamScreens.users.createdMessage', { name: data.user.name }),
          variant: 'success',
          timeout: 5000,
        })
        const state: ActivationState = {
          activation: {
            link: data.activation_link,
            expiresAt: data.activation_expires_at,
            username: data.user.username,
          },
        }
        void navigate(`/iam/users/${data.user.user_uuid}`, { replace: true, state })
      },
      onError: (err) => setMessage(applyServerErrors(form, err, grantPaths(form.getValues('grants')))),
    })
  })

  return (
    <>
      <PageHeader
        title={t('iamScreens.users.new')}
        breadcrumb={<BackLink tab="users" />}
        description={t('iamScreens.users.newDescription')}
      />
      <form onSubmit={(e) => void submit(e)} noValidate className="max-w-4xl space-y-5">
        <Card title={t('iamScreens.users.details')}>
          <UserFields form={form} mode="create" access="edit" disabled={!canEdit} />
        </Card>
        <FormError message={message} />
        <Button type="submit" loading={create.isPending} disabled={!canEdit}>
          {t('iamScreens.users.create')}
        </Button>
      </form>
    </>
  )
}
