import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/http'
import type { FilterDef } from './list-state'
import type { PagingMode, UseListOptions, UseListResult } from './use-list'
import { tableStateOf, useList, withoutKeys, withoutPaging } from './use-list'

interface Body {
  limit: number
  offset: number
  city?: string
  sort_by?: string
  order?: string
}
interface Data {
  rows: number[]
  count?: number
}

const FILTERS: FilterDef[] = [{ kind: 'search', key: 'city', label: 'City' }]

function request(
  list: Parameters<UseListOptions<Body, Data, number>['request']>[0],
  page: { limit: number; offset: number },
) {
  const body: Body = { limit: page.limit, offset: page.offset }
  const city = list.text('city')
  if (city !== '') body.city = city
  if (list.sort) {
    body.sort_by = list.sort.key
    body.order = list.sort.dir
  }
  return body
}

/** Renders a list with the given paging over a fake call; returns what the hook gave on the last render. */
function renderList<CountBody = never>(
  paging: PagingMode,
  fetch: (body: Body) => Promise<Data>,
  path = '/list',
  extra: Partial<UseListOptions<Body, Data, number, CountBody>> = {},
) {
  const seen: { current: UseListResult<Body, Data, number> | null } = { current: null }
  const Page = () => {
    const result = useList<Body, Data, number, CountBody>({
      filters: FILTERS,
      pageSize: 3,
      paging,
      request,
      queryKey: (body, entityCode) => ['test', entityCode, body],
      fetch: (body) => fetch(body),
      rows: (data) => data.rows,
      total: (data) => data.count,
      sortKeys: ['city', 'name'],
      defaultSort: { key: 'name', dir: 'asc' },
      ...extra,
    })
    seen.current = result
    return (
      <>
        <p data-testid="state">{result.table.state}</p>
        <p data-testid="rows">{(result.rows ?? []).join(',')}</p>
        <button type="button" onClick={() => result.list.setPage(2)}>
          page 2
        </button>
      </>
    )
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return seen
}

const ready = () => screen.findByText('ready', { selector: '[data-testid=state]' })

describe('useList', () => {
  it('count: asks for a page, shows its rows and the total, and gives the export its filters without paging', async () => {
    const fetch = vi.fn((body: Body) =>
      Promise.resolve({ rows: [body.offset + 1, body.offset + 2, body.offset + 3], count: 7 }),
    )
    const seen = renderList('count', fetch, '/list?city=Jurong')
    await ready()
    expect(fetch).toHaveBeenLastCalledWith({
      limit: 3,
      offset: 0,
      city: 'Jurong',
      sort_by: 'name',
      order: 'asc',
    })
    expect(screen.getByTestId('rows')).toHaveTextContent('1,2,3')
    expect(seen.current?.table.total).toBe(7)
    expect(seen.current?.table.hasNextPage).toBeUndefined()
    expect(seen.current?.exportFilters).toEqual({ city: 'Jurong', sort_by: 'name', order: 'asc' })
    expect(seen.current?.table.filtersActive).toBe(true)
    expect(seen.current?.table.activeFilters).toBe(1)

    await userEvent.click(screen.getByRole('button', { name: 'page 2' }))
    await vi.waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('4,5,6'))
    expect(fetch).toHaveBeenLastCalledWith({
      limit: 3,
      offset: 3,
      city: 'Jurong',
      sort_by: 'name',
      order: 'asc',
    })
  })

  it('probe: asks for one row more than the page, shows the page and knows a next page exists', async () => {
    const fetch = vi.fn((body: Body) => Promise.resolve({ rows: [1, 2, 3, 4].slice(0, body.limit) }))
    const seen = renderList('probe', fetch)
    await ready()
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 4, offset: 0 }))
    expect(screen.getByTestId('rows')).toHaveTextContent('1,2,3')
    expect(seen.current?.table.hasNextPage).toBe(true)
    expect(seen.current?.table.total).toBeUndefined()
  })

  it('probe: no extra row, no next page', async () => {
    const seen = renderList('probe', () => Promise.resolve({ rows: [1, 2] }))
    await ready()
    expect(seen.current?.table.hasNextPage).toBe(false)
  })

  it('full-page: a full page may have more; a total learnt elsewhere wins', async () => {
    const seen = renderList('full-page', () => Promise.resolve({ rows: [1, 2, 3] }))
    await ready()
    expect(seen.current?.table.hasNextPage).toBe(true)
    const counted = renderList('full-page', () => Promise.resolve({ rows: [1, 2, 3] }), '/list', {
      knownTotal: 3,
    })
    await vi.waitFor(() => expect(counted.current?.table.total).toBe(3))
    expect(counted.current?.table.hasNextPage).toBeUndefined()
  })

  it('count call: the total comes from it, asked with the filters only, once for every page', async () => {
    const counts = vi.fn((_filters: Omit<Body, 'limit' | 'offset'>) => Promise.resolve({ count: 8 }))
    const seen = renderList(
      'full-page',
      (body) => Promise.resolve({ rows: [body.offset + 1, body.offset + 2, body.offset + 3] }),
      '/list?city=Jurong',
      {
        count: {
          request: (body) => withoutPaging(body),
          queryKey: (filters, entityCode) => ['test-count', entityCode, filters],
          fetch: (filters) => counts(filters),
        },
      },
    )
    await vi.waitFor(() => expect(seen.current?.table.total).toBe(8))
    expect(seen.current?.table.hasNextPage).toBeUndefined()
    expect(counts).toHaveBeenCalledWith({ city: 'Jurong', sort_by: 'name', order: 'asc' })
    await userEvent.click(screen.getByRole('button', { name: 'page 2' }))
    await vi.waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('4,5,6'))
    expect(counts).toHaveBeenCalledTimes(1)
  })

  it('count call: a list without access shows no total, whatever the count said', async () => {
    const seen = renderList('full-page', () => Promise.reject(new ApiError(403, 'Forbidden')), '/list', {
      count: {
        request: (body) => body.city ?? '',
        queryKey: (city) => ['test-count-403', city],
        fetch: () => Promise.resolve({ count: 12 }),
      },
    })
    expect(await screen.findByText('forbidden')).toBeVisible()
    await vi.waitFor(() => expect(seen.current?.countQuery.isFetching).toBe(false))
    expect(seen.current?.table.total).toBeUndefined()
  })

  it('client: the rows may read the list state (a range or an order applied in the portal)', async () => {
    const seen = renderList('client', () => Promise.resolve({ rows: [5, 3, 1, 4, 2] }), '/list?city=odd', {
      rows: (data, list) => data.rows.filter((n) => list.text('city') !== 'odd' || n % 2 === 1).sort(),
    })
    await ready()
    expect(screen.getByTestId('rows')).toHaveTextContent('1,3,5')
    expect(seen.current?.table.total).toBe(3)
  })

  it('client: one call, paged in the portal', async () => {
    const fetch = vi.fn(() => Promise.resolve({ rows: [1, 2, 3, 4, 5] }))
    const seen = renderList('client', fetch, '/list?page=2')
    await ready()
    expect(screen.getByTestId('rows')).toHaveTextContent('4,5')
    expect(seen.current?.table.total).toBe(5)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('reads the order from the URL, and falls back to the default for a key the call does not take', async () => {
    const fetch = vi.fn(() => Promise.resolve({ rows: [], count: 0 }))
    renderList('count', fetch, '/list?sort=city&order=desc')
    await ready()
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ sort_by: 'city', order: 'desc' }))
    const other = vi.fn(() => Promise.resolve({ rows: [], count: 0 }))
    renderList('count', other, '/list?sort=password&order=desc')
    await vi.waitFor(() => expect(other).toHaveBeenCalled())
    expect(other).toHaveBeenLastCalledWith(expect.objectContaining({ sort_by: 'name', order: 'asc' }))
  })

  it('a prefix keeps a second list of the screen on its own page and order keys', async () => {
    const fetch = vi.fn((body: Body) => Promise.resolve({ rows: [body.offset + 1], count: 9 }))
    const seen = renderList('count', fetch, '/list?page=3&sort=city&order=desc&cpo_page=2', {
      paramPrefix: 'cpo',
    })
    await ready()
    // The unprefixed page and order belong to the other list: this one is on its page 2, in its default order.
    expect(fetch).toHaveBeenLastCalledWith(
      expect.objectContaining({ offset: 3, sort_by: 'name', order: 'asc' }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'page 2' }))
    act(() => seen.current?.list.setSort({ key: 'city', dir: 'desc' }))
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ offset: 0, sort_by: 'city', order: 'desc' }),
      ),
    )
  })

  it('a 403 is no access, another error is an error with the server message', async () => {
    renderList('count', () => Promise.reject(new ApiError(403, 'Forbidden')))
    expect(await screen.findByText('forbidden')).toBeVisible()
  })

  it('an invalid rule may read the list state: filters it refuses send nothing and say why', async () => {
    const rule = (list: { text: (key: string) => string }) =>
      list.text('city') === 'Nowhere' ? 'No such city' : undefined
    const refused = vi.fn(() => Promise.resolve({ rows: [1], count: 1 }))
    const seen = renderList('count', refused, '/list?city=Nowhere', { invalid: rule })
    expect(await screen.findByText('invalid')).toBeVisible()
    expect(refused).not.toHaveBeenCalled()
    expect(seen.current?.table.errorMessage).toBe('No such city')
  })

  it('refetches the page while refetchInterval says so, and stops when it returns false', async () => {
    // The first answer still has a running job (0); the second has none.
    let calls = 0
    const fetch = vi.fn(() => {
      calls += 1
      return Promise.resolve(calls === 1 ? { rows: [0, 1], count: 2 } : { rows: [2, 1], count: 2 })
    })
    renderList('count', fetch, '/list', {
      refetchInterval: (data) => (data?.rows.includes(0) ? 5 : false),
    })
    await vi.waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('2,1'))
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('an invalid filter sends nothing and says why', async () => {
    const fetch = vi.fn(() => Promise.resolve({ rows: [1], count: 1 }))
    const seen = renderList('count', fetch, '/list', { invalid: 'The end is before the start' })
    expect(await screen.findByText('invalid')).toBeVisible()
    expect(fetch).not.toHaveBeenCalled()
    expect(seen.current?.table.errorMessage).toBe('The end is before the start')
    expect(seen.current?.table.onRetry).toBeUndefined()
  })
})

