import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ScrollRegion } from '@/components/ui/scroll-region/scroll-region'

describe('ScrollRegion', () => {
  it('is a named group a keyboard can reach, around its content', () => {
    render(
      <ScrollRegion label="Connectors" className="overflow-x-auto">
        <table />
      </ScrollRegion>,
    )
    const region = screen.getByRole('group', { name: 'Connectors' })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(region).toHaveClass('overflow-x-auto')
    expect(region.querySelector('table')).not.toBeNull()
  })
})
