import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from '@/components/ui/modal/modal'
import { usePopover, type PopoverOptions } from './use-popover'

function Menu(options: PopoverOptions) {
  const { open, setOpen, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } =
    usePopover(options)
  return (
    <>
      <button ref={setReference} type="button" {...getReferenceProps()}>
        Columns
      </button>
      {open && (
        <div ref={setFloating} style={floatingStyles} {...getFloatingProps()}>
          <button type="button" onClick={() => setOpen(false)}>
            Inside
          </button>
        </div>
      )}
      <p>Elsewhere</p>
    </>
  )
}

afterEach(() => {
  vi.useRealTimers()
})

/** A panel whose search box takes the focus as it mounts (the person picker's). */
function SearchPanel() {
  const { open, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } =
    usePopover()
  return (
    <>
      <button ref={setReference} type="button" {...getReferenceProps()}>
        Persons
      </button>
      {open && (
        <div ref={setFloating} style={floatingStyles} {...getFloatingProps()}>
          <input type="search" aria-label="Search persons" autoFocus />
        </div>
      )}
      <button type="button">After</button>
    </>
  )
}

describe('usePopover', () => {
  it('stays open when its panel autofocuses a control as it mounts', async () => {
    const user = userEvent.setup()
    render(<SearchPanel />)
    await user.click(screen.getByRole('button', { name: 'Persons' }))
    const search = await screen.findByRole('searchbox', { name: 'Search persons' })
    expect(search).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Persons' })).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('opens and closes on click, and says so on its button', async () => {
    const user = userEvent.setup()
    render(<Menu />)
    const button = screen.getByRole('button', { name: 'Columns' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveAttribute('aria-haspopup', 'dialog')
    await user.click(button)
    const panel = screen.getByRole('dialog')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button).toHaveAttribute('aria-controls', panel.id)
    expect(panel).toHaveStyle({ position: 'fixed' })
    await user.click(button)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes on a press outside, not inside', async () => {
    const user = userEvent.setup()
    render(<Menu />)
    await user.click(screen.getByRole('button', { name: 'Columns' }))
    fireEvent.pointerDown(screen.getByRole('dialog'))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.click(screen.getByText('Elsewhere'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes on Escape and gives focus back to its button when focus was inside', async () => {
    const user = userEvent.setup()
    const outer = vi.fn()
    document.addEventListener('keydown', outer)
    render(<Menu />)
    const button = screen.getByRole('button', { name: 'Columns' })
    await user.click(button)
    screen.getByRole('button', { name: 'Inside' }).focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(button).toHaveFocus()
    // Only the innermost layer closes: the Escape goes no further (a dialog around it stays open).
    expect(outer).not.toHaveBeenCalled()
    document.removeEventListener('keydown', outer)
  })

  it('inside a modal dialog, Escape closes the panel and leaves the dialog open', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <Modal open onClose={onClose} title="Filters">
        <Menu />
      </Modal>,
    )
    await user.click(screen.getByRole('button', { name: 'Columns' }))
    screen.getByRole('button', { name: 'Inside' }).focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: '' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('as a menu, names its panel by its button', async () => {
    const user = userEvent.setup()
    render(<Menu role="menu" />)
    const button = screen.getByRole('button', { name: 'Columns' })
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    await user.click(button)
    expect(screen.getByRole('menu', { name: 'Columns' })).toBeInTheDocument()
  })

  it('with hover, opens while the pointer rests and lets it cross to the panel', async () => {
    vi.useFakeTimers()
    render(<Menu hover role="menu" />)
    const button = screen.getByRole('button', { name: 'Columns' })
    fireEvent.mouseEnter(button)
    expect(screen.queryByRole('menu')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(50))
    const panel = screen.getByRole('menu')
    fireEvent.mouseLeave(button)
    await act(() => vi.advanceTimersByTimeAsync(100))
    fireEvent.mouseEnter(panel)
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(screen.getByRole('menu')).toBeInTheDocument()
    fireEvent.mouseLeave(panel)
    await act(() => vi.advanceTimersByTimeAsync(150))
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('with hover, stays open after the click that follows the hover, until clicked again', async () => {
    vi.useFakeTimers()
    render(<Menu hover role="menu" />)
    const button = screen.getByRole('button', { name: 'Columns' })
    fireEvent.mouseEnter(button)
    await act(() => vi.advanceTimersByTimeAsync(50))
    fireEvent.click(button)
    fireEvent.mouseLeave(button)
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByRole('menu')).toBeInTheDocument()
    fireEvent.click(button)
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('opened with Enter, the focus goes onto its first control; with the pointer it stays on the button', async () => {
    const user = userEvent.setup()
    render(<Menu />)
    const button = screen.getByRole('button', { name: 'Columns' })
    await user.click(button)
    expect(button).toHaveFocus()
    await user.click(button)
    button.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus()
  })

  it('closes when Tab takes the focus past it, not when the focus moves inside', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Menu />
        <button type="button">Next control</button>
      </>,
    )
    screen.getByRole('button', { name: 'Columns' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Next control' })).toHaveFocus()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

function AccountMenu() {
  const { open, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } = usePopover(
    {
      role: 'menu',
      hover: true,
    },
  )
  return (
    <>
      <button ref={setReference} type="button" {...getReferenceProps()}>
        Account
      </button>
      {open && (
        <div ref={setFloating} style={floatingStyles} {...getFloatingProps()}>
          {['Profile', 'Teams', 'Logout'].map((name) => (
            <button key={name} type="button" role="menuitem">
              {name}
            </button>
          ))}
        </div>
      )}
    </>
  )
}

describe('usePopover as a menu, from the keyboard', () => {
  it('does not open on focus alone; Enter opens it onto its first item, the arrows walk it round', async () => {
    const user = userEvent.setup()
    render(<AccountMenu />)
    const button = screen.getByRole('button', { name: 'Account' })
    await user.tab()
    expect(button).toHaveFocus()
    expect(screen.queryByRole('menu')).toBeNull()
    await user.keyboard('{Enter}')
    const item = (name: string) => screen.getByRole('menuitem', { name })
    expect(item('Profile')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(item('Teams')).toHaveFocus()
    await user.keyboard('{End}')
    expect(item('Logout')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(item('Profile')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(item('Logout')).toHaveFocus()
    await user.keyboard('{Home}')
    expect(item('Profile')).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(button).toHaveFocus()
  })

  it('ArrowUp on its button opens it onto its last item', async () => {
    const user = userEvent.setup()
    render(<AccountMenu />)
    screen.getByRole('button', { name: 'Account' }).focus()
    await user.keyboard('{ArrowUp}')
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus()
  })
})
