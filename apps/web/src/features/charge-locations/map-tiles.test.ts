import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetTileProbes, useTileStatus } from './map-tiles'

/** A stand-in for the browser's Image: answers each URL as the test says (or never). */
const answers = new Map<string, 'load' | 'error' | 'never'>()
const requested: string[] = []
class FakeImage {
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  set src(url: string) {
    if (url === '') return
    requested.push(url)
    const answer = [...answers.entries()].find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'error'
    if (answer === 'never') return
    setTimeout(() => (answer === 'load' ? this.onload?.() : this.onerror?.()), 0)
  }
}

beforeEach(() => {
  resetTileProbes()
  answers.clear()
  requested.length = 0
  vi.stubGlobal('Image', FakeImage)
})
afterEach(() => vi.unstubAllGlobals())

describe('useTileStatus', () => {
  it('is off without a tile URL, and asks nothing', () => {
    const { result } = renderHook(() => useTileStatus(''))
    expect(result.current).toBe('off')
    expect(requested).toEqual([])
  })

  it('is ok when the one probe tile loads', async () => {
    answers.set('https://tiles.ok', 'load')
    const { result } = renderHook(() => useTileStatus('https://tiles.ok/{z}/{x}/{y}.png'))
    expect(result.current).toBe('checking')
    await waitFor(() => expect(result.current).toBe('ok'))
    expect(requested).toEqual(['https://tiles.ok/10/807/508.png'])
  })

  it('is unavailable when the tile fails, and every map of the page shares the one probe', async () => {
    const template = 'https://tiles.down/{z}/{x}/{y}.png'
    const first = renderHook(() => useTileStatus(template))
    const second = renderHook(() => useTileStatus(template))
    await waitFor(() => expect(first.result.current).toBe('unavailable'))
    await waitFor(() => expect(second.result.current).toBe('unavailable'))
    // A map opened later knows at once.
    expect(renderHook(() => useTileStatus(template)).result.current).toBe('unavailable')
    expect(requested).toHaveLength(1)
  })

  it('gives up after the timeout when the server never answers', async () => {
    answers.set('https://tiles.slow', 'never')
    const { result } = renderHook(() => useTileStatus('https://tiles.slow/{z}/{x}/{y}.png', 30))
    await waitFor(() => expect(result.current).toBe('unavailable'))
  })
})
