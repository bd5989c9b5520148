import type {
  GatewaySettingKey,
  PaymentOption,
  PaymentOptionWriteRequest,
  StoredSecrets,
} from '@portal/contract'
import {
  cardPaymentTypes,
  currencies,
  DEFAULT_CARD_PAYMENT_TYPES,
  findPaymentGateway,
  gatewaysForMethod,
  isCardMethod,
  paymentFlowTypes,
  paymentOptionIssues,
  paymentOptionWriteRequest,
} from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FieldSet, FormError, readOnlyText, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { labelOf } from '@/lib/labels'
import { usePaymentGateways, usePaymentMethods } from './api/payment-catalogues'
import { serverMessage } from '@/lib/server-messages'

/**
 * The form as typed: every value a string (or a list), so a half-filled form is representable. The settings sit
 * under `config` as in the request, so a message about `config.api_key` lands beside that field.
 */
const draftSchema = z.object({
  method_code: z.string(),
  gateway_code: z.string(),
  display_name: z.string(),
  currency_code: z.string(),
  is_enabled: z.boolean(),
  config: z.object({
    flow_type: z.string(),
    card_payment_types: z.array(z.string()),
    /** For a secret, the new value typed ('' keeps the stored one). */
    merchant_id: z.string(),
    terminal_id: z.string(),
    api_key: z.string(),
    secret: z.string(),
  }),
})
type Draft = z.input<typeof draftSchema>

function draftOf(option: PaymentOption | undefined, currency: string): Draft {
  return {
    method_code: option ? String(option.method_code) : '',
    gateway_code: option?.gateway_code ?? '',
    display_name: option?.display_name ?? '',
    currency_code: option?.currency_code ?? currency,
    is_enabled: option?.is_enabled ?? true,
    config: {
      flow_type: option ? String(option.config.flow_type) : '',
      card_payment_types: option?.config.card_payment_types ?? [],
      merchant_id: option?.config.merchant_id ?? '',
      terminal_id: option?.config.terminal_id ?? '',
      api_key: '',
      secret: '',
    },
  }
}

const numberOrUndefined = (v: string) => (v === '' ? undefined : Number(v))

/**
 * The request from the form. Only the chosen gateway's settings are sent; a secret left blank is left out (on an
 * update the server keeps the stored one; on a create it is missing, and the rules say so beside the field).
 */
function requestOf(d: Draft): PaymentOptionWriteRequest {
  const method = numberOrUndefined(d.method_code)
  const gateway = findPaymentGateway(d.gateway_code)
  const config: Record<string, unknown> = {
    flow_type: numberOrUndefined(d.config.flow_type),
    card_payment_types:
      method !== undefined && isCardMethod(method) ? d.config.card_payment_types : undefined,
  }
  for (const field of gateway?.fields ?? []) {
    const value = d.config[field.key].trim()
    if (field.secret) config[field.key] = value === '' ? undefined : value
    else config[field.key] = value === '' ? null : value
  }
  // Deliberately loose: the contract's schema, piped next, checks it before anything is sent.
  return {
    method_code: method,
    gateway_code: d.gateway_code,
    display_name: d.display_name,
    currency_code: d.currency_code,
    is_enabled: d.is_enabled,
    config,
  } as unknown as PaymentOptionWriteRequest
}

/**
 * The payment option form's schema: the request from the draft, checked by the contract's schema and then by the
 * rules spanning fields (`paymentOptionIssues`), exactly as the server checks it.
 */
export function paymentOptionForm(stored: StoredSecrets | null) {
  return draftSchema
    .transform(requestOf)
    .pipe(paymentOptionWriteRequest)
    .superRefine((body, ctx) => {
      for (const issue of paymentOptionIssues(body, stored))
        ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message })
    })
}

export interface PaymentOptionFormProps {
  /** The id of the <form>, so a submit button elsewhere (a modal footer) can send it. */
  formId: string
  /** The option being edited; none to create one. */
  option?: PaymentOption
  defaultCurrency: string
  readOnly: boolean
  save: (body: PaymentOptionWriteRequest) => Promise<PaymentOption>
  onSaved?: (option: PaymentOption) => void
}

/**
 * A payment option: the method, then the gateways that can process it, then that gateway's settings. Secrets are
 * never shown: the stored one is described by its masked value and kept unless a new one is typed.
 */
