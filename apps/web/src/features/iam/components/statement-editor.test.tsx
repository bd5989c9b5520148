import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { policyForm } from '../pages/policy-page'
import type { FieldErrors } from './field-errors'
import { errorsUnder } from './field-errors'
import type { ResourceChoice, StatementRow } from './statement-editor'
import { StatementEditor, statementRowsOf, statementsOf } from './statement-editor'

const apps = [
  { app_code: 'iam', name: 'Identity and access' },
  { app_code: 'iot', name: 'Machines and devices' },
]
const RESOURCES: Record<string, ResourceChoice[]> = {
  iam: [{ resource_code: 'users/*', name: 'Users' }],
  iot: [
    { resource_code: 'machines/*', name: 'Machines' },
    { resource_code: 'orders/*', name: 'Machine orders' },
  ],
}

let latest: StatementRow[] = []

/** The first message of each field, as the form shows them: the policy form's schema over the rows. */
function errorsOf(rows: StatementRow[]): FieldErrors {
  const parsed = policyForm.safeParse({ name: 'P', description: '', statements: rows })
  const errors: FieldErrors = {}
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

function Harness({
  initial = [] as StatementRow[],
  validate = false,
  actions = undefined as { action_code: string; name: string }[] | undefined,
}) {
  const [rows, setRows] = useState(initial)
  latest = rows
  return (
    <StatementEditor
      value={rows}
      onChange={setRows}
      apps={apps}
      actions={actions}
      resourcesFor={(app) => RESOURCES[app]}
      errors={validate ? errorsUnder(errorsOf(rows), 'statements') : {}}
    />
  )
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

describe('StatementEditor', () => {
  it('adds a statement reading everything in the first app, then narrows it', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.getByText('No statements yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '+ Add statement' }))
    expect(statementsOf(latest)).toEqual([{ app_code: 'iam', resource_code: '*', action_code: 'read' }])

    await user.selectOptions(screen.getByLabelText('App of statement 1'), 'Machines and devices')
    expect(options(screen.getByLabelText('Resource of statement 1'))).toEqual([
      'Everything in this app (*)',
      'Machines (machines/*)',
      'Machine orders (orders/*)',
    ])
    await user.selectOptions(screen.getByLabelText('Resource of statement 1'), 'machines/*')
    await user.selectOptions(screen.getByLabelText('Action of statement 1'), 'edit')
    expect(statementsOf(latest)).toEqual([
      { app_code: 'iot', resource_code: 'machines/*', action_code: 'edit' },
    ])
  })

  it("changing the app resets the resource to the app's wildcard; any app offers only *", async () => {
    const user = userEvent.setup()
    render(
      <Harness
        initial={statementRowsOf([{ app_code: 'iot', resource_code: 'orders/*', action_code: 'all' }])}
      />,
    )
    await user.selectOptions(screen.getByLabelText('App of statement 1'), 'Any app (*)')
    expect(statementsOf(latest)).toEqual([{ app_code: '*', resource_code: '*', action_code: 'all' }])
    expect(options(screen.getByLabelText('Resource of statement 1'))).toEqual(['Everything (*)'])
  })

  it('keeps a resource the catalogue does not list (a saved statement) as a choice', () => {
    render(
      <Harness
        initial={statementRowsOf([{ app_code: 'iot', resource_code: 'machines/42', action_code: 'read' }])}
      />,
    )
    expect(screen.getByLabelText('Resource of statement 1')).toHaveValue('machines/42')
  })

  it('shows each row its own messages, and the list its own, from the contract schema', async () => {
    const user = userEvent.setup()
    render(
      <Harness
        validate
        initial={statementRowsOf([
          { app_code: 'iot', resource_code: 'machines/*', action_code: 'read' },
          { app_code: 'iot', resource_code: 'Not A Path', action_code: 'read' },
        ])}
      />,
    )
    const rows = screen.getAllByTestId('statement-row')
    expect(
      within(rows[1] as HTMLElement).getByText("Use a path such as 'machines/*', or '*'"),
    ).toBeInTheDocument()
    expect(within(rows[0] as HTMLElement).queryByText(/Use a path/)).toBeNull()
    expect(screen.getByLabelText('Resource of statement 2')).toHaveAttribute('aria-invalid', 'true')

    await user.click(screen.getByRole('button', { name: 'Remove statement 2' }))
    await user.click(screen.getByRole('button', { name: 'Remove statement 1' }))
    expect(latest).toEqual([])
    expect(screen.getByText('Add at least one statement')).toBeInTheDocument()
  })

  it('offers the actions GET /iam/policies/actions answers, in the interface language', () => {
    render(
      <Harness
        initial={statementRowsOf([{ app_code: 'iot', resource_code: '*', action_code: 'read' }])}
        actions={[
          { action_code: 'read', name: 'Read' },
          { action_code: 'edit', name: 'Edit' },
        ]}
      />,
    )
    expect(options(screen.getByLabelText('Action of statement 1'))).toHaveLength(2)
  })
})
