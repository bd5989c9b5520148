import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import type { FieldErrors } from './field-errors'
import { errorsUnder } from './field-errors'
import type { GrantRow } from './grants-editor'
import { GrantsEditor, grantInputsOf, grantRowsOf } from './grants-editor'
import { userCreateForm } from './user-form'

/** The search calls the pickers make, answered as the server would (POST /iam/{roles,policies,sets}/search). */
const ANSWERS: Record<string, unknown> = {
  '/iam/roles/search': {
    roles: [
      { id: 1, name: 'Restocker' },
      { id: 2, name: 'Finance' },
    ],
  },
  '/iam/policies/search': {
    policies: [
      { id: 10, name: 'Vending read only', type: 'preset' },
      { id: 11, name: 'Restock machines', type: 'custom' },
    ],
  },
  '/iam/sets/search': { sets: [{ id: 5, name: 'East Region', code: 'east' }] },
}
let calls: { path: string; body: unknown }[] = []

beforeEach(() => {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const path = new URL(url, 'http://portal.test').pathname.replace(/^\/api\/main/, '')
      calls.push({ path, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null })
      return Promise.resolve(
        new Response(JSON.stringify({ data: ANSWERS[path] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

let latest: GrantRow[] = []

/** The first message of each field, as the user form shows them: its schema over the rows. */
function errorsOf(rows: GrantRow[]): FieldErrors {
  const parsed = userCreateForm.safeParse({
    name: 'A',
    username: 'abc',
    email: '',
    phone_number: '',
    relation: 2,
    grants: rows,
  })
  const errors: FieldErrors = {}
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

/** The editor with its state, checked the way the form checks it: the contract's schema on the request. */
function Harness({ initial = [] as GrantRow[], validate = false }) {
  const [rows, setRows] = useState(initial)
  latest = rows
  const errors = validate ? errorsUnder(errorsOf(rows), 'grants') : {}
  return <GrantsEditor value={rows} onChange={setRows} errors={errors} />
}

describe('GrantsEditor', () => {
  it('adds a row, finds a role and a set with their search calls, and sends exactly that grant', async () => {
    const user = userEvent.setup()
    render(withQueries(<Harness />))
    expect(screen.getByText('No roles or policies.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '+ Add role or policy' }))
    await user.click(screen.getByRole('combobox', { name: 'Role of access 1' }))
    await user.click(await screen.findByRole('option', { name: 'Finance' }))
    expect(screen.getByRole('combobox', { name: 'Role of access 1' })).toHaveValue('Finance')
    await user.click(screen.getByRole('combobox', { name: 'Set of access 1' }))
    await user.click(await screen.findByRole('option', { name: /East Region/ }))
    expect(grantInputsOf(latest)).toEqual([{ role_id: 2, policy_id: null, set_id: 5 }])
    expect(calls.map((c) => c.path)).toEqual(['/iam/roles/search', '/iam/sets/search'])
  })

  it('searches as one types, and Enter picks the highlighted match', async () => {
    const user = userEvent.setup()
    render(withQueries(<Harness initial={[{ key: 'a', kind: 'role', refId: null, setId: null }]} />))
    const box = screen.getByRole('combobox', { name: 'Role of access 1' })
    await user.click(box)
    await user.type(box, 'fin')
    await screen.findByRole('option', { name: 'Finance' })
    await vi.waitFor(() => expect(calls.at(-1)?.body).toEqual({ query: 'fin', limit: 20 }))
    await user.keyboard('{ArrowDown}{Enter}')
    expect(grantInputsOf(latest)).toEqual([{ role_id: 2, policy_id: null, set_id: null }])
  })

  it('switching a row to a policy clears its choice and offers the policies, custom and preset apart', async () => {
    const user = userEvent.setup()
    render(
      withQueries(
        <Harness
          initial={grantRowsOf([{ id: 1, role: { id: 1, name: 'Restocker' }, policy: null, set: null }])}
        />,
      ),
    )
    expect(screen.getByRole('combobox', { name: 'Role of access 1' })).toHaveValue('Restocker')
    await user.selectOptions(screen.getByLabelText('Type of access 1'), 'policy')
    const policy = screen.getByRole('combobox', { name: 'Policy of access 1' })
    expect(policy).toHaveValue('')
    await user.click(policy)
    expect(await screen.findByRole('group', { name: 'Custom' })).toHaveTextContent('Restock machines')
    expect(screen.getByRole('group', { name: 'Preset' })).toHaveTextContent('Vending read only')
    await user.click(screen.getByRole('option', { name: 'Vending read only' }))
    expect(grantInputsOf(latest)).toEqual([{ role_id: null, policy_id: 10, set_id: null }])
  })

  it('shows the rule of the contract beside a row with nothing chosen, and removes rows', async () => {
    const user = userEvent.setup()
    render(
      withQueries(
        <Harness
          validate
          initial={[
            { key: 'a', kind: 'role', refId: null, setId: null },
            { key: 'b', kind: 'role', refId: 1, refName: 'Restocker', setId: null },
          ]}
        />,
      ),
    )
    const rows = screen.getAllByRole('listitem')
    expect(within(rows[0] as HTMLElement).getByText('Give either a role or a policy')).toBeInTheDocument()
    expect(within(rows[1] as HTMLElement).queryByText('Give either a role or a policy')).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Role of access 1' })).toHaveAttribute('aria-invalid', 'true')

    await user.click(screen.getByRole('button', { name: 'Remove access 1' }))
    expect(latest).toHaveLength(1)
    expect(screen.getByRole('combobox', { name: 'Role of access 1' })).toHaveValue('Restocker')
    expect(screen.queryByText('Give either a role or a policy')).toBeNull()
  })

  it('is read-only when disabled: no add or remove, and no search', () => {
    render(
      withQueries(
        <GrantsEditor
          value={grantRowsOf([{ id: 1, role: { id: 2, name: 'Finance' }, policy: null, set: null }])}
          onChange={() => undefined}
          disabled
        />,
      ),
    )
    expect(screen.getByRole('combobox', { name: 'Role of access 1' })).toBeDisabled()
    expect(screen.queryByRole('button')).toBeNull()
    expect(calls).toEqual([])
  })
})
