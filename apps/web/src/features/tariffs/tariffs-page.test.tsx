import type { Tariff } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { createQueryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { TariffsPage } from './tariffs-page'

/*
 * The list's wiring of B §4 / B §8 against a stubbed server: which calls it makes, and what the pager offers.
 * The rule itself is tariff-paging.test.ts's.
 */

const T0 = Date.UTC(2026, 10, 1)

function tariff(n: number): Tariff {
  return {
    uid: `t-${String(n)}`,
    external_id: `CPO-AC-T${String(n)}-SG`,
    entity_code: 'CPO',
    name: `Tariff ${String(n)}`,
    currency: 'SGD',
    type: 'REGULAR',
    elements: [{ price_components: [{ type: 'ENERGY', price: 0.55, vat: 9, step_size: 1 }] }],
    min_price: null,
    max_price: null,
    start_date_time: null,
    end_date_time: null,
    created_at: T0,
    last_updated: T0 + n,
  }
}

type Answer = number | 'fail'

/** A server holding `total` tariffs whose probe (limit=1) answers as told; records every query. */
function stubServer(total: number, probe: 'real' | 'fail' = 'real') {
  const queries: URLSearchParams[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    // Only the tariff calls (GETs) are this server's: the saved-views menu's POST is answered apart.
    if ((init?.method ?? 'GET') !== 'GET')
      return Promise.resolve(new Response(JSON.stringify({ data: { views: [], count: 0 } }), { status: 200 }))
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://x',
    )
    const q = url.searchParams
    queries.push(q)
    const limit = Number(q.get('limit'))
    const offset = Number(q.get('offset'))
    const answer: Answer =
      limit === 1 && probe === 'fail' ? 'fail' : Math.max(0, Math.min(limit, total - offset))
    if (answer === 'fail')
      return Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), { status: 500 }),
      )
    const tariffs = Array.from({ length: answer }, (_, i) => tariff(offset + i))
    return Promise.resolve(
      new Response(JSON.stringify({ data: { tariffs, count: tariffs.length } }), { status: 200 }),
    )
  })
  return queries
}

function renderPage(path = '/tariff') {
  const router = createMemoryRouter([{ path: '/tariff', element: <TariffsPage /> }], {
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

const next = () => screen.getByRole('button', { name: /next/i })
/** The first render of the page (the table, the locale) can pass a second on a loaded 2-core machine. */
const FIRST_RENDER = { timeout: 5000 }
const rows = () => screen.getByRole('table', { name: 'Tariffs' }).querySelectorAll('tbody tr')

// The first test pays for the first render of the page; on a loaded 2-core machine that passes vitest's 5 s default.
describe('the tariff list pages by B §4', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetSessionForTests({ status: 'authenticated', isLoggedIn: true, token: 't', entityCode: 'CPO' })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('asks for 25 of the entity, probes one row after a full page, and offers the next page', async () => {
    const queries = stubServer(26)
    renderPage()
    await waitFor(() => expect(rows()).toHaveLength(25), FIRST_RENDER)
    await waitFor(() => expect(next()).toBeEnabled())
    const [page, probe] = queries
    expect(page?.toString()).toBe('limit=25&offset=0&entity_codes%5B%5D=CPO')
    expect(probe?.toString()).toBe('limit=1&offset=25&entity_codes%5B%5D=CPO')
    expect(queries).toHaveLength(2)
  })

  it('does not probe after a short page: no next page', async () => {
    const queries = stubServer(24)
    renderPage()
    await waitFor(() => expect(rows()).toHaveLength(24), FIRST_RENDER)
    expect(next()).toBeDisabled()
    // Give a stray probe the chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(queries.map((q) => q.get('limit'))).toEqual(['25'])
  })

  it('a full page whose probe finds nothing: no next page', async () => {
    stubServer(25)
    renderPage()
    await waitFor(() => expect(rows()).toHaveLength(25), FIRST_RENDER)
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Tariffs' })).toHaveAttribute('aria-busy', 'false'),
    )
    expect(next()).toBeDisabled()
  })

  it('a failed probe means no next page (B §8), and the page still shows', async () => {
    const queries = stubServer(60, 'fail')
    renderPage()
    await waitFor(() => expect(rows()).toHaveLength(25), FIRST_RENDER)
    await waitFor(() => expect(queries.filter((q) => q.get('limit') === '1')).toHaveLength(1))
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Tariffs' })).toHaveAttribute('aria-busy', 'false'),
    )
    expect(next()).toBeDisabled()
    expect(screen.queryByText('boom')).toBeNull()
  })

  it('sends the filters of the URL: the range in ms with date_to exclusive, the external id, the page', async () => {
    const queries = stubServer(60)
    renderPage('/tariff?external_id=-DC-&from=1767225600000&to=1767311999999&page=2')
    await waitFor(() => expect(queries.length).toBeGreaterThan(0), FIRST_RENDER)
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({
      limit: '25',
      offset: '25',
      date_from: '1767225600000',
      date_to: '1767312000000',
      external_id: '-DC-',
      'entity_codes[]': 'CPO',
    })
  })

  it('does not call with an end before the start, and says why', async () => {
    const queries = stubServer(5)
    renderPage('/tariff?from=1767311999999&to=1767225600000')
    expect(await screen.findByRole('alert', {}, FIRST_RENDER)).toHaveTextContent(
      'The end of the date range is before its start.',
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(queries).toHaveLength(0)
  })
})
