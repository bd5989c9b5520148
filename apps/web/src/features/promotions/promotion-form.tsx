import type { Promotion } from '@portal/contract'
import {
  discountTypes,
  DiscountType,
  PROMOTION_EXTRA_FIELDS,
  promotionStatuses,
  PromotionType,
  promotionTypes,
} from '@portal/contract'
import { useMemo, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useSavePromotion } from './api/promotions'
import type { PromotionDraft } from './promotion-draft'
import { draftOf, emptyDraft, promotionDraftSchema } from './promotion-draft'

type DraftForm = UseFormReturn<PromotionDraft, unknown, unknown>

/** The items of a Set count promotion: one name and quantity a row, at least one row. */
function ItemsEditor({ form }: { form: DraftForm }) {
  const { t } = useTranslation()
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' })
  const errors = form.formState.errors.items
  const error = errors?.message ?? errors?.root?.message
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? 'promotion-items-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('promotions.field.items')}</legend>
      <ul className="space-y-2">
        {fields.map((field, index) => (
          <li key={field.id} className="flex items-end gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={t('promotions.field.itemName', { n: index + 1 })}
              error={errors?.[index]?.name?.message}
              {...form.register(`items.${index}.name`)}
            />
            <TextField
              className="w-24"
              label={t('promotions.field.quantity')}
              inputMode="numeric"
              error={errors?.[index]?.quantity?.message}
              {...form.register(`items.${index}.quantity`)}
            />
            <Button
              type="button"
              variant="classic"
              size="md"
              className="mb-0.5"
              disabled={fields.length === 1}
              onClick={() => remove(index)}
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
        onClick={() => append({ name: '', quantity: '1' })}
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
  const schema = useMemo(() => promotionDraftSchema(currency, t), [currency, t])
  const form = useZodForm(schema, { defaultValues: promotion ? draftOf(promotion) : emptyDraft() })
  const [formError, setFormError] = useState<string | null>(null)
  const save = useSavePromotion(promotion?.uuid ?? null)
  const { errors } = form.formState
  const draftType = form.watch('type')
  const discountType = Number(form.watch('discount_type'))
  const type = Number(draftType)
  const fields = new Set<string>(draftType === '' ? [] : PROMOTION_EXTRA_FIELDS[type as PromotionType])

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      const saved = await save.mutateAsync(body)
      addToast({
        variant: 'success',
        title: promotion ? t('promotions.saved') : t('promotions.created'),
        message: saved.name,
        timeout: 5000,
      })
      onSaved(saved)
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })

  const text = (
    key: Exclude<keyof PromotionDraft, 'items'>,
    label: string,
    extra: Partial<{ hint: string; inputMode: 'numeric' | 'decimal' }> = {},
  ) => <TextField label={label} error={errors[key]?.message} {...extra} {...form.register(key)} />

  const money = t('promotions.form.inCurrency', { currency })
  const typeName = t(`promotions.type.${draftType}`)
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
          error={errors.type?.message}
          // Another type has other extra fields: their messages no longer apply.
          {...form.register('type', { onChange: () => form.clearErrors() })}
        >
          <option value="">{t('promotions.form.chooseType')}</option>
          {promotionTypes.entries.map((e) => (
            <option key={e.value} value={String(e.value)}>
              {t(`promotions.type.${String(e.value)}`, { defaultValue: e.label })}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('promotions.field.status')} {...form.register('status')}>
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
          error={errors.start_time?.message}
          {...form.register('start_time', { onChange: () => form.clearErrors('end_time') })}
        />
        <TextField
          type="date"
          label={t('promotions.field.end_time')}
          error={errors.end_time?.message}
          {...form.register('end_time')}
        />
      </div>

      {draftType !== '' && (
        <section
          aria-label={t('promotions.form.extras', { type: typeName })}
          className="rounded-lg border border-slate-200 bg-slate-50/60 p-4"
        >
          <h3 className="mb-3 text-sm font-semibold text-slate-900">
            {t('promotions.form.extras', { type: typeName })}
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
                error={errors.discount_type?.message}
                {...form.register('discount_type', { onChange: () => form.clearErrors('discount') })}
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
                discountType === DiscountType.FlatAmount
                  ? t('promotions.field.discountAmount')
                  : t('promotions.field.discountPercent'),
                {
                  hint: discountType === DiscountType.FlatAmount ? money : t('promotions.form.percentHint'),
                  inputMode: 'decimal',
                },
              )}
            {type === PromotionType.SetCount && <ItemsEditor form={form} />}
          </div>
        </section>
      )}

      <FormError message={formError} />
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
