import type { ErrorInfo, ReactNode } from 'react'
import { Component } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useRouteError } from 'react-router'
import { buttonClasses } from '@/components/ui/button/button'
import { errorMessage, errorStatus, isRedirectError } from './error-status'

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const status = errorStatus(error)
  const notFound = status === 404
  const message = notFound ? t('error.notFound') : (errorMessage(error) ?? t('error.generic'))
  if (!notFound) console.error('Page failed to load', error)
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center" role="alert">
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">
        {t('error.status', { status })}
      </p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{message}</h1>
      {!notFound && <p className="mt-2 text-sm text-slate-500">{t('error.hint')}</p>}
      <Link to="/" className={`${buttonClasses({ variant: 'primary' })} mt-8`}>
        {notFound ? t('error.backHome') : t('error.goHome')}
      </Link>
    </div>
  )
}

/** If the error page itself throws, this plain fallback is what the user sees (A §8). */
class ErrorPageBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The error page failed', error, info.componentStack)
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

export function ErrorPageFallback() {
  // No i18n here on purpose: the fallback must not depend on anything that might be what failed.
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
      <h1 className="text-xl font-semibold text-slate-900">An error occurred while showing the error page</h1>
      <a href="/" className="mt-6 inline-block font-medium text-brand-700 underline">
        Go back to home
      </a>
    </div>
  )
}

export function ErrorView({ error }: { error: unknown }) {
  return (
    <ErrorPageBoundary fallback={<ErrorPageFallback />}>
      <ErrorContent error={error} />
    </ErrorPageBoundary>
  )
}

/** The route error element: the message, and for 404 "This page could not be found" with a way home. */
export function ErrorPage() {
  const error = useRouteError()
  if (isRedirectError(error)) return null
  return <ErrorView error={error} />
}
