import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataTable } from './data-table'
import type { DataTableProps } from './data-table'
import type { ListSort } from './list-state'
import type { DataColumn } from './types'

interface Row {
  id: number
  name: string
  city: string
  status: string
  uuid: string
}

const COLUMNS: DataColumn<Row>[] = [
  { id: 'uuid', header: 'UUID', cell: (r) => r.uuid },
  { id: 'name', header: 'Name', cell: (r) => r.name, sort: 'name', card: 'title' },
  { id: 'city', header: 'City', cell: (r) => r.city, sort: 'city', card: 'subtitle' },
  { id: 'status', header: 'Status', cell: (r) => r.status, card: 'status' },
]

const ROWS: Row[] = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1,
  name: `Machine ${String(i + 1)}`,
  city: 'Singapore',
  status: 'Ready',
  uuid: `uuid-${String(i + 1)}`,
}))

/** A viewport of the given width for `matchMedia` (jsdom has none). */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query)
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }
  })
}

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  const Page = () => (
    <DataTable<Row>
      tableId="views"
      caption="Test list"
      columns={COLUMNS}
      rows={ROWS}
      getRowId={(r) => String(r.id)}
      rowHref={(r) => `/things/${String(r.id)}`}
      state="ready"
      page={1}
      pageSize={20}
      total={3}
      onPageChange={() => undefined}
      toolbar={<input aria-label="Search things" />}
      {...props}
    />
  )
  const router = createMemoryRouter(
    [
      { path: '/list', Component: Page },
      { path: '/things/:id', Component: () => <p>detail page</p> },
    ],
    { initialEntries: ['/list'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => {
  window.localStorage.clear()
  viewport(1440)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DataTable: sorting', () => {
  function Sorted({ initial }: { initial: ListSort | null }) {
    const [sort, setSort] = useState(initial)
    return (
      <>
        <p data-testid="sort">{sort === null ? 'none' : `${sort.key} ${sort.dir}`}</p>
        <DataTable<Row>
          tableId="sorted"
          caption="Sorted"
          columns={COLUMNS}
          rows={ROWS}
          getRowId={(r) => String(r.id)}
          state="ready"
          page={1}
          pageSize={20}
          onPageChange={() => undefined}
          sort={sort}
          onSortChange={setSort}
        />
      </>
    )
  }

  it('sorts by the headers of sortable columns and tells it with aria-sort', async () => {
    const user = userEvent.setup()
    const router = createMemoryRouter([{ path: '*', Component: () => <Sorted initial={null} /> }])
    render(<RouterProvider router={router} />)
    const table = screen.getByRole('table', { name: 'Sorted' })
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(name) })
    // Only columns whose call takes a sort get a button and aria-sort.
    expect(header('UUID')).not.toHaveAttribute('aria-sort')
    expect(within(header('UUID')).queryByRole('button')).toBeNull()
    expect(header('Name')).toHaveAttribute('aria-sort', 'none')

    await user.click(within(header('Name')).getByRole('button'))
    expect(screen.getByTestId('sort')).toHaveTextContent('name asc')
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending')
    await user.click(within(header('Name')).getByRole('button'))
    expect(screen.getByTestId('sort')).toHaveTextContent('name desc')
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending')
    await user.click(within(header('City')).getByRole('button'))
    expect(screen.getByTestId('sort')).toHaveTextContent('city asc')
    expect(header('Name')).toHaveAttribute('aria-sort', 'none')
  })

  it('has no sortable headers when the list takes no sort', () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'Test list' })
    expect(
      within(table)
        .queryAllByRole('columnheader')
        .some((h) => h.hasAttribute('aria-sort')),
    ).toBe(false)
  })
})

describe('DataTable: row selection', () => {
  function Selectable() {
    const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
    return (
      <DataTable<Row>
        tableId="selectable"
        caption="Selectable"
        columns={COLUMNS}
        rows={ROWS}
        getRowId={(r) => String(r.id)}
        rowLabel={(r) => r.name}
        state="ready"
        page={1}
        pageSize={20}
        onPageChange={() => undefined}
        selected={selected}
        onSelectedChange={setSelected}
        selectionActions={<button type="button">Disable selected</button>}
      />
    )
  }

  it('selects rows one by one or the whole page, and offers the bulk actions', async () => {
    const user = userEvent.setup()
    const router = createMemoryRouter([{ path: '*', Component: Selectable }])
    render(<RouterProvider router={router} />)
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull()

    await user.click(screen.getByRole('checkbox', { name: 'Select Machine 2' }))
    const bar = screen.getByRole('region', { name: 'Selected rows' })
    expect(bar).toHaveTextContent('1 selected')
    expect(within(bar).getByRole('button', { name: 'Disable selected' })).toBeVisible()
    const all = screen.getByRole('checkbox', { name: 'Select every row on this page' })
    expect(all).not.toBeChecked()
    expect((all as HTMLInputElement).indeterminate).toBe(true)

    await user.click(all)
    expect(bar).toHaveTextContent('3 selected')
    expect(screen.getByRole('checkbox', { name: 'Select Machine 1' })).toBeChecked()

    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }))
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull()
    expect(screen.getByRole('checkbox', { name: 'Select Machine 1' })).not.toBeChecked()
  })
})

describe('DataTable on a phone', () => {
  it('folds the filters behind the Filters button so the rows come first', async () => {
    viewport(390)
    const user = userEvent.setup()
    renderTable({ activeFilters: 2 })
    expect(screen.queryByRole('textbox', { name: 'Search things' })).toBeNull()
    const button = screen.getByRole('button', { name: /Filters/ })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveTextContent('2')
    await user.click(button)
    expect(screen.getByRole('textbox', { name: 'Search things' })).toBeVisible()
    expect(button).toHaveAttribute('aria-expanded', 'true')
  })

  it('shows rows as cards: title, subtitle and status, and a tap opens the detail', async () => {
    viewport(390)
    const user = userEvent.setup()
    const router = renderTable()
    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(screen.getByRole('list', { name: 'Test list' })).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    const first = cards[0] as HTMLElement
    expect(within(first).getByRole('link', { name: 'Machine 1' })).toBeVisible()
    expect(first).toHaveTextContent('Singapore')
    expect(first).toHaveTextContent('Ready')
    // The UUID has no place on the card.
    expect(first).not.toHaveTextContent('uuid-1')
    await user.click(within(first).getByRole('link', { name: 'Machine 1' }))
    expect(router.state.location.pathname).toBe('/things/1')
  })

  it('sorts with one select where there are no headers to click', async () => {
    viewport(390)
    const user = userEvent.setup()
    const onSortChange = vi.fn()
    renderTable({ sort: { key: 'name', dir: 'asc' }, onSortChange })
    await user.click(screen.getByRole('button', { name: /Filters/ }))
    await user.selectOptions(screen.getByLabelText('Sort'), 'city:desc')
    expect(onSortChange).toHaveBeenCalledWith({ key: 'city', dir: 'desc' })
  })

  it('is a table again at desktop width', () => {
    renderTable()
    expect(screen.getByRole('table', { name: 'Test list' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Search things' })).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Test list' })).toBeNull()
  })
})

describe('DataTable on a phone, a bare list', () => {
  it('draws no empty bar above the cards when there is nothing to put in it', () => {
    viewport(390)
    renderTable({ toolbar: undefined })
    const section = screen.getByRole('region', { name: 'Test list' })
    // The rows come first: the scrolling box of the rows is the section's first child.
    expect(section.firstElementChild).toHaveAttribute('role', 'group')
  })
})
