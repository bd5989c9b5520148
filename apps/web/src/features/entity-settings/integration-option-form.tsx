import type { IntegrationOption, IntegrationOptionWriteRequest } from '@portal/contract'
import {
  findIntegrationType,
  integrationOptionIssues,
  integrationOptionWriteRequest,
  isMaskedSecret,
} from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormError, readOnlyText, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import {
  useIntegrationGateway,
  useIntegrationGateways,
  useIntegrationType,
  useIntegrationTypes,
} from './api/integration-options'
import { typeName } from './labels'
import { serverMessage } from '@/lib/server-messages'

/** The form as typed; the settings sit under `config` as in the request ('' keeps a stored secret). */
const draftSchema = z.object({
  type_code: z.string(),
  gateway_name: z.string(),
  name: z.string(),
  is_enabled: z.boolean(),
  config: z.record(z.string(), z.string()),
})
type Draft = z.input<typeof draftSchema>

function draftOf(option: IntegrationOption | undefined): Draft {
  const config: Record<string, string> = {}
  for (const [key, value] of Object.entries(option?.config ?? {}))
    config[key] = isMaskedSecret(value) ? '' : value
  return {
    type_code: option?.type_code ?? '',
    gateway_name: option?.gateway_name ?? '',
    name: option?.name ?? '',
    is_enabled: option?.is_enabled ?? true,
    config,
  }
}

/** Only the type's settings are sent; a secret left blank is left out (kept on an update). */
function requestOf(d: Draft): IntegrationOptionWriteRequest {
  const config: Record<string, string | null> = {}
  for (const f of findIntegrationType(d.type_code)?.fields ?? []) {
    const value = (d.config[f.key] ?? '').trim()
    if (f.kind === 'secret') {
      if (value !== '') config[f.key] = value
    } else config[f.key] = value === '' ? null : value
  }
  return {
    // Deliberately loose: the contract's schema, piped next, checks the type.
    type_code: d.type_code as IntegrationOptionWriteRequest['type_code'],
    gateway_name: d.gateway_name,
    name: d.name,
    is_enabled: d.is_enabled,
    config,
  }
}

/** The integration option form's schema: the contract's schema, then its rules spanning fields, as the server. */
export function integrationOptionForm(stored: { type_code: string; secrets: ReadonlySet<string> } | null) {
  return draftSchema
    .transform(requestOf)
    .pipe(integrationOptionWriteRequest)
    .superRefine((body, ctx) => {
      for (const issue of integrationOptionIssues(body, stored))
        ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message })
    })
}

const INPUT_TYPES = { text: 'text', url: 'url', email: 'email', secret: 'password' } as const

export interface IntegrationOptionFormProps {
  formId: string
  option?: IntegrationOption
  readOnly: boolean
  save: (body: IntegrationOptionWriteRequest) => Promise<IntegrationOption>
  onSaved?: (option: IntegrationOption) => void
}

/**
 * An integration option: the type, one of its gateways, and the settings the chosen type's definition asks for
 * (GET /iam/integration-configs/type/{code}); the chosen gateway is read too (GET …/gateway/{name}?type_code=…).
 */
