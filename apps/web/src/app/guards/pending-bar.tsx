import { PENDING_MIN_MS } from '@portal/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation } from 'react-router'

/** Keeps a flag on for at least `minMs` once it turns on, so a quick load does not flash (A §2: 200 ms). */
export function useMinimumDuration(active: boolean, minMs = PENDING_MIN_MS): boolean {
  const [shown, setShown] = useState(active)
  const [since, setSince] = useState(() => Date.now())
  if (active && !shown) {
    setShown(true)
    setSince(Date.now())
  }
  useEffect(() => {
    if (active || !shown) return
    const timer = setTimeout(() => setShown(false), Math.max(0, minMs - (Date.now() - since)))
    return () => clearTimeout(timer)
  }, [active, shown, since, minMs])
  return shown
}

/** The pending state of a page that is loading: a thin bar at the top, kept for at least 200 ms. */
export function PendingBar() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const pending = useMinimumDuration(navigation.state !== 'idle')
  if (!pending) return null
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
      role="progressbar"
      aria-label={t('ui.loading')}
      data-testid="page-pending"
    >
      <div className="h-full w-1/3 animate-[portal-progress_1s_ease-in-out_infinite] bg-brand-600" />
    </div>
  )
}
