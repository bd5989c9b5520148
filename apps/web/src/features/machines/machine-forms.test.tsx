import type { MachineDetail, User } from '@portal/contract'
import { OPENING_DAYS } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { MachineItemsEditor } from './machine-items-editor'
import { MachineSettingsForm } from './machine-settings-form'

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

const OPEN = { closed: false, open: '07:00', close: '22:00' }

function machine(): MachineDetail {
  const slot = (slot_no: number, stock: number) => ({
    slot_no,
    price: 180,
    description: '',
    name: `Snack ${String(slot_no)}`,
    stock,
    capacity: 10,
    total_revenue: 0,
    total_sold: 0,
    is_enabled: true,
    is_active: true,
    sku_id: null,
    image_url: null,
  })
  return {
    machine_id: 7,
    username: 'vm-0007',
    serial_number: 'SN-0007',
    alias: 'Lobby Snacks',
    location: '1 Raffles Place',
    postal_code: '048616',
    overall_status: 1,
    core_service_status: 1,
    machine_service_status: 1,
    payment_service_status: 1,
    reader_manager_status: 1,
    model_number: 'TCN-D720',
    last_activity_time: null,
    last_maintenance_time: null,
    vmc_type: 8,
    vmc_port: '/dev/ttyS1',
    sets: [],
    payment_selections: [],
    is_active: true,
    capacity: 30,
    stock: 15,
    tags: [],
    currency_code: 'SGD',
    general_settings: {
      opening_hours: Object.fromEntries(
        OPENING_DAYS.map((d) => [d, OPEN]),
      ) as MachineDetail['general_settings']['opening_hours'],
      model_number: 'TCN-D720',
      pinpad_backend: '',
      pinpad_frontend: '',
      pinpad_port: '',
      vmc: 8,
      vmc_port: '/dev/ttyS1',
      mdb_channel: 0,
      serial_type: '',
      cp_timeout: 30,
      vend_session_timeout: 60,
      vend_request_timeout: 30,
      price_scale_factor: 1,
      price_decimal_places: 2,
      payment_denominations: '',
    },
    service_statuses: {
      core_service: { status: 'Ready', message: '' },
      machine_service: { status: 'Ready', message: '' },
      payment_service: { status: 'Ready', message: '' },
      reader_manager: [],
    },
    items: [slot(1, 5), slot(2, 5), slot(3, 5)],
    created_at: 0,
    updated_at: 0,
  }
}

type Answer = { status: number; body: unknown }

/** Answers every PUT with the given answer and records the bodies sent. */
function mockServer(answer: (body: unknown) => Answer) {
  const sent: unknown[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null
    sent.push(body)
    const a = answer(body)
    return Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status }))
  })
  return sent
}

function renderForm(form: 'settings' | 'items') {
  const onDone = vi.fn()
  const m = machine()
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {form === 'settings' ? (
          <MachineSettingsForm m={m} onDone={onDone} />
        ) : (
          <MachineItemsEditor m={m} onDone={onDone} />
        )}
      </ToastProvider>
    </QueryClientProvider>,
  )
  return onDone
}

beforeEach(() => {
  queryClient.clear()
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
})

describe('MachineSettingsForm', () => {
  it('offers Public Holiday hours (A §9) and saves them with the week', async () => {
    const user = userEvent.setup()
    const sent = mockServer((body) => ({ status: 200, body: { data: body } }))
    const onDone = renderForm('settings')
    const holiday = screen.getByRole('group', { name: 'Public Holiday' })
    await user.click(within(holiday).getByLabelText('Closed'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      cp_timeout: 30,
      vmc: 8,
      opening_hours: { monday: OPEN, public_holiday: { ...OPEN, closed: true } },
    })
  })

  it('checks the typed numbers with the contract before sending', async () => {
    const user = userEvent.setup()
    const sent = mockServer(() => ({ status: 200, body: { data: {} } }))
    renderForm('settings')
    const timeout = screen.getByLabelText('Customer Presented Timeout')
    await user.clear(timeout)
    await user.type(timeout, '-1')
    const channel = screen.getByLabelText('MDB channel')
    await user.clear(channel)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(timeout).toHaveAttribute('aria-invalid', 'true')
    expect(channel).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Enter a number')).toBeVisible()
    expect(sent).toHaveLength(0)
  })

  it("puts the server's issue on a day beside that day", async () => {
    const user = userEvent.setup()
    mockServer(() => ({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'Bad request',
          issues: [
            { path: 'body.opening_hours.public_holiday.close', message: 'Closing time is not allowed' },
          ],
        },
      },
    }))
    renderForm('settings')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const holiday = screen.getByRole('group', { name: 'Public Holiday' })
    expect(await within(holiday).findByText('Closing time is not allowed')).toBeVisible()
    expect(within(holiday).getByLabelText('Closes')).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('MachineItemsEditor', () => {
  it('sends only the changed slots, the price in minor units', async () => {
    const user = userEvent.setup()
    const sent = mockServer(() => ({ status: 200, body: { data: { items: [] } } }))
    const onDone = renderForm('items')
    const price = screen.getByLabelText('Slot 2 Price')
    await user.clear(price)
    await user.type(price, '2.50')
    expect(screen.getByText('1 slot changed')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ items: [{ slot_no: 2, price: 250, stock: 5, capacity: 10, is_enabled: true }] }])
  })

  it('checks stock against capacity and a price against the currency before sending', async () => {
    const user = userEvent.setup()
    const sent = mockServer(() => ({ status: 200, body: { data: { items: [] } } }))
    renderForm('items')
    const stock = screen.getByLabelText('Slot 1 Stock')
    await user.clear(stock)
    await user.type(stock, '11')
    const price = screen.getByLabelText('Slot 3 Price')
    await user.clear(price)
    await user.type(price, '1.234')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Stock cannot exceed capacity')).toBeVisible()
    expect(screen.getByText('Enter a price such as 1.80')).toBeVisible()
    expect(sent).toHaveLength(0)
  })

  it("puts the server's issue on the slot it names, though only changed slots were sent", async () => {
    const user = userEvent.setup()
    mockServer(() => ({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'Bad request',
          issues: [{ path: 'body.items.0.capacity', message: 'Slot 3 holds at most 8' }],
        },
      },
    }))
    renderForm('items')
    const capacity = screen.getByLabelText('Slot 3 Capacity')
    await user.clear(capacity)
    await user.type(capacity, '9')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Slot 3 holds at most 8')).toBeVisible()
    expect(capacity).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Slot 1 Capacity')).not.toHaveAttribute('aria-invalid')
  })
})
