import '@/lib/i18n'
import { LOADER_VARIANTS } from '@portal/contract'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Loader } from '@/components/ui/loader/loader'

describe('Loader', () => {
  it("is a status read as 'Loading' when it has no message", () => {
    render(<Loader />)
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading$/)
    expect(screen.getByRole('status')).toHaveAttribute('data-variant', 'primary')
  })

  it('shows its message under the spinner instead', () => {
    render(<Loader message="Fetching machines…" />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent(/^Fetching machines…$/)
    expect(screen.getByText('Fetching machines…').tagName).toBe('P')
  })

  it('marks its region busy only when it stands for content still arriving', () => {
    const { rerender } = render(<Loader />)
    expect(screen.getByRole('status')).not.toHaveAttribute('aria-busy')
    rerender(<Loader busy />)
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true')
  })

  it('colours each variant differently', () => {
    const colours = LOADER_VARIANTS.map((variant) => {
      const { container } = render(<Loader variant={variant} />)
      return container.querySelector('svg')?.getAttribute('class')
    })
    expect(new Set(colours).size).toBe(LOADER_VARIANTS.length)
  })
})
