import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EmptyState } from '@/components/ui/empty-state/empty-state'

describe('EmptyState', () => {
  it('shows its title, description and action', () => {
    render(
      <EmptyState
        title="No machines"
        description="Try another filter."
        action={<button type="button">Reset filters</button>}
      />,
    )
    expect(screen.getByRole('heading', { name: 'No machines' })).toBeInTheDocument()
    expect(screen.getByText('Try another filter.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeInTheDocument()
  })

  it('leaves out what it is not given and uses a custom icon when given one', () => {
    const { container } = render(<EmptyState title="Nothing" icon={<span data-testid="icon" />} />)
    expect(screen.getByTestId('icon')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
    expect(container.querySelectorAll('p')).toHaveLength(0)
  })
})
