import { evSessionRefundRequest } from '@portal/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors } from '@/components/form-kit/form-errors'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { formatUnits } from './session-format'
import type { SessionRefundProps } from './session-detail-view'

const FIELDS = ['amount', 'reason'] as const

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
  const reasonId = useId()
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const refundable = formatUnits(refund.refundable, currency)

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
    setAmount('')
    setReason('')
    setErrors({})
    setMessage(null)
  }

  const submit = async () => {
    setMessage(null)
    const value = amount.trim() === '' ? Number.NaN : Number(amount)
    const parsed = evSessionRefundRequest.safeParse({ amount: value, reason })
    const found: FieldErrors = {}
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message
    } else if (parsed.data.amount > refund.refundable + 1e-9) {
      found.amount = t('chargingSession.refund.overRefundable', { amount: refundable })
    }
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) return
    setSending(true)
    try {
      await refund.onRefund(parsed.data.amount, parsed.data.reason)
      addToast({
        variant: 'success',
        title: t('chargingSession.refund.doneTitle'),
        message: t('chargingSession.refund.doneMessage', {
          amount: formatUnits(parsed.data.amount, currency),
        }),
      })
      close()
    } catch (error) {
      const shown = serverErrors(error, FIELDS)
      setErrors(shown.fields)
      setMessage(shown.message)
    } finally {
      setSending(false)
    }
  }

  return (
    <form
      className="flex flex-col gap-3"
      aria-label={t('chargingSession.refund.title')}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
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
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        hint={t('chargingSession.refund.amountHint', { amount: refundable })}
        autoFocus
      />
      <div>
        <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('chargingSession.refund.reason')}
        </label>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`${reasonId}-message`}
          className={cn(
            'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
            'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
            'aria-invalid:border-rose-400',
          )}
        />
        <p
          id={`${reasonId}-message`}
          className={cn('mt-1 text-xs', errors.reason ? 'text-rose-700' : 'text-slate-500')}
        >
          {errors.reason ?? t('chargingSession.refund.reasonHint', { left: 500 - reason.length })}
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="classic" size="sm" onClick={close} disabled={sending}>
          {t('chargingSession.refund.cancel')}
        </Button>
        <Button type="submit" variant="primary" size="sm" loading={sending}>
          {t('chargingSession.refund.submit')}
        </Button>
      </div>
    </form>
  )
}
