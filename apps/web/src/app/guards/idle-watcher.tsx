import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { idleTimings } from '@/lib/idle-timings'
import { logout, useSession } from '@/lib/session/session-store'

/** What counts as activity (A §4). */
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'mousedown', 'scroll', 'keypress', 'load'] as const

type Phase = 'active' | 'expiring' | 'expired'

/** Where "OK" on Session Expired goes: the site root, or the digital-health login from digital health (A §4). */
export function expiredDestination(pathname: string): string {
  return pathname.includes('digital-health') ? '/digital-health/login' : '/'
}

/**
 * The idle watcher (A §4): after the idle timeout without activity, "Session is Expiring" counts down the reminder
 * seconds; any activity cancels it; at zero the user is logged out and "Session Expired" waits for OK.
 */
export function IdleWatcher() {
  const { t } = useTranslation()
  const { isLoggedIn } = useSession()
  const [phase, setPhase] = useState<Phase>('active')
  const [now, setNow] = useState(() => Date.now())
  const lastActivity = useRef(Date.now())
  const phaseRef = useRef<Phase>('active')
  phaseRef.current = phase
  const { timeoutS, reminderS } = idleTimings()

  useEffect(() => {
    if (!isLoggedIn) return
    lastActivity.current = Date.now()
    const onActivity = () => {
      lastActivity.current = Date.now()
      if (phaseRef.current === 'expiring') setPhase('active')
    }
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, { passive: true, capture: true })
    const timer = setInterval(() => {
      const idleMs = Date.now() - lastActivity.current
      setNow(Date.now())
      if (phaseRef.current === 'active' && idleMs >= timeoutS * 1000) setPhase('expiring')
      if (phaseRef.current === 'expiring' && idleMs >= (timeoutS + reminderS) * 1000) {
        setPhase('expired')
        void logout()
      }
    }, 250)
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true })
      clearInterval(timer)
    }
  }, [isLoggedIn, timeoutS, reminderS])

  const secondsLeft = Math.max(0, Math.ceil(timeoutS + reminderS - (now - lastActivity.current) / 1000))

  return (
    <>
      <Modal
        open={phase === 'expiring' && isLoggedIn}
        onClose={() => setPhase('active')}
        title={t('idle.expiringTitle')}
        size="sm"
        footer={<Button onClick={() => setPhase('active')}>{t('idle.stay')}</Button>}
      >
        <p className="text-sm text-slate-600">{t('idle.expiringMessage', { count: secondsLeft })}</p>
      </Modal>
      <Modal
        open={phase === 'expired'}
        onClose={() => undefined}
        title={t('idle.expiredTitle')}
        size="sm"
        closeOnEscape={false}
        closeOnOutsideClick={false}
        showCloseButton={false}
        footer={
          <Button onClick={() => window.location.assign(expiredDestination(window.location.pathname))}>
            {t('idle.ok')}
          </Button>
        }
      >
        <p className="text-sm text-slate-600">{t('idle.expiredMessage')}</p>
      </Modal>
    </>
  )
}
