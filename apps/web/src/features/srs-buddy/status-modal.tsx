import type { SrsBuddyDetail } from '@portal/contract'
import { srsStatusRequest } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { FormError } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
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
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [message, setMessage] = useState<string | null>(null)

  const submit = () => {
    setMessage(null)
    const checked = validate(
      srsStatusRequest,
      { status: deactivating ? 'inactive' : 'active', reason },
      () => [],
    )
    if (!checked.ok) {
      setError(checked.errors.reason)
      return
    }
    mutation.mutate(checked.data, {
      onSuccess: () => {
        addToast({
          variant: 'success',
          title: deactivating
            ? t('srsBuddy.statusAction.deactivated')
            : t('srsBuddy.statusAction.reactivated'),
          message: record.reference,
          timeout: 5000,
        })
        onClose()
      },
      onError: (err) => {
        const found = serverErrors(err, ['reason'])
        setError(found.fields.reason)
        setMessage(found.message)
      },
    })
  }

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
      <form
        id="srs-status-form"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <p className="text-slate-600">
          {deactivating
            ? t('srsBuddy.statusAction.deactivateIntro', { person: record.person.name })
            : t('srsBuddy.statusAction.reactivateIntro', { person: record.person.name })}
        </p>
        <TextAreaField
          label={t('srsBuddy.field.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value)
            setError(undefined)
          }}
          error={error}
        />
        <FormError message={message} />
      </form>
    </Modal>
  )
}
