import { userCreateRequest } from '@portal/contract'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { errorsUnder, validateForm } from './field-errors'
import type { GrantChoices, GrantRow } from './grants-editor'
import { GrantsEditor, grantInputsOf, grantRowsOf } from './grants-editor'

const choices: GrantChoices = {
  roles: [
    { id: 1, name: 'Restocker' },
    { id: 2, name: 'Finance' },
  ],
  policies: [
    { id: 10, name: 'Vending read only', type: 'preset' },
    { id: 11, name: 'Restock machines', type: 'custom' },
  ],
  sets: [{ id: 5, name: 'East Region', code: 'east' }],
}

let latest: GrantRow[] = []

/** The editor with its state, checked the way the form checks it: the contract's schema on the request. */
function Harness({ initial = [] as GrantRow[], validate = false }) {
  const [rows, setRows] = useState(initial)
  latest = rows
  const checked = validate
    ? validateForm(userCreateRequest, { name: 'A', username: 'abc', grants: grantInputsOf(rows) })
    : { ok: true as const }
  const errors = checked.ok ? {} : errorsUnder(checked.errors, 'grants')
  return <GrantsEditor value={rows} onChange={setRows} choices={choices} errors={errors} />
}

describe('GrantsEditor', () => {
  it('adds a row, picks a role and a set, and sends exactly that grant', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.getByText('No roles or policies.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '+ Add role or policy' }))
    await user.selectOptions(screen.getByLabelText('Role of access 1'), 'Finance')
    await user.selectOptions(screen.getByLabelText('Set of access 1'), 'East Region')
    expect(grantInputsOf(latest)).toEqual([{ role_id: 2, policy_id: null, set_id: 5 }])
  })

  it('switching a row to a policy clears its choice and offers the policies, custom and preset apart', async () => {
    const user = userEvent.setup()
    render(
      <Harness
        initial={grantRowsOf([{ id: 1, role: { id: 1, name: 'Restocker' }, policy: null, set: null }])}
      />,
    )
    expect(screen.getByLabelText('Role of access 1')).toHaveValue('1')
    await user.selectOptions(screen.getByLabelText('Type of access 1'), 'policy')
    const policy = screen.getByLabelText('Policy of access 1')
    expect(policy).toHaveValue('')
    expect(within(policy).getByRole('group', { name: 'Custom' })).toHaveTextContent('Restock machines')
    expect(within(policy).getByRole('group', { name: 'Preset' })).toHaveTextContent('Vending read only')
    await user.selectOptions(policy, 'Vending read only')
    expect(grantInputsOf(latest)).toEqual([{ role_id: null, policy_id: 10, set_id: null }])
  })

  it('shows the rule of the contract beside a row with nothing chosen, and removes rows', async () => {
    const user = userEvent.setup()
    render(<Harness validate />)
    await user.click(screen.getByRole('button', { name: '+ Add role or policy' }))
    await user.click(screen.getByRole('button', { name: '+ Add role or policy' }))
    await user.selectOptions(screen.getByLabelText('Role of access 2'), 'Restocker')
    const rows = screen.getAllByRole('listitem')
    expect(within(rows[0] as HTMLElement).getByText('Give either a role or a policy')).toBeInTheDocument()
    expect(within(rows[1] as HTMLElement).queryByText('Give either a role or a policy')).toBeNull()
    expect(screen.getByLabelText('Role of access 1')).toHaveAttribute('aria-invalid', 'true')

    await user.click(screen.getByRole('button', { name: 'Remove access 1' }))
    expect(latest).toHaveLength(1)
    expect(screen.getByLabelText('Role of access 1')).toHaveValue('1')
    expect(screen.queryByText('Give either a role or a policy')).toBeNull()
  })

  it('is read-only when disabled: no add or remove', () => {
    render(
      <GrantsEditor
        value={grantRowsOf([{ id: 1, role: { id: 2, name: 'Finance' }, policy: null, set: null }])}
        onChange={() => undefined}
        choices={choices}
        disabled
      />,
    )
    expect(screen.getByLabelText('Role of access 1')).toBeDisabled()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
