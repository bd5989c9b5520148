import type { MachineOrderItem, User } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { OrderItemsScreen } from './order-items-screen'

const USER: User = {
  user_uuid: 'u-1',
  name: 'Vera Tan',
  username: 'vending',
  email: null,
  phone_number: null,
  image_url: null,
  status: 1,
  is_beep_admin: false,
  mfa_primary_mode: 'none',
  owned_entities: ['VEND'],
  admin_entities: [],
  authorised_entities: [],
}

function item(id: number): MachineOrderItem {
  return {
    id,
    machine_order_uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    order_no: `MO${String(id)}`,
    username: 'vm-0001',
    serial_number: 'SN-0001',
    alias: 'Lobby Snacks',
    location: '1 Raffles Place',
    item: `Item ${String(id)}`,
    funds: 250,
    currency_code: 'SGD',
    machine_order_item_status: 3,
    payment_method_code: 1,
    payment_type_code: 'normal',
    date: 1_767_000_000_000,
    description: '',
    machine_id: 1,
  }
}

type Answer = { status: number; body: unknown }

/** Answers the calls of the screen; every other call (options) gets an empty list. */
function mockServer(items: () => Answer, count: () => Answer) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    let answer: Answer = { status: 200, body: { data: { machines: [], sets: [], count: 0 } } }
    if (url.endsWith('/iot/orders/items-filter')) answer = items()
    else if (url.endsWith('/iot/orders/items/count')) answer = count()
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }))
  })
}

const forbidden: Answer = {
  status: 403,
  body: { error: { code: 'FORBIDDEN', message: 'You may not read orders' } },
}

function renderScreen(path = '/machine-orders') {
  const router = createMemoryRouter(
    [{ path: '/machine-orders', element: <OrderItemsScreen variant="machine" /> }],
    {
      initialEntries: [path],
    },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  )
}

const notifications = () => screen.getByRole('region', { name: 'Notifications' })

describe('OrderItemsScreen', () => {
  beforeEach(() => {
    queryClient.clear()
    window.localStorage.clear()
    resetSessionForTests({
      status: 'authenticated',
      isLoggedIn: true,
      token: 't',
      user: USER,
      entityCode: 'VEND',
      viewableApps: ['iot'],
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    resetSessionForTests()
    queryClient.clear()
  })

  it('a 403 shows the no-access state and the error toast (B §8)', async () => {
    mockServer(
      () => forbidden,
      () => forbidden,
    )
    renderScreen()
    expect(await screen.findByText("You don't have access to this list")).toBeVisible()
    const toast = await within(notifications()).findByRole('listitem')
    expect(toast).toHaveTextContent('Error')
    expect(toast).toHaveTextContent('Failed to fetch Machine Order Items due to: You may not read orders')
    expect(within(toast).getByRole('button', { name: 'Dismiss' })).toBeVisible()
  })

  it('another error shows the toast and the error state with the server message', async () => {
    const failure = { status: 500, body: { error: { code: 'INTERNAL', message: 'Database unavailable' } } }
    mockServer(
      () => failure,
      () => ({ status: 200, body: { data: { count: 0, count_capped: false } } }),
    )
    renderScreen()
    const toast = await within(notifications()).findByRole('listitem', {}, { timeout: 5000 })
    expect(toast).toHaveTextContent('Failed to fetch Machine Order Items due to: Database unavailable')
    expect(screen.queryByText("You don't have access to this list")).toBeNull()
  })

  it('takes the total from the count call, asked with the filters only', async () => {
    const fetch = mockServer(
      () => ({ status: 200, body: { data: { items: [item(1), item(2)] } } }),
      () => ({ status: 200, body: { data: { count: 1234, count_capped: false } } }),
    )
    renderScreen('/machine-orders?status=3&start=100&end=200')
    expect(await screen.findByText('1,234 items')).toBeVisible()
    expect(screen.getByRole('cell', { name: 'Item 1' })).toBeVisible()
    const bodies = fetch.mock.calls
      .filter(([input]) => typeof input === 'string' && input.endsWith('/iot/orders/items/count'))
      .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null))
    expect(bodies).toEqual([{ status_list: [3], start: 100, end: 200 }])
    expect(within(notifications()).queryByRole('listitem')).toBeNull()
  })
})
