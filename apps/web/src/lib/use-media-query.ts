import { useSyncExternalStore } from 'react'

/** The portal's phone layout: below Tailwind's `sm` breakpoint (640 px, A §9). */
export const PHONE_QUERY = '(max-width: 639.98px)'

// One subscribe function per query, so React does not resubscribe on every render.
const subscribers = new Map<string, (onChange: () => void) => () => void>()

function subscribe(query: string) {
  const known = subscribers.get(query)
  if (known) return known
  const fn = (onChange: () => void) => {
    if (typeof window.matchMedia !== 'function') return () => undefined
    const list = window.matchMedia(query)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }
  subscribers.set(query, fn)
  return fn
}

function snapshot(query: string) {
  return () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches
}

/** Whether a media query matches now, re-rendering when it changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(subscribe(query), snapshot(query), () => false)
}

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY)
}
