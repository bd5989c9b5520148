import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Checkbox } from '@/components/ui/checkbox/checkbox'

describe('Checkbox', () => {
  it('is named by its label and toggles when the label is clicked', async () => {
    const onChange = vi.fn()
    render(<Checkbox label="Show inactive" onChange={onChange} />)
    const box = screen.getByRole('checkbox', { name: 'Show inactive' })
    expect(box).not.toBeChecked()
    await userEvent.click(screen.getByText('Show inactive'))
    expect(box).toBeChecked()
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('is described by its description', () => {
    render(<Checkbox label="Notify" description="Send an email when it fails." />)
    expect(screen.getByRole('checkbox', { name: 'Notify' })).toHaveAccessibleDescription(
      'Send an email when it fails.',
    )
  })

  it('does not toggle when disabled', async () => {
    render(<Checkbox label="Locked" disabled />)
    const box = screen.getByRole('checkbox', { name: 'Locked' })
    await userEvent.click(box)
    expect(box).not.toBeChecked()
    expect(box).toBeDisabled()
  })

  it('can be indeterminate and forwards its ref', () => {
    const ref = createRef<HTMLInputElement>()
    const { rerender } = render(<Checkbox ref={ref} label="All" indeterminate />)
    expect(ref.current).toBe(screen.getByRole('checkbox'))
    expect(ref.current?.indeterminate).toBe(true)
    rerender(<Checkbox ref={ref} label="All" />)
    expect(ref.current?.indeterminate).toBe(false)
  })
})
