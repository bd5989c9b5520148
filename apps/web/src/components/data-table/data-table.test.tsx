import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { DataTable } from './data-table'
import type { DataTableProps } from './data-table'
import { FilterBar } from './filter-bar'
import type { FilterDef } from './list-state'
import { useListState } from './list-state'
import { pageWindow } from './pager'
import type { DataColumn } from './types'

interface Row {
  id: number
  name: string
  city: string
  stock: number
}

const COLUMNS: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name },
  { id: 'city', header: 'City', cell: (r) => r.city },
  { id: 'stock', header: 'Stock', cell: (r) => r.stock, align: 'right', defaultVisible: false },
]

const ROWS: Row[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  name: `Machine ${String(i + 1)}`,
  city: 'Singapore',
  stock: i,
}))

function renderTable(props: Partial<DataTableProps<Row>> = {}, path = '/list') {
  const onPageChange = vi.fn()
  const Page = () => (
    <DataTable<Row>
      tableId="test"
      caption="Test list"
      columns={COLUMNS}
      rows={ROWS}
      getRowId={(r) => String(r.id)}
      state="ready"
      page={1}
      pageSize={20}
      total={45}
      onPageChange={onPageChange}
      {...props}
    />
  )
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return { onPageChange, router }
}

beforeEach(() => {
  window.localStorage.clear()
})

describe('DataTable', () => {
  it('renders the rows and only the columns visible by default', () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'Test list' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'City'])
    expect(within(table).getAllByRole('row')).toHaveLength(21)
  })

  it('shows and hides columns with the picker and remembers the choice per user', async () => {
    const user = userEvent.setup()
    renderTable()
    await user.click(screen.getByRole('button', { name: /Columns/ }))
    // The menu's panel loads when first opened.
    await screen.findByRole('heading', { name: 'Show columns' })
    await user.click(screen.getByLabelText('Stock'))
    await user.click(screen.getByLabelText('City'))
    const table = screen.getByRole('table', { name: 'Test list' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Stock'])
    expect(JSON.parse(window.localStorage.getItem('portal:columns:anonymous:test') ?? '[]')).toEqual([
      'name',
      'stock',
    ])

    await user.click(screen.getByRole('button', { name: 'Reset to default' }))
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'City'])
    expect(window.localStorage.getItem('portal:columns:anonymous:test')).toBeNull()
  })

  it('reads a saved choice and ignores columns that no longer exist', () => {
    window.localStorage.setItem('portal:columns:anonymous:test', JSON.stringify(['stock', 'gone']))
    renderTable()
    const table = screen.getByRole('table', { name: 'Test list' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Stock'])
  })

  it('never hides the last visible column', async () => {
    const user = userEvent.setup()
    renderTable()
    await user.click(screen.getByRole('button', { name: /Columns/ }))
    // The menu's panel loads when first opened.
    await screen.findByRole('heading', { name: 'Show columns' })
    await user.click(screen.getByLabelText('City'))
    await user.click(screen.getByLabelText('Name'))
    expect(screen.getByLabelText('Name')).toBeChecked()
  })

  it('pages: range, numbered pages and next', async () => {
    const user = userEvent.setup()
    const { onPageChange } = renderTable()
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onPageChange).toHaveBeenCalledWith(2)
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(onPageChange).toHaveBeenCalledWith(3)
  })

  it('pages without a total by the next-page flag', () => {
    renderTable({ total: undefined, hasNextPage: false, page: 2 })
    expect(screen.getByText('21–40')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled()
  })

  it('shows skeleton rows while the first page loads', () => {
    renderTable({ state: 'loading', rows: undefined })
    const table = screen.getByRole('table', { name: 'Test list' })
    expect(table).toHaveAttribute('aria-busy', 'true')
    expect(within(table).getAllByRole('row', { hidden: true }).length).toBeGreaterThan(1)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('shows the no-access state on 403', () => {
    renderTable({ state: 'forbidden', rows: undefined })
    expect(screen.getByText("You don't have access to this list")).toBeInTheDocument()
  })

  it('shows the error with the server message and a retry', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    renderTable({ state: 'error', rows: undefined, errorMessage: 'Database unreachable', onRetry })
    expect(screen.getByText('This list could not be loaded')).toBeInTheDocument()
    expect(screen.getByText('Database unreachable')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('shows the empty state, with a reset when filters are active', async () => {
    const user = userEvent.setup()
    const onResetFilters = vi.fn()
    renderTable({ rows: [], total: 0, filtersActive: true, onResetFilters, emptyTitle: 'No machines' })
    expect(screen.getByText('No machines')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reset filters' }))
    expect(onResetFilters).toHaveBeenCalledOnce()
  })

  it('links each row to its detail page', async () => {
    const user = userEvent.setup()
    const { router } = renderTable({ rowHref: (r) => `/list/${String(r.id)}` })
    await user.click(screen.getByRole('link', { name: 'Machine 3' }))
    expect(router.state.location.pathname).toBe('/list/3')
  })
})

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [10, 100, [1, 'gap', 9, 10, 11, 'gap', 100]],
    [100, 100, [1, 'gap', 99, 100]],
  ])('page %i of %i → %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected)
  })
})

