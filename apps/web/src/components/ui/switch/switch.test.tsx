import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Switch } from './switch'

function Harness({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false)
  return <Switch checked={on} onChange={setOn} label="E-mail me" description="To a@b.c" disabled={disabled} />
}

describe('Switch', () => {
  it('is a switch named by its label and described by its description, toggled by click and keyboard', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const sw = screen.getByRole('switch', { name: 'E-mail me' })
    expect(sw).toHaveAccessibleDescription('To a@b.c')
    expect(sw).toHaveAttribute('aria-checked', 'false')
    await user.click(sw)
    expect(sw).toHaveAttribute('aria-checked', 'true')
    sw.focus()
    await user.keyboard(' ')
    expect(sw).toHaveAttribute('aria-checked', 'false')
  })

  it('does not change while disabled', async () => {
    const user = userEvent.setup()
    render(<Harness disabled />)
    const sw = screen.getByRole('switch', { name: 'E-mail me' })
    await user.click(sw)
    expect(sw).toHaveAttribute('aria-checked', 'false')
  })
})
