import type { PersonFilterRequest, PersonListItem } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { createQueryClient } from '@/lib/query-client'
import { PersonsTab } from './persons-tab'

/* The person picker of the Persons tab against a stubbed server: what it asks, and what the list then sends. */

const person = (n: number, name: string): PersonListItem => ({
  person_uuid: `p-${String(n)}`,
  name,
  username: `user${String(n)}`,
  phone_number: '+6590000000',
  email: `user${String(n)}@example.com`,
  nric_last_four_characters: '123A',
  hospital_code: 'TTSH',
  status: 1,
  created_at: 0,
  employee_count: 1,
})
const PEOPLE = [person(1, 'Alice Tan'), person(2, 'Bala Kumar'), person(3, 'Chen Wei')]

/** A server holding PEOPLE: it filters by name search and by uuid list, as the real one does; records each body. */
function stubServer() {
  const bodies: PersonFilterRequest[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as PersonFilterRequest
    bodies.push(body)
    const persons = PEOPLE.filter(
      (p) =>
        (body.person_uuid_list === undefined || body.person_uuid_list.includes(p.person_uuid)) &&
        (body.search_value === undefined || p.name.toLowerCase().includes(body.search_value.toLowerCase())),
    ).slice(0, body.limit)
    return Promise.resolve(
      new Response(JSON.stringify({ data: { persons, count: persons.length, can_export: false } }), {
        status: 200,
      }),
    )
  })
  return bodies
}

function renderTab(path: string) {
  const router = createMemoryRouter([{ path: '/closed-loop', element: <PersonsTab /> }], {
    initialEntries: [path],
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      {/* Every list's saved-views menu says what it did in a toast. */}
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return router
}

// The first render loads the screen's modules: a slow machine may take more than waitFor's default second.
const LOADED = { timeout: 10_000 }
const rows = () =>
  within(screen.getByRole('table', { name: 'Persons' }))
    .queryAllByRole('row')
    .slice(1)

afterEach(() => {
  vi.restoreAllMocks()
})

// Whole screens with typing: more than the default 5 s per test on a busy 2-core machine.
describe('the person picker', { timeout: 30_000 }, () => {
  it('finds persons by name and narrows the list to those picked (person_uuid_list)', async () => {
    const user = userEvent.setup()
    const bodies = stubServer()
    const router = renderTab('/closed-loop')
    await waitFor(() => expect(rows()).toHaveLength(3), LOADED)

    await user.click(screen.getByRole('button', { name: 'Persons' }))
    await user.type(screen.getByRole('searchbox', { name: /Search persons/ }), 'bala')
    const match = await screen.findByRole('checkbox', { name: /Bala Kumar/ })
    expect(screen.queryByRole('checkbox', { name: /Alice Tan/ })).toBeNull()
    await user.click(match)

    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('Bala Kumar')
    expect(router.state.location.search).toBe('?person=p-2')
    expect(bodies.at(-1)).toEqual({ limit: 20, offset: 0, person_uuid_list: ['p-2'] })
    // The pick shows ticked, with its name, at the top of the panel; the button counts it.
    expect(screen.getByRole('checkbox', { name: /Bala Kumar/ })).toBeChecked()
    expect(screen.getByRole('button', { name: /Persons\s*1/ })).toBeVisible()
  })

  it('names the persons of a shared address, and clearing the pick lists everyone again', async () => {
    const user = userEvent.setup()
    const bodies = stubServer()
    const router = renderTab('/closed-loop?person=p-1,p-3')
    await waitFor(() => expect(rows()).toHaveLength(2), LOADED)
    expect(bodies).toContainEqual({ limit: 20, offset: 0, person_uuid_list: ['p-1', 'p-3'] })

    await user.click(screen.getByRole('button', { name: /Persons/ }))
    const chosen = screen.getByRole('list', { name: 'Chosen' })
    expect(await within(chosen).findByRole('checkbox', { name: /Alice Tan/ })).toBeChecked()
    expect(within(chosen).getByRole('checkbox', { name: /Chen Wei/ })).toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(router.state.location.search).toBe('')
  })
})
