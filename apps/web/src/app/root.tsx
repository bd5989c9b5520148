import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { Loader } from '@/components/ui/loader/loader'
import { useSession } from '@/lib/session/session-store'
import { IdleWatcher } from './guards/idle-watcher'
import { useLandingRedirect } from './guards/landing-guard'
import { PendingBar } from './guards/pending-bar'
import { ScrollToTop } from './guards/scroll-to-top'

// Seen once per account, so its form and password rules load only when it is needed.
const FirstPasswordPage = lazy(() =>
  import('@/features/auth/first-password-page').then((m) => ({ default: m.FirstPasswordPage })),
)

/** Everything under the router: session gate, redirects, first-login password, idle watcher, pending bar, scroll. */
export function Root() {
  const { t } = useTranslation()
  const session = useSession()
  const redirecting = useLandingRedirect()
  const restoring = session.status === 'restoring' || (session.isLoggedIn && session.entity === null)
  const restoringLoader = (
    <div className="flex min-h-full items-center justify-center">
      <Loader message={t('shell.restoring')} />
    </div>
  )

  return (
    <>
      <PendingBar />
      <ScrollToTop />
      <IdleWatcher />
      {restoring || redirecting ? (
        restoringLoader
      ) : session.isLoggedIn && session.initialLogin ? (
        // First login (A §3 initialLogin): the user sets their own password before anything else.
        <Suspense fallback={restoringLoader}>
          <FirstPasswordPage />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </>
  )
}
