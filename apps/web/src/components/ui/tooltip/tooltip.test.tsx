import { TOOLTIP_HIDE_DELAY_MS } from '@portal/contract'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Tooltip } from '@/components/ui/tooltip/tooltip'

// floating-ui positions in a promise; let it settle so the test sees the final render.
async function settle() {
  await act(async () => {
    await Promise.resolve()
  })
}

// Moves the fake clock inside act, so the state updates it triggers are rendered before the next assertion.
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('appears on hover below the start of the trigger and hides 300 ms after the pointer leaves', async () => {
    render(
      <Tooltip content="Export as CSV">
        <button type="button">Export</button>
      </Tooltip>,
    )
    const trigger = screen.getByRole('button', { name: 'Export' })
    expect(screen.queryByRole('tooltip')).toBeNull()

    fireEvent.mouseEnter(trigger)
    await settle()
    const tooltip = screen.getByRole('tooltip')
    expect(tooltip).toHaveTextContent('Export as CSV')
    expect(tooltip).toHaveAttribute('data-placement', 'bottom-start')

    fireEvent.mouseLeave(trigger)
    expect(TOOLTIP_HIDE_DELAY_MS).toBe(300)
    await advance(TOOLTIP_HIDE_DELAY_MS - 1)
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    await advance(1)
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('stays when the pointer comes back before the delay ends', async () => {
    render(
      <Tooltip content="Help">
        <button type="button">?</button>
      </Tooltip>,
    )
    const trigger = screen.getByRole('button')
    fireEvent.mouseEnter(trigger)
    await settle()
    fireEvent.mouseLeave(trigger)
    await advance(200)
    fireEvent.mouseEnter(trigger)
    await advance(1000)
    expect(screen.getByRole('tooltip')).toHaveTextContent('Help')
  })

  it('appears on keyboard focus, describes its trigger, and closes on blur and on Escape', async () => {
    render(
      <Tooltip content="Opens the settings">
        <button type="button">Settings</button>
      </Tooltip>,
    )
    const trigger = screen.getByRole('button', { name: 'Settings' })

    fireEvent.focus(trigger)
    await settle()
    expect(screen.getByRole('tooltip')).toHaveTextContent('Opens the settings')
    expect(trigger).toHaveAccessibleDescription('Opens the settings')

    fireEvent.blur(trigger)
    await advance(0)
    await settle()
    expect(screen.queryByRole('tooltip')).toBeNull()

    fireEvent.focus(trigger)
    await settle()
    fireEvent.keyDown(document, { key: 'Escape' })
    await settle()
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('keeps the trigger’s own handlers and shows nothing with empty content', async () => {
    const onClick = vi.fn()
    render(
      <Tooltip content="">
        <button type="button" onClick={onClick}>
          Go
        </button>
      </Tooltip>,
    )
    const trigger = screen.getByRole('button', { name: 'Go' })
    fireEvent.mouseEnter(trigger)
    fireEvent.click(trigger)
    await settle()
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
