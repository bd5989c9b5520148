import { useSyncExternalStore } from 'react'

/**
 * The open modal dialogs, innermost last. A modal dialog sits in the browser's top layer and makes the rest of the
 * page inert, so what must stay visible and usable above it (the toasts) renders into the innermost one.
 */
const open: HTMLElement[] = []
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

export function addModalHost(element: HTMLElement): () => void {
  open.push(element)
  notify()
  return () => {
    const index = open.lastIndexOf(element)
    if (index >= 0) open.splice(index, 1)
    notify()
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const innermost = () => open.at(-1) ?? null

/** The innermost open modal dialog, or null when none is open. */
export function useModalHost(): HTMLElement | null {
  return useSyncExternalStore(subscribe, innermost, () => null)
}
