import type { Promotion } from '@portal/contract'
import {
  DiscountType,
  PROMOTION_EXTRA_FIELDS,
  promotionStatuses,
  PromotionType,
  promotionTypes,
  discountTypes,
} from '@portal/contract'
import type { ReactNode, SyntheticEvent } from 'react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { ApiError } from '@/lib/http'
import { useSavePromotion } from './api/promotions'
import type { DraftErrors, PromotionDraft } from './promotion-draft'
import { draftOf, emptyDraft, requestOf, validateDraft } from './promotion-draft'

function SelectField({
  label,
  value,
  onChange,
  error,
  children,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  children: ReactNode
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600/30 aria-invalid:border-rose-400"
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-message`} className="mt-1 text-xs text-rose-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** Field names a server 400 may name (`body.<field>`), mapped onto the form's inputs. */
function serverFieldErrors(error: unknown): DraftErrors {
  if (!(error instanceof ApiError)) return {}
  const out: DraftErrors = {}
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\./, '').split('.')[0]
    if (field) out[field] ??= issue.message
  }
  return out
}

function ItemsEditor({
  items,
  onChange,
  error,
}: {
  items: PromotionDraft['items']
  onChange: (items: PromotionDraft['items']) => void
  error: string | undefined
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? 'promotion-items-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('promotions.field.items')}</legend>
      <ul className="space-y-2">
        {items.map((item, index) => (
          <li key={index} className="flex items-end gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={t('promotions.field.itemName', { n: index + 1 })}
              value={item.name}
              onChange={(e) =>
                onChange(items.map((it, i) => (i === index ? { ...it, name: e.target.value } : it)))
              }
            />
            <TextField
              className="w-24"
              label={t('promotions.field.quantity')}
              inputMode="numeric"
              value={item.quantity}
              onChange={(e) =>
                onChange(items.map((it, i) => (i === index ? { ...it, quantity: e.target.value } : it)))
              }
            />
            <Button
              type="button"
              variant="classic"
              size="md"
              className="mb-0.5"
              disabled={items.length === 1}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
              aria-label={t('promotions.field.removeItem', { n: index + 1 })}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="secondaryBasic"
        size="sm"
        className="mt-2"
        onClick={() => onChange([...items, { name: '', quantity: '1' }])}
      >
        {t('promotions.field.addItem')}
      </Button>
      {error && (
        <p id="promotion-items-error" className="mt-1 text-xs text-rose-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/**
 * Create or edit a promotion. The type decides which extra fields show (B §3); each is checked with the contract's
 * rules as the server does, and a message shows under the field. Money is typed in major units of the currency.
 */
export function PromotionForm({
  promotion,
  currency,
  onSaved,
  onCancel,
}: {
  promotion?: Promotion
  currency: string
  onSaved: (saved: Promotion) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const [draft, setDraft] = useState<PromotionDraft>(() => (promotion ? draftOf(promotion) : emptyDraft()))
  const [errors, setErrors] = useState<DraftErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const save = useSavePromotion(promotion?.uuid ?? null)
  const type = Number(draft.type)
  const fields = new Set<string>(draft.type === '' ? [] : PROMOTION_EXTRA_FIELDS[type as PromotionType])

  const set = <K extends keyof PromotionDraft>(key: K, value: PromotionDraft[K], ...cleared: string[]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    const gone = new Set<string>([key, ...cleared])
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !gone.has(k))))
  }
  const text = (
    key: Exclude<keyof PromotionDraft, 'items'>,
    label: string,
    extra: Partial<{ hint: string; inputMode: 'numeric' | 'decimal' }> = {},
  ) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={errors[key]}
      {...extra}
    />
  )

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    setFormError(null)
    const found = validateDraft(draft, currency, t)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      const saved = await save.mutateAsync(requestOf(draft, currency))
      addToast({
        variant: 'success',
        title: promotion ? t('promotions.saved') : t('promotions.created'),
        message: saved.name,
        timeout: 5000,
      })
      onSaved(saved)
    } catch (error) {
      setErrors(serverFieldErrors(error))
      setFormError(error instanceof Error ? error.message : '')
    }
  }

  const money = t('promotions.form.inCurrency', { currency })
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-6"
      aria-label={t('promotions.form.title')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', t('promotions.field.name'))}
        <SelectField
          label={t('promotions.field.type')}
          value={draft.type}
          error={errors.type}
          onChange={(v) => set('type', v, ...Object.keys(errors))}
        >
          <option value="">{t('promotions.form.chooseType')}</option>
          {promotionTypes.entries.map((e) => (
            <option key={e.value} value={String(e.value)}>
              {t(`promotions.type.${String(e.value)}`, { defaultValue: e.label })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('promotions.field.status')}
          value={draft.status}
          onChange={(v) => set('status', v)}
        >
          {promotionStatuses.entries.map((e) => (
            <option key={e.value} value={String(e.value)}>
              {t(`promotions.status.${String(e.value)}`, { defaultValue: e.label })}
            </option>
          ))}
        </SelectField>
        {text('description', t('promotions.field.description'))}
        <TextField
          type="date"
          label={t('promotions.field.start_time')}
          value={draft.start}
          onChange={(e) => set('start', e.target.value, 'end_time')}
          error={errors.start_time}
        />
        <TextField
          type="date"
          label={t('promotions.field.end_time')}
          value={draft.end}
          onChange={(e) => set('end', e.target.value, 'end_time')}
          error={errors.end_time}
        />
      </div>

      {draft.type !== '' && (
        <section
          aria-label={t('promotions.form.extras', { type: t(`promotions.type.${draft.type}`) })}
          className="rounded-lg border border-slate-200 bg-slate-50/60 p-4"
        >
          <h3 className="mb-3 text-sm font-semibold text-slate-900">
            {t('promotions.form.extras', { type: t(`promotions.type.${draft.type}`) })}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.has('item_balance') &&
              text('item_balance', t('promotions.field.item_balance'), { inputMode: 'numeric' })}
            {fields.has('original_item_balance') &&
              text('original_item_balance', t('promotions.field.original_item_balance'), {
                inputMode: 'numeric',
              })}
            {fields.has('money_balance') &&
              text('money_balance', t('promotions.field.money_balance'), {
                hint: money,
                inputMode: 'decimal',
              })}
            {fields.has('original_money_balance') &&
              text('original_money_balance', t('promotions.field.original_money_balance'), {
                hint: money,
                inputMode: 'decimal',
              })}
            {fields.has('discount_type') && (
              <SelectField
                label={t('promotions.field.discount_type')}
                value={draft.discount_type}
                error={errors.discount_type}
                onChange={(v) => set('discount_type', v, 'discount')}
              >
                <option value="">{t('promotions.form.choose')}</option>
                {discountTypes.entries.map((e) => (
                  <option key={e.value} value={String(e.value)}>
                    {t(`promotions.discountType.${String(e.value)}`, { defaultValue: e.label })}
                  </option>
                ))}
              </SelectField>
            )}
            {fields.has('discount') &&
              text(
                'discount',
                Number(draft.discount_type) === DiscountType.FlatAmount
                  ? t('promotions.field.discountAmount')
                  : t('promotions.field.discountPercent'),
                {
                  hint:
                    Number(draft.discount_type) === DiscountType.FlatAmount
                      ? money
                      : t('promotions.form.percentHint'),
                  inputMode: 'decimal',
                },
              )}
            {type === PromotionType.SetCount && (
              <ItemsEditor
                items={draft.items}
                onChange={(items) => set('items', items)}
                error={errors.items}
              />
            )}
          </div>
        </section>
      )}

      {formError && (
        <p
          role="alert"
          className={cn('rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800')}
        >
          {formError}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="classic" onClick={onCancel} disabled={save.isPending}>
          {t('promotions.form.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {promotion ? t('promotions.form.save') : t('promotions.form.create')}
        </Button>
      </div>
    </form>
  )
}
