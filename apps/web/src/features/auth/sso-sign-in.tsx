import { isSsoError, SSO_ERROR_PARAM, SSO_START_PATH } from '@portal/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { loadScreenStrings } from '@/lib/i18n'
import { getRuntimeConfig } from '@/lib/runtime-config'
import { FormError } from './auth-layout'

/**
 * The SSO strings live in the sso family file, which the sign-in page does not otherwise download (lib/i18n.ts):
 * they are fetched only when SSO is on or a sign-in came back with an error.
 */
function useFamilyStrings(wanted: boolean): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (!wanted) return
    let live = true
    loadScreenStrings().then(
      () => live && setReady(true),
      (err: unknown) => console.error('The sign-in strings could not be loaded', err),
    )
    return () => {
      live = false
    }
  }, [wanted])
  return ready
}

/**
 * "Sign in with SSO" under the password form when the portal has single sign-on (docs/decisions/0118), and the
 * reason a sign-in through the identity provider came back refused (`/login?sso_error=<code>`). The button is a
 * plain link: the browser navigates to the provider and back, and the portal restores the session on return.
 */
export function SsoSignIn() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const error = params.get(SSO_ERROR_PARAM)
  const enabled = getRuntimeConfig().sso_enabled
  const ready = useFamilyStrings(enabled || error !== null)
  if (!ready) return null
  return (
    <div className="mt-6">
      {error !== null && <FormError message={t(`sso.errors.${isSsoError(error) ? error : 'unknown'}`)} />}
      {enabled && (
        <>
          <div className="mt-6 flex items-center gap-3 text-xs text-slate-400" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {t('sso.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a
            href={SSO_START_PATH}
            className="mt-4 flex h-11 w-full items-center justify-center rounded-md border border-slate-300 bg-white text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t('sso.signIn')}
          </a>
        </>
      )}
    </div>
  )
}
