import type { SrsBuddyDetail } from '@portal/contract'
import { DIAL_CODES, reassignIssues, srsReassignRequest } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useReassignBuddy } from './api/srs-buddy-api'

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
  // The contract's schema and its rule against the record (not the person, not the same buddy), as the server checks.
  const schema = useMemo(
    () =>
      srsReassignRequest.superRefine((body, ctx) => {
        for (const issue of reassignIssues(body, record))
          ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message })
      }),
    [record],
  )
  const form = useZodForm(schema, {
    defaultValues: { name: '', dial_code: '65', mobile_number: '', national_id_last_four: '', reason: '' },
  })
  const { errors } = form.formState
  const [message, setMessage] = useState<string | null>(null)
  const assigning = record.buddy === null

  const submit = form.handleSubmit(async (body) => {
    setMessage(null)
    try {
      const updated = await mutation.mutateAsync(body)
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
    } catch (error) {
      setMessage(applyServerErrors(form, error))
    }
  })

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
      <form id="srs-reassign-form" noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
        <p className="text-slate-600">
          {record.buddy
            ? t('srsBuddy.reassign.intro', { person: record.person.name, buddy: record.buddy.name })
            : t('srsBuddy.reassign.assignIntro', { person: record.person.name })}
        </p>
        <TextField
          label={t('srsBuddy.field.name')}
          error={errors.name?.message}
          {...form.register('name')}
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_1fr]">
          <SelectField
            label={t('srsBuddy.field.dialCode')}
            error={errors.dial_code?.message}
            {...form.register('dial_code')}
          >
            {DIAL_CODES.map((d) => (
              <option key={d.code} value={d.code}>
                {`${d.country} (+${d.code})`}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('srsBuddy.field.mobile')}
            inputMode="numeric"
            error={errors.mobile_number?.message}
            {...form.register('mobile_number')}
            hint={t('srsBuddy.field.mobileHint')}
          />
        </div>
        <TextField
          label={t('srsBuddy.field.lastFour')}
          maxLength={4}
          error={errors.national_id_last_four?.message}
          {...form.register('national_id_last_four')}
          hint={t('srsBuddy.field.lastFourHint')}
          className="sm:max-w-48"
        />
        <TextAreaField
          label={t('srsBuddy.field.reason')}
          error={errors.reason?.message}
          {...form.register('reason')}
          hint={t('srsBuddy.field.reasonHint')}
        />
        <FormError message={message} />
      </form>
    </Modal>
  )
}
