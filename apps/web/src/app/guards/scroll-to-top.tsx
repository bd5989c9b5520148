import { SCROLL_DURATION_MS } from '@portal/contract'
import { useEffect, useRef } from 'react'
import { useLocation, useMatches } from 'react-router'

function animateScrollToTop(duration: number) {
  const start = window.scrollY
  if (start === 0) return
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || duration <= 0) {
    window.scrollTo(0, 0)
    return
  }
  const began = performance.now()
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration)
    const eased = 1 - Math.pow(1 - t, 3)
    window.scrollTo(0, Math.round(start * (1 - eased)))
    if (t < 1) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}

/** Scroll returns to the top on a route change (A §2), over 300 ms, unless the route's handle says scrollToTop: false. */
export function ScrollToTop() {
  const { pathname } = useLocation()
  const matches = useMatches()
  const first = useRef(true)
  const disabled = matches.some(
    (m) => (m.handle as { scrollToTop?: boolean } | undefined)?.scrollToTop === false,
  )
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (!disabled) animateScrollToTop(SCROLL_DURATION_MS)
  }, [pathname, disabled])
  return null
}
