import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { AddDriverForm } from './add-driver-form'
import type { DriverVariantConfig } from './driver-variant'
import { DRIVER_VARIANTS } from './driver-variant'

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

const ENTITIES = [
  { code: 'CPO', name: 'SparkGrid Charging', roles: ['CPO'] },
  { code: 'VOLT', name: 'Voltnet Roaming', roles: ['CPO', 'EMSP'] },
  { code: 'EMSP', name: 'RoamCharge Mobility', roles: ['EMSP'] },
]

/** A server that knows the entities and answers an add with the driver, or a 400 for the number it already has. */
function mockServer(taken = '+6598765432') {
  const posts: { url: string; body: Record<string, unknown> }[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input)
    const json = (body: unknown, status = 200) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      )
    if (url.includes('/iam/entities'))
      return json({
        data: {
          entities: ENTITIES.map((e, i) => ({
            id: i + 1,
            ...e,
            logo_url: null,
            preferred_identifier: null,
            industries: [],
            ev_backend_url: null,
            parent_code: null,
            currency_code: 'SGD',
            time_zone: 'Asia/Singapore',
            relation: null,
          })),
        },
      })
    if (init?.method === 'POST') {
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<string, unknown>
      posts.push({ url, body })
      if (`+${String(body.dialCode)}${String(body.mobileNumber).replace(/\s/g, '')}` === taken) {
        const message = 'a driver with this mobile number already exists (Lim Ah Kow)'
        return json(
          {
            error: {
              code: 'BAD_REQUEST',
              message: `body.mobileNumber: ${message}`,
              issues: [{ path: 'body.mobileNumber', message }],
            },
          },
          400,
        )
      }
      return json({
        data: {
          driver: {
            id: 'd-1',
            name: body.name,
            mobileNumber: '+6591234567',
            email: body.email,
            nationality: body.nationality,
            createdAt: 1,
            updatedAt: 1,
            isRegistered: body.isRegistered,
            subscribedCpoEntities: body.subscribedCpoEntities,
            licensePlate: null,
          },
        },
      })
    }
    return json({}, 404)
  })
  return posts
}

function renderForm(config: DriverVariantConfig) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <AddDriverForm config={config} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  )
}

afterEach(() => vi.restoreAllMocks())

describe('AddDriverForm', () => {
  it('shows a message under each field and sends nothing while the driver is incomplete', async () => {
    const posts = mockServer()
    renderForm(DRIVER_VARIANTS.dashboard)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add driver' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required')
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('Mobile number is required')
    expect(screen.getByLabelText('Nationality')).toHaveAccessibleDescription('Choose a nationality')

    await user.type(screen.getByLabelText('Mobile number'), '6123 4567')
    await user.click(screen.getByRole('button', { name: 'Add driver' }))
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      'Not a valid Singapore mobile number (for example +65 9123 4567)',
    )
    expect(posts).toEqual([])
  })

  it('sends the driver with the picked CPO entities, then clears the form for the next one', async () => {
    const posts = mockServer()
    renderForm(DRIVER_VARIANTS.dashboard)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Name'), 'Tan Wei Ming')
    await user.type(screen.getByLabelText('Email'), 'WeiMing.Tan@Example.com')
    await user.type(screen.getByLabelText('Mobile number'), '9123 4567')
    await user.selectOptions(screen.getByLabelText('Nationality'), 'Singaporean')
    await user.click(await screen.findByLabelText('Voltnet Roaming (VOLT)'))
    expect(screen.queryByLabelText(/RoamCharge/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add driver' }))

    expect(await screen.findByText('Driver added')).toBeInTheDocument()
    expect(posts).toEqual([
      {
        url: '/api/bus/v2/dashboard/drivers',
        body: {
          name: 'Tan Wei Ming',
          dialCode: '65',
          mobileNumber: '9123 4567',
          email: 'weiming.tan@example.com',
          nationality: 'Singaporean',
          isRegistered: false,
          subscribedCpoEntities: ['VOLT'],
          licensePlate: null,
        },
      },
    ])
    expect(screen.getByLabelText('Name')).toHaveValue('')
  })

  it("shows the server's duplicate number beside the field", async () => {
    mockServer('+6598765432')
    renderForm(DRIVER_VARIANTS.dashboard)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Name'), 'Lim Ah Kow')
    await user.type(screen.getByLabelText('Email'), 'lim@example.com')
    await user.type(screen.getByLabelText('Mobile number'), '9876 5432')
    await user.selectOptions(screen.getByLabelText('Nationality'), 'Thai')
    await user.click(screen.getByRole('button', { name: 'Add driver' }))
    expect(
      await screen.findByText('A driver with this mobile number already exists (Lim Ah Kow)'),
    ).toBeVisible()
    expect(screen.getByLabelText('Name')).toHaveValue('Lim Ah Kow')
  })

  it('the limousine form has no CPO subscriptions and posts to the limousine call', async () => {
    const posts = mockServer()
    renderForm(DRIVER_VARIANTS.limo)
    const user = userEvent.setup()
    expect(screen.queryByText('Subscribed CPO entities')).toBeNull()
    await user.type(screen.getByLabelText('Name'), 'Somchai Wongsawat')
    await user.type(screen.getByLabelText('Email'), 'somchai@example.com')
    await user.selectOptions(screen.getByLabelText('Country code'), '66')
    await user.type(screen.getByLabelText('Mobile number'), '081 234 5678')
    await user.selectOptions(screen.getByLabelText('Nationality'), 'Thai')
    await user.click(screen.getByRole('button', { name: 'Add driver' }))
    await screen.findByText('Driver added')
    expect(posts[0]?.url).toBe('/api/bus/v2/eleccalimo/drivers')
    expect(posts[0]?.body).toMatchObject({
      dialCode: '66',
      mobileNumber: '081 234 5678',
      subscribedCpoEntities: [],
    })
  })
})
