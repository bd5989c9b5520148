import type { GatewaySettingKey, PaymentOption, PaymentOptionWriteRequest } from '@portal/contract'
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
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { usePaymentGateways, usePaymentMethods } from './api/payment-catalogues'
import { FieldSet, FormError, readOnlyText, SelectField } from '@/components/form-kit/fields'
import type { FieldErrors } from './components/form-errors'
import { serverErrors, validate } from './components/form-errors'

/** The form as typed: every value a string (or a list), so a half-filled form is representable. */
interface Draft {
  method_code: string
  gateway_code: string
  display_name: string
  currency_code: string
  is_enabled: boolean
  flow_type: string
  card_payment_types: string[]
  /** Settings by key; for a secret, the new value typed ('' keeps the stored one). */
  settings: Record<GatewaySettingKey, string>
}

function draftOf(option: PaymentOption | undefined, currency: string): Draft {
  return {
    method_code: option ? String(option.method_code) : '',
    gateway_code: option?.gateway_code ?? '',
    display_name: option?.display_name ?? '',
    currency_code: option?.currency_code ?? currency,
    is_enabled: option?.is_enabled ?? true,
    flow_type: option ? String(option.config.flow_type) : '',
    card_payment_types: option?.config.card_payment_types ?? [],
    settings: {
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
    flow_type: numberOrUndefined(d.flow_type),
    card_payment_types: method !== undefined && isCardMethod(method) ? d.card_payment_types : undefined,
  }
  for (const field of gateway?.fields ?? []) {
    const value = d.settings[field.key].trim()
    if (field.secret) config[field.key] = value === '' ? undefined : value
    else config[field.key] = value === '' ? null : value
  }
  // Deliberately loose: the contract's schema checks it before anything is sent.
  return {
    method_code: method,
    gateway_code: d.gateway_code,
    display_name: d.display_name,
    currency_code: d.currency_code,
    is_enabled: d.is_enabled,
    config,
  } as unknown as PaymentOptionWriteRequest
}

const FORM_FIELDS = [
  'method_code',
  'gateway_code',
  'display_name',
  'currency_code',
  'is_enabled',
  'config.flow_type',
  'config.card_payment_types',
  'config.merchant_id',
  'config.terminal_id',
  'config.api_key',
  'config.secret',
]

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
  const [draft, setDraft] = useState(() => draftOf(option, defaultCurrency))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const methods = usePaymentMethods()
  const methodCode = numberOrUndefined(draft.method_code) ?? null
  const gateways = usePaymentGateways(methodCode)
  const gateway = gateways.data?.find((g) => g.gateway_code === draft.gateway_code)
  const cardMethod = methodCode !== null && isCardMethod(methodCode)

  /** A field's message goes once the field is changed; the next submit checks again. */
  const clear = (...paths: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !paths.includes(path))))
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    clear(key, `config.${key}`)
  }
  const setSetting = (key: GatewaySettingKey, value: string) => {
    setDraft((d) => ({ ...d, settings: { ...d.settings, [key]: value } }))
    clear(`config.${key}`)
  }

  const chooseMethod = (value: string) => {
    clear('method_code', 'gateway_code', 'config.card_payment_types')
    const method = numberOrUndefined(value)
    const choices = method === undefined ? [] : gatewaysForMethod(method)
    setDraft((d) => ({
      ...d,
      method_code: value,
      // The gateway stays when it still processes the method; a method with one gateway gets it at once.
      gateway_code: choices.some((g) => g.gateway_code === d.gateway_code)
        ? d.gateway_code
        : choices.length === 1
          ? (choices[0]?.gateway_code ?? '')
          : '',
      card_payment_types:
        method !== undefined && isCardMethod(method) && d.card_payment_types.length === 0
          ? [...DEFAULT_CARD_PAYMENT_TYPES]
          : d.card_payment_types,
    }))
  }

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (readOnly) return
    setFormError(null)
    const stored = option
      ? {
          gateway_code: option.gateway_code,
          secrets: new Set(
            (['api_key', 'secret'] as const).filter((k) => option.config[k] !== null),
          ) as ReadonlySet<string>,
        }
      : null
    const checked = validate(paymentOptionWriteRequest, requestOf(draft), (body) =>
      paymentOptionIssues(body, stored),
    )
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    try {
      const saved = await save(requestOf(draft))
      addToast({
        variant: 'success',
        title: option ? t('entitySettings.payment.saved') : t('entitySettings.payment.created'),
        message: saved.display_name,
        timeout: 5000,
      })
      setDraft(draftOf(saved, defaultCurrency))
      onSaved?.(saved)
    } catch (error) {
      const shown = serverErrors(error, FORM_FIELDS)
      setErrors(shown.fields)
      setFormError(shown.message)
      addToast({
        variant: 'error',
        title: t('entitySettings.saveFailed'),
        message: error instanceof Error ? error.message : '',
        timeout: 8000,
      })
    }
  }

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
          value={draft.method_code}
          onChange={(e) => chooseMethod(e.target.value)}
          disabled={readOnly || methods.isPending}
          error={errors.method_code}
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
          value={draft.gateway_code}
          onChange={(e) => set('gateway_code', e.target.value)}
          disabled={readOnly || methodCode === null}
          error={errors.gateway_code}
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
          value={draft.display_name}
          onChange={(e) => set('display_name', e.target.value)}
          disabled={readOnly}
          maxLength={120}
          error={errors.display_name}
        />
        <SelectField
          label={t('entitySettings.payment.currency')}
          value={draft.currency_code}
          onChange={(e) => set('currency_code', e.target.value)}
          disabled={readOnly}
          error={errors.currency_code}
        >
          {currencies.entries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.value} — {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('entitySettings.payment.flowType')}
          value={draft.flow_type}
          onChange={(e) => set('flow_type', e.target.value)}
          disabled={readOnly}
          error={errors['config.flow_type']}
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
            checked={draft.is_enabled}
            onChange={(e) => set('is_enabled', e.target.checked)}
            disabled={readOnly}
          />
        </div>
      </div>

      {cardMethod && (
        <FieldSet legend={t('entitySettings.payment.cardTypes')} error={errors['config.card_payment_types']}>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {cardPaymentTypes.entries.map((c) => (
              <Checkbox
                key={c.value}
                label={c.label}
                checked={draft.card_payment_types.includes(c.value)}
                disabled={readOnly}
                onChange={(e) =>
                  set(
                    'card_payment_types',
                    e.target.checked
                      ? [...draft.card_payment_types, c.value]
                      : draft.card_payment_types.filter((v) => v !== c.value),
                  )
                }
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
                    value={draft.settings[f.key]}
                    onChange={(e) => setSetting(f.key, e.target.value)}
                    disabled={readOnly}
                    autoComplete="off"
                    spellCheck={false}
                    error={errors[`config.${f.key}`]}
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
                  value={draft.settings[f.key]}
                  placeholder={stored ?? ''}
                  onChange={(e) => setSetting(f.key, e.target.value)}
                  autoComplete="new-password"
                  spellCheck={false}
                  hint={secretHint(f.key)}
                  error={errors[`config.${f.key}`]}
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
