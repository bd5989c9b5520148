import type { Entity } from '@portal/contract'
import { clinicCreateRequest } from '@portal/contract'
import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EntityFields } from '@/components/entity-profile/entity-fields'
import { entityCreateForm, entityFormValues } from '@/components/entity-profile/entity-form'
import { FormError, readOnlyText } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import type { ModalSize } from '@/components/ui/modal/modal'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useSession } from '@/lib/session/session-store'
import { useCreateClinic, useCreateEntity, useMyEntityResults } from '../api/entities'
import { flatErrors } from './field-errors'

interface DialogProps {
  open: boolean
  onClose: () => void
  /** The new entity's code: the list opens its profile. */
  onCreated: (entity: Entity) => void
}

/** The frame both dialogs share: the form inside submits through the footer's button. */
function CreateDialog({
  open,
  onClose,
  title,
  size,
  submitLabel,
  children,
}: Pick<DialogProps, 'open' | 'onClose'> & {
  title: string
  size: ModalSize
  submitLabel: string
  children: (formId: string) => ReactNode
}) {
  const { t } = useTranslation()
  const formId = useId()
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="classic" onClick={onClose}>
            {t('iamScreens.cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children(formId)}
    </Modal>
  )
}

function NewEntityForm({ formId, onCreated }: { formId: string; onCreated: (entity: Entity) => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const { entity } = useSession()
  const create = useCreateEntity()
  // GET /entity: every entity for a platform administrator, the parents a new one can sit under.
  const parents = useMyEntityResults()
  const form = useZodForm(entityCreateForm, {
    defaultValues: entityFormValues(undefined, {
      currency: entity?.currency_code ?? 'SGD',
      timeZone: entity?.time_zone ?? 'Asia/Singapore',
    }),
  })
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    create.mutate(body, {
      onSuccess: (created) => {
        addToast({
          title: t('iamScreens.entities.created'),
          message: created.name,
          variant: 'success',
          timeout: 5000,
        })
        onCreated(created)
      },
      onError: (err) => setMessage(applyServerErrors(form, err)),
    })
  })

  return (
    <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <EntityFields form={form} mode="create" commercial parents={parents.data ?? []} />
      <FormError message={message} />
    </form>
  )
}

/** "New entity" (platform administrators, POST /iam/entities): an organisation with its industries and roles. */
export function NewEntityDialog({ open, onClose, onCreated }: DialogProps) {
  const { t } = useTranslation()
  return (
    <CreateDialog
      open={open}
      onClose={onClose}
      title={t('iamScreens.entities.new')}
      size="3xl"
      submitLabel={t('iamScreens.entities.create')}
    >
      {(formId) => <NewEntityForm formId={formId} onCreated={onCreated} />}
    </CreateDialog>
  )
}

function NewClinicForm({ formId, onCreated }: { formId: string; onCreated: (entity: Entity) => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const create = useCreateClinic()
  const form = useZodForm(clinicCreateRequest, { defaultValues: { code: '', name: '' } })
  const errors = flatErrors(form.formState.errors, t)
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    create.mutate(body, {
      onSuccess: (created) => {
        addToast({
          title: t('iamScreens.entities.clinicCreated'),
          message: created.name,
          variant: 'success',
          timeout: 5000,
        })
        onCreated(created)
      },
      onError: (err) => setMessage(applyServerErrors(form, err)),
    })
  })

  return (
    <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t('iamScreens.entities.clinicHelp')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('iamScreens.entities.col.name')}
          {...form.register('name')}
          error={errors.name}
          maxLength={200}
          autoComplete="off"
          className={readOnlyText}
        />
        <TextField
          label={t('iamScreens.entities.col.code')}
          {...form.register('code')}
          error={errors.code}
          hint={t('iamScreens.entities.codeHint')}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={`${readOnlyText} [&_input]:font-mono`}
        />
      </div>
      <FormError message={message} />
    </form>
  )
}

/**
 * "New clinic" (POST /iam/entities/clinic): a digital-health clinic under the current entity, with the current
 * entity's currency and time zone; its creator becomes its admin.
 */
export function NewClinicDialog({ open, onClose, onCreated }: DialogProps) {
  const { t } = useTranslation()
  return (
    <CreateDialog
      open={open}
      onClose={onClose}
      title={t('iamScreens.entities.newClinic')}
      size="lg"
      submitLabel={t('iamScreens.entities.createClinic')}
    >
      {(formId) => <NewClinicForm formId={formId} onCreated={onCreated} />}
    </CreateDialog>
  )
}
