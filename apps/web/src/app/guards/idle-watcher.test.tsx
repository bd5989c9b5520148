import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { resetSessionForTests } from '@/lib/session/session-store'
import { expiredDestination, IdleWatcher } from './idle-watcher'

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

describe('IdleWatcher (A §4: 900 s idle, then a 30 s countdown)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ data: { logged_out: true } }))),
    )
    resetSessionForTests({ status: 'authenticated', isLoggedIn: true, token: 't' })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    resetSessionForTests()
  })

  it('warns after 900 s without activity, counting down from 30', () => {
    render(<IdleWatcher />)
    advance(899_000)
    expect(screen.queryByRole('dialog', { name: 'Session is Expiring' })).not.toBeInTheDocument()
    advance(1_500)
    expect(screen.getByRole('dialog', { name: 'Session is Expiring' })).toHaveTextContent(
      /logged out in (30|29) seconds/,
    )
  })

  it.each(['click', 'mouseMove', 'mouseDown', 'scroll', 'keyPress'] as const)(
    'a %s cancels the warning and restarts the clock',
    (event) => {
      render(<IdleWatcher />)
      advance(901_000)
      expect(screen.getByRole('dialog', { name: 'Session is Expiring' })).toBeInTheDocument()
      act(() => {
        fireEvent[event](window, { key: 'a', charCode: 97 })
      })
      expect(screen.queryByRole('dialog', { name: 'Session is Expiring' })).not.toBeInTheDocument()
      advance(899_000)
      expect(screen.queryByRole('dialog', { name: 'Session is Expiring' })).not.toBeInTheDocument()
    },
  )

  it('logs out at zero and shows Session Expired until OK', () => {
    render(<IdleWatcher />)
    advance(901_000)
    advance(28_000)
    expect(screen.queryByRole('dialog', { name: 'Session Expired' })).not.toBeInTheDocument()
    advance(2_000)
    expect(screen.getByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument()
    expect(globalThis.fetch).toHaveBeenCalledWith(expect.stringContaining('/iam/logout'), expect.anything())
    // Escape does not dismiss it: only OK, which reloads.
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.getByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument()
  })

  it('does nothing while logged out', () => {
    resetSessionForTests()
    render(<IdleWatcher />)
    advance(2_000_000)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('expiredDestination', () => {
  it.each([
    ['/machines', '/'],
    ['/digital-health/cases', '/digital-health/login'],
    ['/digital-health', '/digital-health/login'],
  ])('%s → %s', (path, destination) => {
    expect(expiredDestination(path)).toBe(destination)
  })
})
