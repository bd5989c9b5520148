import type { Entity } from '@portal/contract'
import { useIsMutating } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '@/components/form-kit/fields'
import { ImageUpload } from '@/components/form-kit/image-upload'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { ApiError, isForbidden } from '@/lib/http'
import { EntityFields } from './entity-fields'
import { entityFormValues, entityUpdateForm } from './entity-form'
import { entityProfileKeys, useEntityProfile, useUpdateEntityProfile } from './entity-profile-api'
import { serverMessage } from '@/lib/server-messages'

interface ProfileProps {
  entity: Entity
  formId: string
  canEdit: boolean
  commercial: boolean
  onSaved: (() => Promise<unknown> | undefined) | undefined
}

function EntityProfileForm({ entity, formId, canEdit, commercial, onSaved }: ProfileProps) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const update = useUpdateEntityProfile(entity.code, onSaved)
  const schema = useMemo(() => entityUpdateForm(commercial), [commercial])
  const form = useZodForm(schema, { defaultValues: entityFormValues(entity) })
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    update.mutate(body, {
      onSuccess: (saved) => {
        addToast({
          title: t('iamScreens.entities.saved'),
          message: saved.name,
          variant: 'success',
          timeout: 5000,
        })
        form.reset(entityFormValues(saved))
      },
      onError: (err) => setMessage(applyServerErrors(form, err)),
    })
  })

  return (
    <div className="space-y-5">
      <ImageUpload
        name={entity.name}
        currentUrl={entity.logo_url}
        canEdit={canEdit}
        onSave={(url) =>
          update.mutateAsync({ logo_url: url }).then(() =>
            addToast({
              title: url ? t('iamScreens.entities.logoSaved') : t('iamScreens.entities.logoRemoved'),
              variant: 'success',
              timeout: 5000,
            }),
          )
        }
      />
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <EntityFields form={form} mode="edit" commercial={commercial} disabled={!canEdit} />
        <FormError message={message} />
      </form>
    </div>
  )
}

/**
 * An entity's profile over the list it was opened from (GET /iam/entities/{code}; PUT /iam/entities/{code} to
 * change it): its logo, name, currency, time zone, identifier and EV backend, and, for a platform administrator, its
 * industries and roles. Opened from IAM's entity list and from entity settings' child entities.
 */
export function EntityProfileDialog({
  code,
  onClose,
  canEdit,
  commercial,
  onSaved,
}: {
  /** The entity shown; null keeps the dialog closed. */
  code: string | null
  onClose: () => void
  canEdit: boolean
  /** A platform administrator: industries and roles can change too. */
  commercial: boolean
  /** Refreshes the list the dialog was opened from. */
  onSaved?: () => Promise<unknown> | undefined
}) {
  const { t } = useTranslation()
  const formId = useId()
  const query = useEntityProfile(code)
  const entity = query.data
  const saving = useIsMutating({ mutationKey: entityProfileKeys.update(entity?.code ?? '') }) > 0

  let body
  if (entity) {
    body = (
      <EntityProfileForm
        key={entity.code}
        entity={entity}
        formId={formId}
        canEdit={canEdit}
        commercial={commercial}
        onSaved={onSaved}
      />
    )
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    body = (
      <EmptyState
        title={
          missing
            ? t('iamScreens.entities.notFound')
            : isForbidden(query.error)
              ? t('table.noAccessTitle')
              : t('table.errorTitle')
        }
        description={missing ? t('iamScreens.notFoundDescription') : serverMessage(query.error)}
      />
    )
  } else {
    body = <Loader message={t('ui.loading')} className="py-12" />
  }

  return (
    <Modal
      open={code !== null}
      onClose={onClose}
      title={entity ? `${entity.name} · ${entity.code}` : (code ?? '')}
      size="3xl"
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="classic" onClick={onClose}>
            {canEdit && entity ? t('iamScreens.cancel') : t('iamScreens.entities.close')}
          </Button>
          {canEdit && entity && (
            <Button type="submit" form={formId} loading={saving}>
              {t('iamScreens.save')}
            </Button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  )
}
