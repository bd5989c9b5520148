import '@/lib/i18n'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Pager, type PagerProps } from './pager'

const props = (over: Partial<PagerProps> = {}): PagerProps => ({
  page: 1,
  pageSize: 20,
  rowCount: 20,
  total: 40,
  onPageChange: vi.fn(),
  ...over,
})

describe('Pager from the keyboard', () => {
  it('keeps the focus on its button while the page loads, and does nothing meanwhile', async () => {
    const user = userEvent.setup()
    const onPageChange = vi.fn()
    const { rerender } = render(<Pager {...props({ onPageChange })} />)
    const next = screen.getByRole('button', { name: /Next/ })
    next.focus()
    rerender(<Pager {...props({ onPageChange, disabled: true })} />)
    expect(next).toHaveFocus()
    expect(next).toBeEnabled()
    expect(next).toHaveAttribute('aria-disabled', 'true')
    await user.keyboard('{Enter}')
    expect(onPageChange).not.toHaveBeenCalled()
  })

  it('moves the focus to the current page when the last page disables Next under it', () => {
    const { rerender } = render(<Pager {...props()} />)
    screen.getByRole('button', { name: /Next/ }).focus()
    rerender(<Pager {...props({ page: 2 })} />)
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveFocus()
  })
})