describe('tableStateOf', () => {
  const query = (over: Partial<{ isPending: boolean; isError: boolean; error: Error | null }>) => ({
    isPending: false,
    isError: false,
    error: null,
    ...over,
  })
  it.each([
    [query({ isPending: true }), false, 'loading'],
    [query({}), false, 'ready'],
    [query({ isError: true, error: new ApiError(403, 'no') }), false, 'forbidden'],
    [query({ isError: true, error: new ApiError(500, 'boom') }), false, 'error'],
    [query({ isError: true, error: new ApiError(500, 'boom') }), true, 'forbidden'],
  ] as const)('%# → %s', (q, anyError, expected) => {
    expect(tableStateOf(q, anyError)).toBe(expected)
  })
})

describe('withoutPaging', () => {
  it('drops limit and offset and keeps the filters', () => {
    expect(withoutPaging({ limit: 20, offset: 40, city: 'Ipoh', status: ['A'] })).toEqual({
      city: 'Ipoh',
      status: ['A'],
    })
    expect(withoutPaging({ city: 'Ipoh' })).toEqual({ city: 'Ipoh' })
  })
})

describe('withoutKeys', () => {
  it('drops the named keys and keeps the rest', () => {
    expect(withoutKeys({ limit: 1, offset: 2, a: 3 }, ['limit', 'offset'])).toEqual({ a: 3 })
    expect(withoutKeys(null, ['limit'])).toEqual({})
  })
})
