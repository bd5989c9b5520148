import { RELOAD_GUARD_MS } from '@portal/contract'

const KEY = 'portal:chunk-reload-at'

/**
 * A screen's code chunk failed to load (usually a deploy replaced it): reload the page once, so the new build is
 * fetched, but at most once per 60 s (A §8) so a real outage does not loop.
 */
export function shouldReloadForChunkError(
  now = Date.now(),
  storage: Storage = window.sessionStorage,
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0)
  if (now - last < RELOAD_GUARD_MS) return false
  storage.setItem(KEY, String(now))
  return true
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    error.message,
  )
}

/** Wraps a lazy import with the reload guard. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load()
    } catch (error) {
      if (isChunkLoadError(error) && shouldReloadForChunkError()) {
        window.location.reload()
        // Keep the router pending until the reload happens.
        return new Promise<T>(() => undefined)
      }
      throw error
    }
  }
}
