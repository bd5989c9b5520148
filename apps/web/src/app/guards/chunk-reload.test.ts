import { describe, expect, it } from 'vitest'
import { isChunkLoadError, shouldReloadForChunkError } from './chunk-reload'

describe('chunk reload guard (A §8: at most once per 60 s)', () => {
  it('reloads once, then not again within 60 s, then again after', () => {
    const storage = window.sessionStorage
    storage.clear()
    const t0 = 1_000_000
    expect(shouldReloadForChunkError(t0, storage)).toBe(true)
    expect(shouldReloadForChunkError(t0 + 59_999, storage)).toBe(false)
    expect(shouldReloadForChunkError(t0 + 60_000, storage)).toBe(true)
  })

  it('recognises chunk load failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    )
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })
})
