import type { SetResource } from '@portal/contract'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { CloseIcon } from '@/components/ui/icons/icons'
import { useSetResourceSearch } from '../api/sets'
import { controlClass } from './fields'
import { serverMessage } from '@/lib/server-messages'

const SEARCH_DELAY_MS = 300

/**
 * The resources (machines) of a set: chips with a remove button, and a search (POST /iam/sets/search/resource)
 * whose results can be added.
 */
export function ResourcePicker({
  value,
  onChange,
  error,
  disabled = false,
}: {
  value: readonly SetResource[]
  onChange: (resources: SetResource[]) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const [draft, setDraft] = useState('')
  const [query, setQuery] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQuery(draft.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draft])
  const search = useSetResourceSearch(query, !disabled)
  const chosen = new Set(value.map((r) => r.resource_code))

  return (
    <div className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <div>
        <p className="mb-1.5 text-xs font-medium text-slate-500">
          {t('iamScreens.sets.inSet', {
            count: value.length,
            formatted: value.length.toLocaleString(i18n.language),
          })}
        </p>
        {value.length === 0 ? (
          <p className="text-sm text-slate-500">{t('iamScreens.sets.noResources')}</p>
        ) : (
          <ul
            className="flex max-h-48 flex-wrap gap-1.5 overflow-y-auto"
            aria-label={t('iamScreens.sets.col.resources')}
          >
            {value.map((r) => (
              <li
                key={r.resource_code}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-700 ring-1 ring-slate-200"
              >
                <span className="truncate" title={r.resource_code}>
                  {r.name}
                </span>
                {!disabled && (
                  <button
                    type="button"
                    aria-label={t('iamScreens.sets.remove', { name: r.name })}
                    onClick={() => onChange(value.filter((v) => v.resource_code !== r.resource_code))}
                    className="inline-flex size-5 items-center justify-center rounded-full text-slate-400 hover:bg-rose-100 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <CloseIcon className="size-3" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {!disabled && (
        <div className="rounded-md border border-slate-200">
          <div className="border-b border-slate-200 p-2">
            <label htmlFor={id} className="sr-only">
              {t('iamScreens.sets.searchMachines')}
            </label>
            <input
              id={id}
              type="search"
              placeholder={t('iamScreens.sets.searchMachines')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              className={cn(controlClass, 'h-8')}
            />
          </div>
          <ul
            className={cn(
              'max-h-60 divide-y divide-slate-100 overflow-y-auto',
              search.isFetching && 'opacity-60',
            )}
          >
            {search.isError && (
              <li className="px-3 py-3 text-sm text-rose-700">{serverMessage(search.error)}</li>
            )}
            {search.data?.length === 0 && (
              <li className="px-3 py-3 text-sm text-slate-500">{t('iamScreens.sets.noMatches')}</li>
            )}
            {search.data?.map((r) => {
              const added = chosen.has(r.resource_code)
              return (
                <li key={r.resource_code} className="flex items-center justify-between gap-3 px-3 py-1.5">
                  <span className="min-w-0 truncate text-sm text-slate-800">{r.name}</span>
                  <Button
                    size="sm"
                    variant={added ? 'disabled' : 'primaryBasic'}
                    aria-label={
                      added
                        ? t('iamScreens.sets.added', { name: r.name })
                        : t('iamScreens.sets.add', { name: r.name })
                    }
                    onClick={() => onChange([...value, r])}
                  >
                    {added ? t('iamScreens.sets.addedShort') : t('iamScreens.sets.addShort')}
                  </Button>
                </li>
              )
            })}
          </ul>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-rose-700">
          {error}
        </p>
      )}
    </div>
  )
}
