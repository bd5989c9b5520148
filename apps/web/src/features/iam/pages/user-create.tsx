import { EntityRelation, userCreateRequest } from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { useCreateUser } from '../api/users'
import { Card } from '../components/card'
import type { FieldErrors } from '../components/field-errors'
import { focusFirstInvalid, serverFieldErrors, validateForm } from '../components/field-errors'
import { FormError } from '../components/fields'
import { localizeErrors } from '../components/messages'
import { useIamAccess } from '../components/iam-access'
import type { UserFormValue } from '../components/user-form'
import { USER_FORM_FIELDS, userCreateBody } from '../components/user-form'
import { UserFields } from '../components/user-fields'
import { BackLink } from './detail-frame'
import { useGrantChoices } from './grant-choices'

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
  const choices = useGrantChoices(true)
  const create = useCreateUser()
  const [value, setValue] = useState<UserFormValue>({
    name: '',
    username: '',
    email: '',
    phone_number: '',
    relation: EntityRelation.Authorised,
    grants: [],
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)

  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    setMessage(null)
    const checked = validateForm(userCreateRequest, userCreateBody(value))
    if (!checked.ok) {
      setErrors(localizeErrors(t, checked.errors))
      focusFirstInvalid(form)
      return
    }
    setErrors({})
    create.mutate(checked.data, {
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
      onError: (err) => {
        const mapped = serverFieldErrors(err, USER_FORM_FIELDS, t('iamScreens.saveFailed'))
        setErrors(localizeErrors(t, mapped.fields))
        focusFirstInvalid(form)
        setMessage(mapped.message)
      },
    })
  }

  return (
    <>
      <PageHeader
        title={t('iamScreens.users.new')}
        breadcrumb={<BackLink tab="users" />}
        description={t('iamScreens.users.newDescription')}
      />
      <form onSubmit={submit} noValidate className="max-w-4xl space-y-5">
        <Card title={t('iamScreens.users.details')}>
          <UserFields
            value={value}
            onChange={setValue}
            errors={errors}
            mode="create"
            access="edit"
            choices={choices}
            disabled={!canEdit}
          />
        </Card>
        <FormError message={message} />
        <Button type="submit" loading={create.isPending} disabled={!canEdit}>
          {t('iamScreens.users.create')}
        </Button>
      </form>
    </>
  )
}