const DEFS: FilterDef[] = [
  { kind: 'search', key: 'q', label: 'Search' },
  {
    kind: 'select',
    key: 'active',
    label: 'Show',
    defaultValue: 0,
    options: [
      { value: 0, label: 'All' },
      { value: 1, label: 'Active' },
    ],
  },
  {
    kind: 'multi',
    key: 'status',
    label: 'Status',
    options: [
      { value: 1, label: 'Ready' },
      { value: 4, label: 'Error' },
    ],
    clears: ['any'],
  },
  { kind: 'multi', key: 'reader', label: 'Reader', options: [{ value: 4, label: 'Error' }] },
  { kind: 'toggle', key: 'any', label: 'Any error', clears: ['reader'] },
]

function renderFilters(path: string) {
  const Page = () => {
    const list = useListState(DEFS)
    const location = useLocation()
    return (
      <>
        <FilterBar defs={DEFS} list={list} />
        <output data-testid="search">{location.search}</output>
        <output data-testid="page">{list.page}</output>
        <button type="button" onClick={() => list.setPage(3)}>
          go3
        </button>
        <button type="button" onClick={() => list.reset({ status: [4], reader: [4] })}>
          shortcut
        </button>
      </>
    )
  }
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
}

describe('list state in the URL', () => {
  it('reads filters and page from the URL, ignoring unknown options', () => {
    renderFilters('/list?status=4&status=99&active=1&page=2')
    expect(screen.getByTestId('page')).toHaveTextContent('2')
    expect(screen.getByRole('button', { name: /Status/ })).toHaveTextContent('1')
    expect(screen.getByLabelText('Show')).toHaveValue('1')
  })

  it('adds an option, removes it when toggled again, and resets the page to 1 on each change', async () => {
    const user = userEvent.setup()
    renderFilters('/list?page=3')
    await user.click(screen.getByRole('button', { name: 'Status' }))
    await user.click(screen.getByLabelText('Error'))
    await user.click(screen.getByLabelText('Ready'))
    expect(screen.getByTestId('search')).toHaveTextContent('?status=4&status=1')
    expect(screen.getByTestId('page')).toHaveTextContent('1')
    await user.click(screen.getByLabelText('Error'))
    expect(screen.getByTestId('search')).toHaveTextContent('?status=1')
  })

  it('a toggle clears the filters it supersedes, and picking one of those clears the toggle', async () => {
    const user = userEvent.setup()
    renderFilters('/list?reader=4')
    await user.click(screen.getByLabelText('Any error'))
    expect(screen.getByTestId('search')).toHaveTextContent('?any=1')
    await user.click(screen.getByRole('button', { name: 'Status' }))
    await user.click(screen.getByLabelText('Ready'))
    expect(screen.getByTestId('search')).toHaveTextContent('?status=1')
  })

  it('resets every filter, or resets then applies a shortcut', async () => {
    const user = userEvent.setup()
    renderFilters('/list?q=abc&active=1&page=2')
    await user.click(screen.getByRole('button', { name: 'shortcut' }))
    expect(screen.getByTestId('search')).toHaveTextContent('?status=4&reader=4')
    await user.click(screen.getByRole('button', { name: 'Reset filters' }))
    expect(screen.getByTestId('search')).toBeEmptyDOMElement()
  })

  it('commits search text after typing stops', async () => {
    const user = userEvent.setup()
    renderFilters('/list')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nus')
    await vi.waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?q=nus'))
  })

  it('does not write a search typed on one page onto the page the user went to meanwhile', async () => {
    const user = userEvent.setup()
    renderFilters('/list')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'restock')
    // The address changes before the debounce ends (a row opened while the list stays mounted, as IAM's tabs do).
    window.history.pushState({}, '', '/iam/policies/10')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(screen.getByTestId('search')).toBeEmptyDOMElement()
    window.history.pushState({}, '', '/')
  })
})
