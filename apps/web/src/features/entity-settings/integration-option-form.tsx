import type { IntegrationOption, IntegrationOptionWriteRequest } from '@portal/contract'
import { integrationOptionIssues, integrationOptionWriteRequest, isMaskedSecret } from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useIntegrationGateways, useIntegrationTypes } from './api/integration-options'
import { FormError, readOnlyText, SelectField } from '@/components/form-kit/fields'
import type { FieldErrors } from './components/form-errors'
import { serverErrors, validate } from './components/form-errors'

interface Draft {
  type_code: string
  gateway_name: string
  name: string
  is_enabled: boolean
  /** Settings by key; for a secret, the new value typed ('' keeps the stored one). */
  config: Record<string, string>
}

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

const INPUT_TYPES = { text: 'text', url: 'url', email: 'email', secret: 'password' } as const

export interface IntegrationOptionFormProps {
  formId: string
  option?: IntegrationOption
  readOnly: boolean
  save: (body: IntegrationOptionWriteRequest) => Promise<IntegrationOption>
  onSaved?: (option: IntegrationOption) => void
}

/** An integration option: the type, one of its gateways, and the settings the type's definition asks for. */
export function IntegrationOptionForm({
  formId,
  option,
  readOnly,
  save,
  onSaved,
}: IntegrationOptionFormProps) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const [draft, setDraft] = useState(() => draftOf(option))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const types = useIntegrationTypes()
  const gateways = useIntegrationGateways(draft.type_code)
  const type = types.data?.find((x) => x.type_code === draft.type_code)
  const sameType = option !== undefined && option.type_code === draft.type_code

  /** A field's message goes once the field is changed; the next submit checks again. */
  const clear = (...paths: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !paths.includes(path))))
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    clear(key)
  }

  /** Only the type's settings are sent; a secret left blank is left out (kept on an update). */
  const requestOf = (d: Draft): IntegrationOptionWriteRequest => {
    const config: Record<string, string | null> = {}
    for (const f of type?.fields ?? []) {
      const value = (d.config[f.key] ?? '').trim()
      if (f.kind === 'secret') {
        if (value !== '') config[f.key] = value
      } else config[f.key] = value === '' ? null : value
    }
    return {
      type_code: d.type_code as IntegrationOptionWriteRequest['type_code'],
      gateway_name: d.gateway_name,
      name: d.name,
      is_enabled: d.is_enabled,
      config,
    }
  }

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (readOnly) return
    setFormError(null)
    const stored = option
      ? {
          type_code: option.type_code,
          secrets: new Set(Object.keys(option.config).filter((k) => isMaskedSecret(option.config[k] ?? ''))),
        }
      : null
    const body = requestOf(draft)
    const checked = validate(integrationOptionWriteRequest, body, (parsed) =>
      integrationOptionIssues(parsed, stored),
    )
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    try {
      const saved = await save(body)
      addToast({
        variant: 'success',
        title: option ? t('entitySettings.integration.saved') : t('entitySettings.integration.created'),
        message: saved.name,
        timeout: 5000,
      })
      setDraft(draftOf(saved))
      onSaved?.(saved)
    } catch (error) {
      const shown = serverErrors(error, [
        'type_code',
        'gateway_name',
        'name',
        'is_enabled',
        ...(type?.fields ?? []).map((f) => `config.${f.key}`),
      ])
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

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('entitySettings.integration.type')}
          value={draft.type_code}
          onChange={(e) => {
            setDraft((d) => ({ ...d, type_code: e.target.value, gateway_name: '' }))
            clear('type_code', 'gateway_name')
          }}
          disabled={readOnly || types.isPending}
          error={errors.type_code}
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
          value={draft.gateway_name}
          onChange={(e) => set('gateway_name', e.target.value)}
          disabled={readOnly || draft.type_code === ''}
          error={errors.gateway_name}
          hint={draft.type_code === '' && !readOnly ? t('entitySettings.integration.gatewayHint') : undefined}
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
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          disabled={readOnly}
          maxLength={120}
          error={errors.name}
        />
        <div className="flex items-end pb-2">
          <Checkbox
            label={t('entitySettings.enabled')}
            checked={draft.is_enabled}
            onChange={(e) => set('is_enabled', e.target.checked)}
            disabled={readOnly}
          />
        </div>
      </div>
      {type && (
        <fieldset className="rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            {t('entitySettings.integration.settings', {
              type: t(`entitySettings.integrationTypes.${type.type_code}`, { defaultValue: type.name }),
            })}
          </legend>
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
                  value={draft.config[f.key] ?? ''}
                  placeholder={f.kind === 'secret' ? (stored ?? '') : f.kind === 'url' ? 'https://' : ''}
                  onChange={(e) => {
                    setDraft((d) => ({ ...d, config: { ...d.config, [f.key]: e.target.value } }))
                    clear(`config.${f.key}`)
                  }}
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
