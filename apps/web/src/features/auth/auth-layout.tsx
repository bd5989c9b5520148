import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from '@/components/ui/language-switcher/language-switcher'
import { Logo } from '@/components/ui/logo/logo'

/** The frame of the signed-out pages: a brand panel beside the form (the panel folds away on phones). */
export function AuthLayout({ children, tagline }: { children: ReactNode; tagline?: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-full">
      <div className="relative hidden w-[44%] flex-col justify-between overflow-hidden bg-teal-950 p-12 text-white lg:flex">
        <div className="flex items-center gap-3">
          <Logo onDark className="size-9" />
          <span className="text-lg font-semibold tracking-tight">{t('shell.product')}</span>
        </div>
        <div className="max-w-md">
          <h2 className="text-3xl leading-tight font-semibold">{tagline ?? t('login.tagline')}</h2>
          <p className="mt-4 text-teal-100/80">{t('login.taglineDetail')}</p>
        </div>
        <p className="text-xs text-teal-200/60">
          © {new Date().getFullYear()} {t('shell.product')}
        </p>
        <div
          aria-hidden="true"
          className="absolute -right-24 -bottom-24 size-96 rounded-full bg-teal-800/40"
        />
        <div aria-hidden="true" className="absolute -top-16 right-24 size-48 rounded-full bg-teal-700/20" />
      </div>
      <div className="flex flex-1 flex-col bg-white">
        <div className="flex items-center justify-between p-4">
          <div className="flex items-center gap-2 lg:invisible">
            <Logo />
            <span className="font-semibold text-slate-900">{t('shell.product')}</span>
          </div>
          <LanguageSwitcher hideLabel />
        </div>
        <main className="flex flex-1 items-center justify-center px-6 pb-16">
          <div className="w-full max-w-sm">{children}</div>
        </main>
      </div>
    </div>
  )
}

export function FormError({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null
  return (
    <div
      id={id}
      role="alert"
      className="mt-6 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800"
    >
      {message}
    </div>
  )
}
