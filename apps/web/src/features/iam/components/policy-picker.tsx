import type { Policy } from '@portal/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { Loader } from '@/components/ui/loader/loader'
import { controlClass } from './fields'
import { PolicyTypeBadge, statementText } from './policy-text'

/** The policies of a role: a searchable list with a checkbox each (POST /iam/policies/filter gives the choices). */
export function PolicyPicker({
  label,
  policies,
  loading = false,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string
  policies: readonly Policy[]
  loading?: boolean
  value: readonly number[]
  onChange: (ids: number[]) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const id = useId()
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const shown = needle
    ? policies.filter(
        (p) => p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle),
      )
    : policies
  const toggle = (policyId: number) =>
    onChange(value.includes(policyId) ? value.filter((v) => v !== policyId) : [...value, policyId])

  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <legend className="text-sm font-medium text-slate-700">{label}</legend>
        <span className="text-xs text-slate-500">
          {t('iamScreens.roles.selected', { count: value.length })}
        </span>
      </div>
      <div
        className={cn(
          'overflow-hidden rounded-md border bg-white',
          error ? 'border-rose-400' : 'border-slate-300',
        )}
      >
        <div className="border-b border-slate-200 p-2">
          <input
            type="search"
            aria-label={t('iamScreens.roles.searchPolicies')}
            placeholder={t('iamScreens.roles.searchPolicies')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={cn(controlClass, 'h-8')}
          />
        </div>
        {loading ? (
          <Loader size="sm" className="py-6" />
        ) : shown.length === 0 ? (
          <p className="px-3 py-4 text-sm text-slate-500">{t('iamScreens.roles.noPolicies')}</p>
        ) : (
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
            {shown.map((p) => {
              const checked = value.includes(p.id)
              const inputId = `${id}-${String(p.id)}`
              return (
                <li
                  key={p.id}
                  className={cn('flex items-start gap-3 px-3 py-2', checked && 'bg-brand-50/50')}
                >
                  <input
                    id={inputId}
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
                    checked={checked}
                    disabled={disabled}
                    onChange={() => toggle(p.id)}
                  />
                  <label htmlFor={inputId} className="min-w-0 flex-1 cursor-pointer">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="text-sm font-medium text-slate-900">{p.name}</span>
                      <PolicyTypeBadge type={p.type} />
                    </span>
                    <span className="mt-0.5 block truncate text-xs text-slate-500">
                      {p.statements.map((s) => statementText(s, t)).join(' ; ')}
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
