import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useMinimumDuration } from './pending-bar'

describe('useMinimumDuration (A §2: pending state at least 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('keeps a short pending state visible for 200 ms', () => {
    const { result, rerender } = renderHook(({ active }) => useMinimumDuration(active, 200), {
      initialProps: { active: true },
    })
    expect(result.current).toBe(true)
    act(() => {
      vi.advanceTimersByTime(50)
    })
    rerender({ active: false })
    expect(result.current).toBe(true)
    act(() => {
      vi.advanceTimersByTime(149)
    })
    expect(result.current).toBe(true)
    act(() => {
      vi.advanceTimersByTime(2)
    })
    expect(result.current).toBe(false)
  })

  it('never shows when never active', () => {
    const { result } = renderHook(() => useMinimumDuration(false, 200))
    expect(result.current).toBe(false)
  })
})
