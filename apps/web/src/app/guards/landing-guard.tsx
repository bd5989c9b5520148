import { landingPath } from '@portal/contract'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSession } from '@/lib/session/session-store'

/**
 * Applies the redirects of A §4 on every navigation: logged-out users to /login, logged-in users by the entity's
 * industries. Returns true while a redirect is pending, so the page underneath is not flashed.
 */
export function useLandingRedirect(): boolean {
  const session = useSession()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const firstLoad = useRef(true)
  const ready = session.status !== 'restoring' && (!session.isLoggedIn || session.entity !== null)
  const target = ready
    ? landingPath({
        loggedIn: session.isLoggedIn,
        industries: session.entity?.industries ?? [],
        pathname,
        firstLoad: firstLoad.current,
      })
    : null

  useEffect(() => {
    if (!ready) return
    firstLoad.current = false
    if (target !== null && target !== pathname) void navigate(target, { replace: true })
  }, [ready, target, pathname, navigate])

  return target !== null && target !== pathname
}
