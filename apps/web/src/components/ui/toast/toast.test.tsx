import '@/lib/i18n'
import { TOAST_DEFAULT_TIMEOUT_MS } from '@portal/contract'
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastProvider, useToast } from '@/components/ui/toast/toast'

function setup() {
  const { result } = renderHook(() => useToast(), { wrapper: ToastProvider })
  const region = screen.getByRole('region', { name: 'Notifications' })
  return { api: () => result.current, region }
}

// Moves the fake clock inside act, so the state updates it triggers are rendered before the next assertion.
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a toast in a polite live region and returns its id', () => {
    const { api, region } = setup()
    expect(region).toHaveAttribute('aria-live', 'polite')

    let id = ''
    act(() => {
      id = api().addToast({ title: 'Saved', message: 'The machine was updated.', variant: 'success' })
    })
    expect(id).not.toBe('')
    expect(api().toasts).toEqual([
      {
        id,
        title: 'Saved',
        message: 'The machine was updated.',
        timeout: TOAST_DEFAULT_TIMEOUT_MS,
        dismissable: true,
        actions: [],
        variant: 'success',
      },
    ])
    const toast = within(region).getByRole('listitem', { name: 'Saved' })
    expect(toast).toHaveTextContent('The machine was updated.')
    expect(toast).toHaveAttribute('data-variant', 'success')
  })

  it('hides itself after its own timeout', async () => {
    const { api } = setup()
    act(() => {
      api().addToast({ title: 'Quick', timeout: 5000 })
    })
    await advance(4999)
    expect(screen.getByText('Quick')).toBeInTheDocument()
    await advance(1)
    expect(screen.queryByText('Quick')).toBeNull()
    expect(api().toasts).toEqual([])
  })

  it('hides itself after 100000 ms by default', async () => {
    expect(TOAST_DEFAULT_TIMEOUT_MS).toBe(100_000)
    const { api } = setup()
    act(() => {
      api().addToast({ title: 'Default' })
    })
    await advance(TOAST_DEFAULT_TIMEOUT_MS - 1)
    expect(screen.getByText('Default')).toBeInTheDocument()
    await advance(1)
    expect(screen.queryByText('Default')).toBeNull()
  })

  it('never hides itself with a null timeout', async () => {
    const { api } = setup()
    act(() => {
      api().addToast({ title: 'Sticky', timeout: null })
    })
    await advance(30 * 24 * 60 * 60 * 1000)
    expect(screen.getByText('Sticky')).toBeInTheDocument()
  })

  it('is removed by its Dismiss link, which can be left out', () => {
    const { api } = setup()
    act(() => {
      api().addToast({ title: 'First' })
      api().addToast({ title: 'Locked', dismissable: false })
    })
    const first = screen.getByRole('listitem', { name: 'First' })
    fireEvent.click(within(first).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText('First')).toBeNull()
    expect(within(screen.getByRole('listitem', { name: 'Locked' })).queryByRole('button')).toBeNull()
  })

  it('renders its actions as buttons that call back with the toast id', () => {
    const { api } = setup()
    const retry = vi.fn()
    let id = ''
    act(() => {
      id = api().addToast({
        title: 'Export failed',
        variant: 'error',
        actions: [{ display: 'Retry', callback: retry }],
      })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledWith(id)
    expect(screen.getByText('Export failed')).toBeInTheDocument()
  })

  it('F8 takes the focus to the toasts; a dismissed toast gives it back to where F8 was pressed', () => {
    const { api } = setup()
    render(<input aria-label="Search" />)
    const search = screen.getByRole('textbox', { name: 'Search' })
    search.focus()
    // Nothing to go to yet: F8 leaves the focus where it is.
    fireEvent.keyDown(document, { key: 'F8' })
    expect(search).toHaveFocus()
    act(() => {
      api().addToast({ title: 'Export ready', actions: [{ display: 'Download', callback: vi.fn() }] })
      api().addToast({ title: 'Saved' })
    })
    fireEvent.keyDown(document, { key: 'F8' })
    const list = screen.getByRole('list')
    expect(list).toHaveFocus()
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveAttribute('aria-keyshortcuts', 'F8')

    // The toast holding the focus goes: the focus goes to the toasts left, then back to the search box.
    const saved = within(screen.getByRole('listitem', { name: 'Saved' })).getByRole('button', {
      name: 'Dismiss',
    })
    saved.focus()
    fireEvent.click(saved)
    act(() => {
      vi.advanceTimersByTime(0)
    })
    expect(list).toHaveFocus()
    const ready = within(screen.getByRole('listitem', { name: 'Export ready' }))
    ready.getByRole('button', { name: 'Dismiss' }).focus()
    fireEvent.click(ready.getByRole('button', { name: 'Dismiss' }))
    act(() => {
      vi.advanceTimersByTime(0)
    })
    expect(search).toHaveFocus()
  })

  it('stacks toasts in order and removes only the one asked for', () => {
    const { api } = setup()
    const ids: string[] = []
    act(() => {
      ids.push(
        api().addToast({ title: 'One' }),
        api().addToast({ title: 'Two' }),
        api().addToast({ title: 'Three' }),
      )
    })
    expect(new Set(ids).size).toBe(3)
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('One'),
      expect.stringContaining('Two'),
      expect.stringContaining('Three'),
    ])
    act(() => api().removeToast(ids[1] ?? ''))
    expect(api().toasts.map((toast) => toast.title)).toEqual(['One', 'Three'])
  })

  it('replaces a toast added again with the same id and restarts its timeout', async () => {
    const { api } = setup()
    act(() => {
      api().addToast({ id: 'policy', title: 'No access', timeout: 5000 })
    })
    await advance(4000)
    act(() => {
      api().addToast({ id: 'policy', title: 'Still no access', timeout: 5000 })
    })
    expect(api().toasts.map((toast) => toast.title)).toEqual(['Still no access'])
    await advance(4000)
    expect(screen.getByText('Still no access')).toBeInTheDocument()
    await advance(1000)
    expect(api().toasts).toEqual([])
  })

  it('cannot be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => renderHook(() => useToast())).toThrow(/ToastProvider/)
  })

  it('can leave the region to be placed elsewhere', () => {
    render(
      <ToastProvider withToaster={false}>
        <p>page</p>
      </ToastProvider>,
    )
    expect(screen.queryByRole('region')).toBeNull()
  })
})
