import type { SrsBuddyDetail } from '@portal/contract'
import { srsStatusRequest } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { useSetSrsStatus } from './api/srs-buddy-api'

/** Deactivates an active record or reactivates an inactive one, asking why (the reason goes into its history). */
export function StatusModal({
  record,
  open,
  onClose,
}: {
  record: SrsBuddyDetail
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const mutation = useSetSrsStatus(record.uuid)
  const deactivating = record.status !== 'inactive'
  // The status is the action's own; the form asks only why (the contract's schema checks both).
  const form = useZodForm(srsStatusRequest, {
    defaultValues: { status: deactivating ? 'inactive' : 'active', reason: '' },
  })
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit(async (body) => {
    setMessage(null)
    try {
      await mutation.mutateAsync(body)
      addToast({
        variant: 'success',
        title: deactivating ? t('srsBuddy.statusAction.deactivated') : t('srsBuddy.statusAction.reactivated'),
        message: record.reference,
        timeout: 5000,
      })
      onClose()
    } catch (error) {
      setMessage(applyServerErrors(form, error))
    }
  })

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      closeOnOutsideClick={!mutation.isPending}
      title={
        deactivating ? t('srsBuddy.statusAction.deactivateTitle') : t('srsBuddy.statusAction.reactivateTitle')
      }
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={mutation.isPending}>
            {t('srsBuddy.cancel')}
          </Button>
          <Button
            type="submit"
            form="srs-status-form"
            variant={deactivating ? 'error' : 'positive'}
            loading={mutation.isPending}
          >
            {deactivating ? t('srsBuddy.statusAction.deactivate') : t('srsBuddy.statusAction.reactivate')}
          </Button>
        </>
      }
    >
      <form id="srs-status-form" noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
        <p className="text-slate-600">
          {deactivating
            ? t('srsBuddy.statusAction.deactivateIntro', { person: record.person.name })
            : t('srsBuddy.statusAction.reactivateIntro', { person: record.person.name })}
        </p>
        <TextAreaField
          label={t('srsBuddy.field.reason')}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <FormError message={message} />
      </form>
    </Modal>
  )
}