export function IntegrationOptionForm({
  formId,
  option,
  readOnly,
  save,
  onSaved,
}: IntegrationOptionFormProps) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const schema = useMemo(
    () =>
      integrationOptionForm(
        option
          ? {
              type_code: option.type_code,
              secrets: new Set(
                Object.keys(option.config).filter((k) => isMaskedSecret(option.config[k] ?? '')),
              ),
            }
          : null,
      ),
    [option],
  )
  const form = useZodForm(schema, { defaultValues: draftOf(option) })
  const { register } = form
  const errors = form.formState.errors
  const [formError, setFormError] = useState<string | null>(null)
  const typeCode = form.watch('type_code')
  const gatewayName = form.watch('gateway_name')
  const types = useIntegrationTypes()
  const type = useIntegrationType(typeCode).data
  const gateways = useIntegrationGateways(typeCode)
  const gateway = useIntegrationGateway(typeCode, gatewayName).data
  const sameType = option !== undefined && option.type_code === typeCode

  const submit = form.handleSubmit(async (body) => {
    if (readOnly) return
    setFormError(null)
    try {
      const saved = await save(body)
      addToast({
        variant: 'success',
        title: option ? t('entitySettings.integration.saved') : t('entitySettings.integration.created'),
        message: saved.name,
        timeout: 5000,
      })
      form.reset(draftOf(saved))
      onSaved?.(saved)
    } catch (error) {
      setFormError(
        applyServerErrors(
          form,
          error,
          (type?.fields ?? []).map((f) => `config.${f.key}`),
        ),
      )
      addToast({
        variant: 'error',
        title: t('entitySettings.saveFailed'),
        message: serverMessage(error),
        timeout: 8000,
      })
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('entitySettings.integration.type')}
          {...register('type_code', {
            onChange: () => {
              form.setValue('gateway_name', '')
              form.clearErrors('gateway_name')
            },
          })}
          // Controlled too: the options arrive after the value (the catalogue calls), and React keeps them in step.
          value={typeCode}
          disabled={readOnly || types.isPending}
          error={errors.type_code?.message}
        >
          <option value="">{t('entitySettings.choose')}</option>
          {types.data?.map((x) => (
            <option key={x.type_code} value={x.type_code}>
              {t(`entitySettings.integrationTypes.${x.type_code}`, { defaultValue: x.name })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('entitySettings.integration.gateway')}
          {...register('gateway_name')}
          value={gatewayName}
          disabled={readOnly || typeCode === ''}
          error={errors.gateway_name?.message}
          hint={
            typeCode === '' && !readOnly
              ? t('entitySettings.integration.gatewayHint')
              : gateway
                ? t('entitySettings.integration.gatewayOf', {
                    gateway: gateway.name,
                    type: typeName(t, gateway.type_code),
                  })
                : undefined
          }
        >
          <option value="">{t('entitySettings.choose')}</option>
          {gateways.data?.map((g) => (
            <option key={g.gateway_name} value={g.gateway_name}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <TextField
          className={readOnlyText}
          label={t('entitySettings.integration.name')}
          {...register('name')}
          disabled={readOnly}
          maxLength={120}
          error={errors.name?.message}
        />
        <div className="flex items-end pb-2">
          <Checkbox label={t('entitySettings.enabled')} {...register('is_enabled')} disabled={readOnly} />
        </div>
      </div>
      {type && (
        <fieldset className="rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            {t('entitySettings.integration.settings', {
              type: typeName(t, type.type_code),
            })}
          </legend>
          <p className="mb-3 text-xs text-slate-500">
            {t('entitySettings.integration.fieldsOf', {
              count: type.fields.length,
              required: type.fields.filter((f) => f.required).length,
            })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {type.fields.map((f) => {
              const label = `${t(`entitySettings.field.${f.key}`, { defaultValue: f.key })}${f.required ? '' : ` (${t('entitySettings.optional')})`}`
              const stored = sameType ? option.config[f.key] : undefined
              if (f.kind === 'secret' && readOnly)
                return (
                  <TextField
                    className={readOnlyText}
                    key={f.key}
                    label={label}
                    value={stored ?? t('entitySettings.notSet')}
                    disabled
                    readOnly
                  />
                )
              return (
                <TextField
                  className={readOnlyText}
                  key={f.key}
                  label={label}
                  type={INPUT_TYPES[f.kind]}
                  {...register(`config.${f.key}`)}
                  placeholder={f.kind === 'secret' ? (stored ?? '') : f.kind === 'url' ? 'https://' : ''}
                  disabled={readOnly}
                  autoComplete={f.kind === 'secret' ? 'new-password' : 'off'}
                  spellCheck={false}
                  hint={
                    f.kind === 'secret' && !readOnly
                      ? stored
                        ? t('entitySettings.secretStored', { masked: stored })
                        : t('entitySettings.secretNew')
                      : undefined
                  }
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
