import type { NamedRef } from '@portal/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { CloseIcon } from '@/components/ui/icons/icons'
import { PolicySearchPicker } from './iam-pickers'

/**
 * The policies of a role: the chosen ones, each with a remove button, and a search (POST /iam/policies/search) to
 * add another.
 */
export function PolicyPicker({
  label,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string
  value: readonly NamedRef[]
  onChange: (policies: NamedRef[]) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const id = useId()
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
          'space-y-3 rounded-md border bg-white p-3',
          error ? 'border-rose-400' : 'border-slate-300',
        )}
      >
        {value.length === 0 ? (
          <p className="text-sm text-slate-500">{t('iamScreens.roles.nonePicked')}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label={label}>
            {value.map((p) => (
              <li
                key={p.id}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs text-brand-900 ring-1 ring-brand-100"
              >
                <span className="truncate">{p.name}</span>
                {!disabled && (
                  <button
                    type="button"
                    aria-label={t('iamScreens.roles.removePolicy', { name: p.name })}
                    onClick={() => onChange(value.filter((v) => v.id !== p.id))}
                    className="inline-flex size-5 items-center justify-center rounded-full text-brand-700 hover:bg-rose-100 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <CloseIcon className="size-3" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {!disabled && (
          <PolicySearchPicker
            label={t('iamScreens.roles.addPolicy')}
            placeholder={t('iamScreens.roles.addPolicy')}
            value={null}
            valueLabel={undefined}
            exclude={value.map((p) => p.id)}
            onChange={(o) => {
              if (o) onChange([...value, { id: o.value, name: o.label }])
            }}
            invalid={error !== undefined}
            className="sm:max-w-md"
          />
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
