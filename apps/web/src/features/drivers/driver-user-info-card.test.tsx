import type { DriverUserInfo } from '@portal/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { DriverUserInfoCard, userInfoLabel } from './driver-user-info-card'
import { DRIVER_VARIANTS } from './driver-variant'

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/** The server's answer for the driver's user-info, and the URLs asked. */
function answer(data: DriverUserInfo) {
  const urls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    urls.push(urlOf(input))
    return Promise.resolve(
      new Response(JSON.stringify({ data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    )
  })
  return urls
}

function renderCard(variant: 'dashboard' | 'limo' = 'limo') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <DriverUserInfoCard config={DRIVER_VARIANTS[variant]} driverId="drv-1" />
    </QueryClientProvider>,
  )
}

afterEach(() => vi.restoreAllMocks())

describe('DriverUserInfoCard', () => {
  it.each([
    ['fullName', 'Full name'],
    ['loyalty_tier', 'Loyalty tier'],
    ['app-version', 'App version'],
    ['ID', 'Id'],
  ])('labels %s as %s', (key, label) => {
    expect(userInfoLabel(key)).toBe(label)
  })

  it("asks the variant's call and shows the host's profile", async () => {
    const urls = answer({
      enabled: true,
      available: true,
      fields: [
        { key: 'fullName', value: 'Tan Wei Ming' },
        { key: 'tier', value: 'Gold' },
      ],
    })
    renderCard('limo')
    expect(await screen.findByText('Tan Wei Ming')).toBeTruthy()
    expect(screen.getByText('Full name')).toBeTruthy()
    expect(screen.getByText('Gold')).toBeTruthy()
    expect(urls.some((u) => u.includes('/v2/eleccalimo/drivers/drv-1/user-info'))).toBe(true)
  })

  it('says so when the host had nothing or failed', async () => {
    answer({ enabled: true, available: false, fields: [] })
    renderCard('dashboard')
    expect(await screen.findByText(/has no profile for this driver right now/)).toBeTruthy()
  })

  it('shows nothing while the lookup is off (the default)', async () => {
    const urls = answer({ enabled: false, available: false, fields: [] })
    const { container } = renderCard('dashboard')
    await vi.waitFor(() => expect(urls.length).toBe(1))
    await new Promise((r) => setTimeout(r, 20))
    expect(container.textContent).toBe('')
  })
})