export function PaymentOptionForm({
  formId,
  option,
  defaultCurrency,
  readOnly,
  save,
  onSaved,
}: PaymentOptionFormProps) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const schema = useMemo(
    () =>
      paymentOptionForm(
        option
          ? {
              gateway_code: option.gateway_code,
              secrets: new Set((['api_key', 'secret'] as const).filter((k) => option.config[k] !== null)),
            }
          : null,
      ),
    [option],
  )
  const form = useZodForm(schema, { defaultValues: draftOf(option, defaultCurrency) })
  const { register } = form
  const errors = form.formState.errors
  const [formError, setFormError] = useState<string | null>(null)
  const methods = usePaymentMethods()
  const draft = form.watch()
  const methodCode = numberOrUndefined(draft.method_code) ?? null
  const gateways = usePaymentGateways(methodCode)
  const gateway = gateways.data?.find((g) => g.gateway_code === draft.gateway_code)
  const cardMethod = methodCode !== null && isCardMethod(methodCode)

  const chooseMethod = (value: string) => {
    const method = numberOrUndefined(value)
    const choices = method === undefined ? [] : gatewaysForMethod(method)
    // The gateway stays when it still processes the method; a method with one gateway gets it at once.
    const current = form.getValues('gateway_code')
    const gatewayCode = choices.some((g) => g.gateway_code === current)
      ? current
      : choices.length === 1
        ? (choices[0]?.gateway_code ?? '')
        : ''
    form.setValue('gateway_code', gatewayCode)
    if (
      method !== undefined &&
      isCardMethod(method) &&
      form.getValues('config.card_payment_types').length === 0
    )
      form.setValue('config.card_payment_types', [...DEFAULT_CARD_PAYMENT_TYPES])
    form.clearErrors(['gateway_code', 'config.card_payment_types'])
  }

  const submit = form.handleSubmit(async (body) => {
    if (readOnly) return
    setFormError(null)
    try {
      const saved = await save(body)
      addToast({
        variant: 'success',
        title: option ? t('entitySettings.payment.saved') : t('entitySettings.payment.created'),
        message: saved.display_name,
        timeout: 5000,
      })
      form.reset(draftOf(saved, defaultCurrency))
      onSaved?.(saved)
    } catch (error) {
      setFormError(applyServerErrors(form, error))
      addToast({
        variant: 'error',
        title: t('entitySettings.saveFailed'),
        message: serverMessage(error),
        timeout: 8000,
      })
    }
  })

  const secretHint = (key: GatewaySettingKey) => {
    const stored = option && option.gateway_code === draft.gateway_code ? option.config[key] : null
    if (readOnly) return undefined
    return stored ? t('entitySettings.secretStored', { masked: stored }) : t('entitySettings.secretNew')
  }

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('entitySettings.payment.method')}
          {...register('method_code', {
            onChange: (e: { target: { value: string } }) => chooseMethod(e.target.value),
          })}
          // Controlled too: the options arrive after the value (the catalogue call), and React keeps them in step.
          value={draft.method_code}
          disabled={readOnly || methods.isPending}
          error={errors.method_code?.message}
        >
          <option value="">{t('entitySettings.choose')}</option>
          {methods.data?.map((m) => (
            <option key={m.method_code} value={String(m.method_code)}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('entitySettings.payment.gateway')}
          {...register('gateway_code')}
          value={draft.gateway_code}
          disabled={readOnly || methodCode === null}
          error={errors.gateway_code?.message}
          hint={methodCode === null && !readOnly ? t('entitySettings.payment.gatewayHint') : undefined}
        >
          <option value="">{t('entitySettings.choose')}</option>
          {gateways.data?.map((g) => (
            <option key={g.gateway_code} value={g.gateway_code}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <TextField
          className={readOnlyText}
          label={t('entitySettings.payment.displayName')}
          {...register('display_name')}
          disabled={readOnly}
          maxLength={120}
          error={errors.display_name?.message}
        />
        <SelectField
          label={t('entitySettings.payment.currency')}
          {...register('currency_code')}
          disabled={readOnly}
          error={errors.currency_code?.message}
        >
          {currencies.entries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.value} — {labelOf(currencies, c.value)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('entitySettings.payment.flowType')}
          {...register('config.flow_type')}
          disabled={readOnly}
          error={errors.config?.flow_type?.message}
        >
          <option value="">{t('entitySettings.choose')}</option>
          {paymentFlowTypes.entries.map((f) => (
            <option key={f.value} value={String(f.value)}>
              {t(`entitySettings.flowTypes.${String(f.value)}`, { defaultValue: f.label })}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end pb-2">
          <Checkbox
            label={t('entitySettings.enabled')}
            description={t('entitySettings.payment.enabledHint')}
            {...register('is_enabled')}
            disabled={readOnly}
          />
        </div>
      </div>

      {cardMethod && (
        <FieldSet
          legend={t('entitySettings.payment.cardTypes')}
          error={
            errors.config?.card_payment_types?.message ?? errors.config?.card_payment_types?.root?.message
          }
        >
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {cardPaymentTypes.entries.map((c) => (
              <Checkbox
                key={c.value}
                label={labelOf(cardPaymentTypes, c.value)}
                value={c.value}
                {...register('config.card_payment_types')}
                disabled={readOnly}
              />
            ))}
          </div>
        </FieldSet>
      )}

      {gateway && gateway.fields.length > 0 && (
        <fieldset className="rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            {t('entitySettings.payment.gatewaySettings', { gateway: gateway.name })}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {gateway.fields.map((f) => {
              const label = `${t(`entitySettings.field.${f.key}`)}${f.required ? '' : ` (${t('entitySettings.optional')})`}`
              if (!f.secret)
                return (
                  <TextField
                    className={readOnlyText}
                    key={f.key}
                    label={label}
                    {...register(`config.${f.key}`)}
                    disabled={readOnly}
                    autoComplete="off"
                    spellCheck={false}
                    error={errors.config?.[f.key]?.message}
                  />
                )
              const stored =
                option && option.gateway_code === draft.gateway_code ? option.config[f.key] : null
              return readOnly ? (
                <TextField
                  className={readOnlyText}
                  key={f.key}
                  label={label}
                  value={stored ?? t('entitySettings.notSet')}
                  disabled
                  readOnly
                />
              ) : (
                <TextField
                  className={readOnlyText}
                  key={f.key}
                  label={label}
                  type="password"
                  {...register(`config.${f.key}`)}
                  placeholder={stored ?? ''}
                  autoComplete="new-password"
                  spellCheck={false}
                  hint={secretHint(f.key)}
                  error={errors.config?.[f.key]?.message}
                />
              )
            })}
          </div>
        </fieldset>
      )}
      <FormError message={formError} />
    </form>
  )
}
