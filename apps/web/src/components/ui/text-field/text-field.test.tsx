import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TextField } from './text-field'

describe('TextField', () => {
  it('labels the input', () => {
    render(<TextField label="Username" />)
    expect(screen.getByLabelText('Username')).toBeInTheDocument()
  })

  it('marks an error and describes the input with it', () => {
    render(<TextField label="Password" error="Enter your password" />)
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Enter your password')
  })

  it('shows a hint when there is no error', () => {
    render(<TextField label="Alias" hint="Shown to customers" />)
    expect(screen.getByLabelText('Alias')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Alias')).toHaveAccessibleDescription('Shown to customers')
  })
})
