import { BUTTON_VARIANTS, LOADER_VARIANTS, MODAL_SIZES } from '@portal/contract'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { ComponentsPage } from './components-page'

function renderPage() {
  render(
    <MemoryRouter>
      <ToastProvider>
        <ComponentsPage />
      </ToastProvider>
    </MemoryRouter>,
  )
}

describe('ComponentsPage', { timeout: 20_000 }, () => {
  it('shows every button variant of A §9 enabled, disabled and with a tooltip', () => {
    renderPage()
    const table = screen.getByRole('table', { name: 'Button variants' })
    for (const variant of BUTTON_VARIANTS) {
      const row = within(table).getByRole('row', { name: new RegExp(`^${variant} `) })
      const buttons = within(row).getAllByRole('button')
      expect(buttons.map((b) => b.getAttribute('data-variant'))).toEqual([variant, variant, variant])
      expect(buttons[1]).toBeDisabled()
    }
    expect(screen.getAllByRole('status').length).toBeGreaterThanOrEqual(LOADER_VARIANTS.length)
  })

  it('opens a modal of each size, closes it on Escape, and keeps it when Escape is turned off', async () => {
    const user = userEvent.setup({ delay: null })
    renderPage()
    for (const size of MODAL_SIZES) {
      await user.click(screen.getByRole('button', { name: `Open ${size}` }))
      expect(await screen.findByRole('dialog', { name: `Modal, size ${size}` })).toHaveAttribute(
        'data-size',
        size,
      )
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).toBeNull()
    }
    expect(screen.getByText('Last closed: 3xl')).toBeInTheDocument()

    await user.click(screen.getByLabelText('Close on Escape'))
    await user.click(screen.getByLabelText('Show the close button'))
    await user.click(screen.getByRole('button', { name: 'Open sm' }))
    const dialog = await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    expect(dialog).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows toasts that Dismiss removes, and runs a toast’s action', async () => {
    const user = userEvent.setup({ delay: null })
    renderPage()
    const region = screen.getByRole('region', { name: 'Notifications' })
    await user.click(screen.getByRole('button', { name: 'Show error' }))
    const toast = within(region).getByRole('listitem')
    expect(toast).toHaveTextContent('Something went wrong')
    await user.click(within(toast).getByRole('button', { name: 'Dismiss' }))
    expect(within(region).queryByRole('listitem')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'With actions' }))
    await user.click(within(region).getByRole('button', { name: 'Undo' }))
    expect(within(region).getAllByRole('listitem')).toHaveLength(1)
    expect(region).toHaveTextContent('Restored')

    await user.click(screen.getByRole('button', { name: 'Short, not dismissable' }))
    const short = within(region).getAllByRole('listitem').at(-1)
    expect(short).toHaveTextContent('Five seconds')
    expect(within(short as HTMLElement).queryByRole('button', { name: 'Dismiss' })).toBeNull()
  })
})
