import type { SrsBuddyDetail } from '@portal/contract'
import { DIAL_CODES, reassignIssues, srsReassignRequest } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useReassignBuddy } from './api/srs-buddy-api'

const FIELDS = ['name', 'dial_code', 'mobile_number', 'national_id_last_four', 'reason'] as const

/**
 * Assigns a buddy to a record that needs one, or replaces its buddy. Checked here with the contract's schema and
 * rules first (errors beside each field), then by the server, whose 400s land beside the same fields.
 */
export function ReassignBuddyModal({
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
  const mutation = useReassignBuddy(record.uuid)
  const [form, setForm] = useState({
    name: '',
    dial_code: '65',
    mobile_number: '',
    national_id_last_four: '',
    reason: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const assigning = record.buddy === null
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key]: '' }))
  }

  const submit = () => {
    setMessage(null)
    const checked = validate(srsReassignRequest, form, (body) => reassignIssues(body, record))
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    mutation.mutate(checked.data, {
      onSuccess: (updated) => {
        addToast({
          variant: 'success',
          title: assigning ? t('srsBuddy.reassign.assignedTitle') : t('srsBuddy.reassign.doneTitle'),
          message: t('srsBuddy.reassign.doneMessage', {
            buddy: updated.buddy?.name ?? '',
            person: updated.person.name,
          }),
          timeout: 5000,
        })
        onClose()
      },
      onError: (error) => {
        const found = serverErrors(error, FIELDS)
        setErrors(found.fields)
        setMessage(found.message)
      },
    })
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      closeOnOutsideClick={!mutation.isPending}
      title={assigning ? t('srsBuddy.reassign.assignTitle') : t('srsBuddy.reassign.title')}
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={mutation.isPending}>
            {t('srsBuddy.cancel')}
          </Button>
          <Button type="submit" form="srs-reassign-form" loading={mutation.isPending}>
            {assigning ? t('srsBuddy.reassign.assignSubmit') : t('srsBuddy.reassign.submit')}
          </Button>
        </>
      }
    >
      <form
        id="srs-reassign-form"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <p className="text-slate-600">
          {record.buddy
            ? t('srsBuddy.reassign.intro', { person: record.person.name, buddy: record.buddy.name })
            : t('srsBuddy.reassign.assignIntro', { person: record.person.name })}
        </p>
        <TextField
          label={t('srsBuddy.field.name')}
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name || undefined}
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_1fr]">
          <SelectField
            label={t('srsBuddy.field.dialCode')}
            value={form.dial_code}
            onChange={(e) => set('dial_code')(e.target.value)}
            error={errors.dial_code || undefined}
          >
            {DIAL_CODES.map((d) => (
              <option key={d.code} value={d.code}>
                {`${d.country} (+${d.code})`}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('srsBuddy.field.mobile')}
            value={form.mobile_number}
            inputMode="numeric"
            onChange={(e) => set('mobile_number')(e.target.value)}
            error={errors.mobile_number || undefined}
            hint={t('srsBuddy.field.mobileHint')}
          />
        </div>
        <TextField
          label={t('srsBuddy.field.lastFour')}
          value={form.national_id_last_four}
          maxLength={4}
          onChange={(e) => set('national_id_last_four')(e.target.value)}
          error={errors.national_id_last_four || undefined}
          hint={t('srsBuddy.field.lastFourHint')}
          className="sm:max-w-48"
        />
        <TextAreaField
          label={t('srsBuddy.field.reason')}
          value={form.reason}
          onChange={(e) => set('reason')(e.target.value)}
          error={errors.reason || undefined}
          hint={t('srsBuddy.field.reasonHint')}
        />
        <FormError message={message} />
      </form>
    </Modal>
  )
}
