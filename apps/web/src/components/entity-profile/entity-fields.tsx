import { currencies, industries, MyEntityType } from '@portal/contract'
import type { ReactNode } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FieldSet, readOnlyText, SelectField } from '@/components/form-kit/fields'
import { Badge } from '@/components/ui/badge/badge'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { labelOf } from '@/lib/labels'
import type { EntityFormValues } from './entity-form'

/** The roles an entity can act in on the charging networks (A §3: "roles (may include CPO)"). */
const ENTITY_ROLES = Object.values(MyEntityType)

function messageAt(errors: Record<string, unknown>, key: string): string | undefined {
  const node = errors[key]
  if (typeof node !== 'object' || node === null) return undefined
  const message = (node as { message?: unknown; root?: { message?: unknown } }).message
  if (typeof message === 'string') return message
  const root = (node as { root?: { message?: unknown } }).root?.message
  return typeof root === 'string' ? root : undefined
}

/**
 * The fields of an entity (A §3), shared by "New entity" and the profile: name, code (typed only when creating),
 * parent (only when creating), currency, time zone, preferred identifier, EV backend address, and the industries
 * and roles, which only a platform administrator changes (`commercial`); others see them as badges.
 */
export function EntityFields<Out extends FieldValues>({
  form,
  mode,
  commercial,
  disabled = false,
  parents,
}: {
  form: UseFormReturn<EntityFormValues, unknown, Out>
  mode: 'create' | 'edit'
  commercial: boolean
  disabled?: boolean
  /** The entities a new one can sit under (create only). */
  parents?: readonly { code: string; name: string }[]
}) {
  const { t } = useTranslation()
  const { register } = form
  const errors = form.formState.errors as Record<string, unknown>
  const error = (key: keyof EntityFormValues) => messageAt(errors, key)
  const chosenIndustries = form.watch('industries')
  const chosenRoles = form.watch('roles')
  const badges = (values: readonly string[], label: (v: string) => string): ReactNode =>
    values.length === 0 ? (
      <span className="text-sm text-slate-500">—</span>
    ) : (
      <span className="flex flex-wrap gap-1.5">
        {values.map((v) => (
          <Badge key={v} tone="info">
            {label(v)}
          </Badge>
        ))}
      </span>
    )

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('iamScreens.entities.col.name')}
          {...register('name')}
          error={error('name')}
          disabled={disabled}
          maxLength={200}
          autoComplete="off"
          className={readOnlyText}
        />
        {mode === 'create' ? (
          <TextField
            label={t('iamScreens.entities.col.code')}
            {...register('code')}
            error={error('code')}
            hint={t('iamScreens.entities.codeHint')}
            disabled={disabled}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={`${readOnlyText} [&_input]:font-mono`}
          />
        ) : (
          // The code names the entity everywhere (A §3): it is shown, never changed.
          <div>
            <p className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('iamScreens.entities.col.code')}
            </p>
            <p className="flex h-10 items-center rounded-md border border-slate-200 bg-slate-50 px-3 font-mono text-sm text-slate-700">
              {form.getValues('code')}
            </p>
          </div>
        )}
        {mode === 'edit' && (
          <div>
            <p className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('iamScreens.entities.col.parent')}
            </p>
            <p className="flex h-10 items-center rounded-md border border-slate-200 bg-slate-50 px-3 font-mono text-sm text-slate-700">
              {form.getValues('parent_code') || t('iamScreens.entities.noParent')}
            </p>
          </div>
        )}
        {mode === 'create' && (
          <SelectField
            label={t('iamScreens.entities.col.parent')}
            {...register('parent_code')}
            error={error('parent_code')}
            hint={t('iamScreens.entities.parentHint')}
            disabled={disabled}
          >
            <option value="">{t('iamScreens.entities.noParent')}</option>
            {(parents ?? []).map((p) => (
              <option key={p.code} value={p.code}>
                {p.name} ({p.code})
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label={t('iamScreens.entities.col.currency')}
          {...register('currency_code')}
          error={error('currency_code')}
          disabled={disabled}
        >
          {currencies.entries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.value} — {labelOf(currencies, c.value)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('iamScreens.entities.col.timeZone')}
          {...register('time_zone')}
          error={error('time_zone')}
          hint={t('iamScreens.entities.timeZoneHint')}
          disabled={disabled}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          className={readOnlyText}
        />
        <TextField
          label={t('iamScreens.entities.col.identifier')}
          {...register('preferred_identifier')}
          error={error('preferred_identifier')}
          hint={t('iamScreens.entities.identifierHint')}
          disabled={disabled}
          maxLength={64}
          autoComplete="off"
          className={readOnlyText}
        />
        <TextField
          label={t('iamScreens.entities.col.evBackend')}
          type="url"
          {...register('ev_backend_url')}
          error={error('ev_backend_url')}
          hint={t('iamScreens.entities.evBackendHint')}
          disabled={disabled}
          maxLength={500}
          placeholder="https://"
          autoComplete="off"
          spellCheck={false}
          className={readOnlyText}
        />
      </div>
      {commercial ? (
        <>
          <FieldSet legend={t('iamScreens.entities.col.industries')} error={error('industries')}>
            <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
              {industries.entries.map((i) => (
                <Checkbox
                  key={i.value}
                  label={labelOf(industries, i.value)}
                  value={i.value}
                  {...register('industries')}
                  disabled={disabled}
                />
              ))}
            </div>
          </FieldSet>
          <FieldSet legend={t('iamScreens.entities.col.roles')} error={error('roles')}>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {ENTITY_ROLES.map((role) => (
                <Checkbox key={role} label={role} value={role} {...register('roles')} disabled={disabled} />
              ))}
            </div>
          </FieldSet>
        </>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="mb-1.5 text-sm font-medium text-slate-700">
              {t('iamScreens.entities.col.industries')}
            </dt>
            <dd>{badges(chosenIndustries, (v) => labelOf(industries, v))}</dd>
          </div>
          <div>
            <dt className="mb-1.5 text-sm font-medium text-slate-700">
              {t('iamScreens.entities.col.roles')}
            </dt>
            <dd>{badges(chosenRoles, (v) => v)}</dd>
            <p className="mt-1 text-xs text-slate-500">{t('iamScreens.entities.commercialHint')}</p>
          </div>
        </dl>
      )}
    </div>
  )
}
