import { DEFAULT_LANGUAGE } from '@portal/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { isLanguageCode, LANGUAGES, setLanguage } from '@/lib/i18n'

export interface LanguageSwitcherProps {
  /** Keeps the 'Language' label for screen readers only, e.g. in the top bar. */
  hideLabel?: boolean
  className?: string
}

/** Chooses the interface language; the choice is kept in a cookie for the next visit. */
export function LanguageSwitcher({ hideLabel = false, className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation()
  const id = useId()
  // `language`, not `resolvedLanguage`: the strings arrive after the switch (lazy locales), and until then i18next
  // resolves to the fallback, so the select would read English after a reload in Chinese.
  const current = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE

  return (
    <div className={cn('inline-flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'font-medium text-slate-700'}>
        {t('ui.language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          if (isLanguageCode(event.target.value)) void setLanguage(event.target.value)
        }}
        className={cn(
          'h-9 rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-700 shadow-xs',
          'hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  )
}
