import { BUTTON_SIZES, BUTTON_VARIANTS } from '@portal/contract'
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button/button'

describe('Button', () => {
  it('is a primary, medium, type="button" button by default', () => {
    render(<Button>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button).toHaveAttribute('type', 'button')
    expect(button).toHaveAttribute('data-variant', 'primary')
    expect(button).toHaveAttribute('data-size', 'md')
    expect(button).toBeEnabled()
  })

  it('gives each of the 14 variants its own classes', () => {
    expect(BUTTON_VARIANTS).toHaveLength(14)
    const classes = BUTTON_VARIANTS.map((variant) => {
      render(<Button variant={variant}>{variant}</Button>)
      return screen.getByRole('button', { name: variant }).className
    })
    expect(new Set(classes).size).toBe(BUTTON_VARIANTS.length)
  })

  it('gives each size its own classes', () => {
    const classes = BUTTON_SIZES.map((size) => {
      render(<Button size={size}>{size}</Button>)
      return screen.getByRole('button', { name: size }).className
    })
    expect(new Set(classes).size).toBe(BUTTON_SIZES.length)
  })

  it('calls onClick when enabled', async () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Go</Button>)
    await userEvent.click(screen.getByRole('button', { name: 'Go' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['the disabled prop', { disabled: true }],
    ["the 'disabled' variant", { variant: 'disabled' as const }],
    ['loading', { loading: true }],
  ])('blocks clicks when disabled by %s', async (_, props) => {
    const onClick = vi.fn()
    render(
      <Button onClick={onClick} {...props}>
        Go
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Go' })
    expect(button).toBeDisabled()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('submits its form only when asked to be a submit button', async () => {
    const onSubmit = vi.fn()
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </form>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Plain' }))
    expect(onSubmit).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('forwards its ref and passes other props through', () => {
    const ref = createRef<HTMLButtonElement>()
    render(
      <Button ref={ref} aria-label="Close panel" className="w-full">
        ×
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Close panel' })
    expect(ref.current).toBe(button)
    expect(button).toHaveClass('w-full')
  })

  it('shows its tooltip on hover', async () => {
    render(<Button tooltip="Download the list">Export</Button>)
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Export' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Download the list')
  })

  it('explains itself with its tooltip while disabled', async () => {
    const ref = createRef<HTMLButtonElement>()
    render(
      <Button ref={ref} disabled tooltip="You cannot delete an active user">
        Delete
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Delete' })
    expect(ref.current).toBe(button)
    fireEvent.mouseEnter(button.parentElement as HTMLElement)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You cannot delete an active user')
    await act(async () => {
      await Promise.resolve()
    })
  })
})
