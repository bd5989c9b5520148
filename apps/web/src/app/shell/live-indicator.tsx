import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import type { LiveStatus } from '@/lib/live/live-connection'
import { live, useLiveStatus } from '@/lib/live/live-store'
import { useSession } from '@/lib/session/session-store'

const DOT: Record<LiveStatus, string> = {
  idle: 'bg-slate-300',
  connecting: 'bg-slate-400 animate-pulse motion-reduce:animate-none',
  live: 'bg-emerald-500',
  reconnecting: 'bg-amber-500 animate-pulse motion-reduce:animate-none',
  polling: 'bg-amber-500',
  offline: 'bg-rose-500',
}

/**
 * Holds the live stream while the shell is on screen (signed in), connecting again when the entity changes or the
 * browser comes back online, and shows its state: a dot and, from a tablet up, a word; the full sentence on hover
 * and to screen readers, which hear changes politely.
 */
export function LiveIndicator() {
  const { t } = useTranslation()
  const status = useLiveStatus()
  const { entityCode } = useSession()

  useEffect(() => {
    live.start()
    const online = () => live.reconnect()
    window.addEventListener('online', online)
    window.addEventListener('offline', online)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', online)
      live.stop()
    }
  }, [])
  // Another entity's events from now on: the stream is opened again for it at once.
  const shownFor = useRef(entityCode)
  useEffect(() => {
    if (shownFor.current === entityCode) return
    shownFor.current = entityCode
    live.reconnect()
  }, [entityCode])

  return (
    <div
      className="flex items-center gap-1.5 rounded-md px-1.5 py-1 text-xs font-medium text-slate-600"
      title={t(`live.hint.${status}`)}
      data-testid="live-indicator"
      data-status={status}
    >
      <span className={cn('size-2 shrink-0 rounded-full', DOT[status])} aria-hidden="true" />
      <span className="hidden lg:inline">{t(`live.${status}`)}</span>
      <span className="sr-only" role="status">
        {`${t('live.label')}: ${t(`live.hint.${status}`)}`}
      </span>
    </div>
  )
}
