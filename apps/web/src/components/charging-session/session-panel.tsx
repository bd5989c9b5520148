import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError, isForbidden } from '@/lib/http'
import { SessionDrawer } from './session-drawer'
import { SESSION_PARAM } from './session-list-query'
import { serverMessage } from '@/lib/server-messages'

/**
 * The `?session=<id>` side panel of a session list (the CPO/EMSP sessions, the busways history, voltnet's CPO list):
 * the id in the URL, a row's link, and closing. Opened from the list (a row click pushed the URL), closing goes Back;
 * opened from a shared link, the parameter is dropped without leaving the page.
 */
export function useSessionParam() {
  const navigate = useNavigate()
  const location = useLocation()
  const [params, setParams] = useSearchParams()
  const openId = params.get(SESSION_PARAM)
  const openedHere = useRef(false)
  const previous = useRef(openId)
  useEffect(() => {
    if (openId !== null && previous.current === null) openedHere.current = true
    if (openId === null) openedHere.current = false
    previous.current = openId
  }, [openId])
  const close = () => {
    if (openedHere.current) void navigate(-1)
    else
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev)
          next.delete(SESSION_PARAM)
          return next
        },
        { replace: true },
      )
  }
  const hrefOf = (id: string) => {
    const next = new URLSearchParams(params)
    next.set(SESSION_PARAM, id)
    return `${location.pathname}?${next.toString()}`
  }
  return { openId, close, hrefOf }
}

/** What the panel shows until its session is there: loading, not found (404), no access (403) or the error. */
export function SessionDetailState({ query }: { query: Pick<UseQueryResult, 'isError' | 'error'> }) {
  const { t } = useTranslation()
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    const noAccess = isForbidden(query.error)
    return (
      <EmptyState
        title={
          notFound
            ? t('chargingSession.detail.notFound')
            : noAccess
              ? t('table.noAccessTitle')
              : t('table.errorTitle')
        }
        description={
          notFound
            ? t('chargingSession.detail.notFoundDescription')
            : noAccess
              ? t('table.noAccessDescription')
              : query.error
                ? serverMessage(query.error)
                : undefined
        }
      />
    )
  }
  return (
    <div className="flex justify-center py-24">
      <Loader message={t('ui.loading')} />
    </div>
  )
}

/**
 * A session's detail in a side panel over its list, opened by `useSessionParam`'s id. `children` is the loaded
 * detail, null while it loads or when it failed (the panel then says why).
 */
export function SessionPanel({
  openId,
  onClose,
  query,
  title,
  subtitle,
  children,
}: {
  openId: string | null
  onClose: () => void
  query: Pick<UseQueryResult, 'isError' | 'error'>
  title: string | null
  subtitle: string | null
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <SessionDrawer
      open={openId !== null}
      onClose={onClose}
      title={title ?? t('chargingSession.detail.title')}
      subtitle={subtitle ?? openId}
    >
      {children ?? <SessionDetailState query={query} />}
    </SessionDrawer>
  )
}
