import { evSessionRefundRequest } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormError } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { formatUnits } from './session-format'
import type { SessionRefundProps } from './session-detail-view'

const REASON_MAX = 500

/**
 * The refund form's schema: the contract's request, the amount typed as text (empty is not a number), and at most
 * what is left to refund.
 */
function refundFormSchema(refundable: number, overMessage: string) {
  return evSessionRefundRequest
    .extend({
      amount: z.preprocess(
        (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v),
        evSessionRefundRequest.shape.amount,
      ),
    })
    .refine((body) => body.amount <= refundable + 1e-9, { path: ['amount'], message: overMessage })
}

/**
 * The refund panel toggle of the session detail (B §2): closed, a "Refund" button; open, the amount (at most what is
 * left to refund) and the reason. The contract's schema checks the form before sending; the server's 400s land
 * beside the field they name, anything else above the buttons.
 */
export function RefundPanel({
  refund,
  currency,
  paid,
}: {
  refund: SessionRefundProps
  currency: string
  /** What the customer paid (currency units): nothing paid reads differently from everything refunded. */
  paid: number
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const refundable = formatUnits(refund.refundable, currency)
  const form = useZodForm(
    refundFormSchema(refund.refundable, t('chargingSession.refund.overRefundable', { amount: refundable })),
    { defaultValues: { amount: '', reason: '' }, mode: 'onSubmit' },
  )
  const { errors, isSubmitting } = form.formState
  const reason = form.watch('reason')

  if (!open) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {refund.refundable > 0
            ? t('chargingSession.refund.refundable', { amount: refundable })
            : paid > 0
              ? t('chargingSession.refund.nothingLeft')
              : t('chargingSession.refund.nothingPaid')}
        </p>
        <Button
          variant="classic"
          size="sm"
          disabled={refund.refundable <= 0}
          onClick={() => setOpen(true)}
          aria-expanded={false}
        >
          {t('chargingSession.refund.open')}
        </Button>
      </div>
    )
  }

  const close = () => {
    setOpen(false)
    form.reset()
    setMessage(null)
  }

  const submit = form.handleSubmit(async (body) => {
    setMessage(null)
    try {
      await refund.onRefund(body.amount, body.reason)
      addToast({
        variant: 'success',
        title: t('chargingSession.refund.doneTitle'),
        message: t('chargingSession.refund.doneMessage', { amount: formatUnits(body.amount, currency) }),
      })
      close()
    } catch (error) {
      setMessage(applyServerErrors(form, error))
    }
  })

  return (
    <form
      className="flex flex-col gap-3"
      aria-label={t('chargingSession.refund.title')}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <p className="text-sm text-slate-600">
        {t('chargingSession.refund.refundable', { amount: refundable })}
      </p>
      <FormError message={message} />
      <TextField
        label={t('chargingSession.refund.amount', { currency })}
        inputMode="decimal"
        type="number"
        min={0.01}
        step={0.01}
        max={refund.refundable}
        {...form.register('amount')}
        error={errors.amount?.message}
        hint={t('chargingSession.refund.amountHint', { amount: refundable })}
        autoFocus
      />
      <TextAreaField
        label={t('chargingSession.refund.reason')}
        rows={3}
        maxLength={REASON_MAX}
        {...form.register('reason')}
        error={errors.reason?.message}
        hint={t('chargingSession.refund.reasonHint', { left: REASON_MAX - reason.length })}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="classic" size="sm" onClick={close} disabled={isSubmitting}>
          {t('chargingSession.refund.cancel')}
        </Button>
        <Button type="submit" variant="primary" size="sm" loading={isSubmitting}>
          {t('chargingSession.refund.submit')}
        </Button>
      </div>
    </form>
  )
}
