import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Badge, BADGE_TONES } from '@/components/ui/badge/badge'

describe('Badge', () => {
  it('shows its text, neutral by default', () => {
    render(<Badge>Ready</Badge>)
    expect(screen.getByText('Ready')).toHaveAttribute('data-tone', 'neutral')
  })

  it('gives every tone its own colours', () => {
    const classes = BADGE_TONES.map((tone) => {
      const { container } = render(<Badge tone={tone}>{tone}</Badge>)
      return (container.firstElementChild as HTMLElement).className
    })
    expect(new Set(classes).size).toBe(BADGE_TONES.length)
  })

  it('draws a decorative dot only when asked', () => {
    const { container, rerender } = render(<Badge tone="error">Error</Badge>)
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull()
    rerender(
      <Badge tone="error" dot>
        Error
      </Badge>,
    )
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.getByText('Error')).toHaveTextContent(/^Error$/)
  })
})
