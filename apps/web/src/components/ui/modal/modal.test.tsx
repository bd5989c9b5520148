import '@/lib/i18n'
import { MODAL_SIZES } from '@portal/contract'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Modal, type ModalProps } from '@/components/ui/modal/modal'
import { ToastProvider, useToast } from '@/components/ui/toast/toast'

function renderOpen(props: Partial<ModalProps> = {}) {
  const onClose = vi.fn()
  const view = render(
    <Modal
      open
      onClose={onClose}
      title="Delete machine"
      footer={<button type="button">Confirm</button>}
      {...props}
    >
      <p>This cannot be undone.</p>
    </Modal>,
  )
  return { onClose, ...view }
}

// The focus manager moves focus in a frame; wait for it so the assertions see the settled dialog.
async function settled() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={vi.fn()} title="Hidden">
        body
      </Modal>,
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is a modal dialog named by its title, rendered in a portal, 3xl by default', async () => {
    const { container } = renderOpen()
    await settled()
    const dialog = screen.getByRole('dialog', { name: 'Delete machine' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAttribute('data-size', '3xl')
    expect(dialog).toHaveTextContent('This cannot be undone.')
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument()
    expect(container).not.toContainElement(dialog)
  })

  it('gives each size its own width', async () => {
    const widths = new Set<string>()
    for (const size of MODAL_SIZES) {
      const { unmount } = renderOpen({ size })
      await settled()
      widths.add(screen.getByRole('dialog').className)
      unmount()
    }
    expect(widths.size).toBe(MODAL_SIZES.length)
  })

  it('closes on Escape unless told not to', async () => {
    const user = userEvent.setup()
    const { onClose, unmount } = renderOpen()
    await settled()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    unmount()

    const kept = renderOpen({ closeOnEscape: false })
    await settled()
    await user.keyboard('{Escape}')
    expect(kept.onClose).not.toHaveBeenCalled()
  })

  it('closes on a click outside, not inside, unless told not to', async () => {
    const user = userEvent.setup()
    const { onClose, unmount } = renderOpen()
    await settled()
    await user.click(screen.getByText('This cannot be undone.'))
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByTestId('modal-backdrop'))
    expect(onClose).toHaveBeenCalledTimes(1)
    unmount()

    const kept = renderOpen({ closeOnOutsideClick: false })
    await settled()
    await user.click(screen.getByTestId('modal-backdrop'))
    expect(kept.onClose).not.toHaveBeenCalled()
  })

  it('closes with its close button, which can be left out', async () => {
    const user = userEvent.setup()
    const { onClose, unmount } = renderOpen()
    await settled()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    unmount()

    renderOpen({ showCloseButton: false })
    await settled()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
  })

  it('moves focus into the dialog and gives it back to the opener when it closes', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    function Page() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Modal
            open={open}
            onClose={() => {
              onClose()
              setOpen(false)
            }}
            title="Edit"
          >
            <input aria-label="Name" />
          </Modal>
        </>
      )
    }
    render(<Page />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    await settled()
    const dialog = screen.getByRole('dialog', { name: 'Edit' })
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))

    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(opener).toHaveFocus())
  })

  it.each([
    ['its close button', () => screen.getByRole('button', { name: 'Close' })],
    ['a click outside', () => screen.getByTestId('modal-backdrop')],
  ])('gives focus back to the opener when closed with %s', async (_, target) => {
    const user = userEvent.setup()
    function Page() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Edit">
            <input aria-label="Name" />
          </Modal>
        </>
      )
    }
    render(<Page />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    await settled()
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement)
    await user.click(target())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('keeps Tab inside: past the last control to the first, before the first to the last', async () => {
    const user = userEvent.setup()
    render(
      <Modal open onClose={vi.fn()} title="Edit" footer={<button type="button">Confirm</button>}>
        <input aria-label="Name" />
      </Modal>,
    )
    await settled()
    const close = screen.getByRole('button', { name: 'Close' })
    const confirm = screen.getByRole('button', { name: 'Confirm' })
    confirm.focus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab({ shift: true })
    expect(confirm).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus()
  })

  it('keeps the page from scrolling while open, and gives its scroll back after', async () => {
    const { unmount } = renderOpen()
    await settled()
    expect(document.documentElement.style.overflow).toBe('hidden')
    unmount()
    expect(document.documentElement.style.overflow).toBe('')
  })

  it('shows the toasts raised while it is open inside it, above the inert page, and back on the page after', async () => {
    const user = userEvent.setup()
    function Page() {
      const { addToast } = useToast()
      const [open, setOpen] = useState(true)
      return (
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          title="Edit"
          footer={
            <button type="button" onClick={() => addToast({ title: 'Could not save', variant: 'error' })}>
              Save
            </button>
          }
        />
      )
    }
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    )
    await settled()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('dialog')).toContainElement(screen.getByText('Could not save'))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.getByText('Could not save')).toBeInTheDocument()
  })
})
