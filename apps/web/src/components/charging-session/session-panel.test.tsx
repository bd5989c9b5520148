import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { ApiError } from '@/lib/http'
import { SessionPanel, useSessionParam } from './session-panel'

/** A session list with one row link and the panel; the panel's query fails as told. */
function List({ error }: { error: Error | null }) {
  const { openId, close, hrefOf } = useSessionParam()
  return (
    <>
      <Link to={hrefOf('s-1')}>Open s-1</Link>
      <SessionPanel
        openId={openId}
        onClose={close}
        query={{ isError: error !== null, error }}
        title={null}
        subtitle={null}
      >
        {null}
      </SessionPanel>
    </>
  )
}

function renderAt(path: string, error: Error | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/sessions', element: <List error={error} /> },
      { path: '/home', element: <p>Home</p> },
    ],
    { initialEntries: ['/home', path], initialIndex: 1 },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('the session panel', () => {
  it('opens from a row: the id goes into the URL with the filters, and closing goes Back to the list', async () => {
    const user = userEvent.setup()
    const router = renderAt('/sessions?status=ACTIVE')
    expect(screen.queryByTestId('session-drawer')).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Open s-1' }))
    expect(router.state.location.search).toBe('?status=ACTIVE&session=s-1')
    expect(await screen.findByTestId('session-drawer')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByTestId('session-drawer')).toBeNull()
    expect(router.state.location.search).toBe('?status=ACTIVE')
    // Back, not a new entry: the history holds the page before the list, then the list.
    expect(router.state.historyAction).toBe('POP')
  })

  it('opened from a shared link, closing drops the parameter and stays on the list', async () => {
    const user = userEvent.setup()
    const router = renderAt('/sessions?session=s-9&page=2')
    expect(await screen.findByTestId('session-drawer')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(router.state.location.pathname).toBe('/sessions')
    expect(router.state.location.search).toBe('?page=2')
  })

  it('says when the session is not found (a session of another entity reads the same)', () => {
    renderAt('/sessions?session=s-9', new ApiError(404, 'Not found'))
    expect(screen.getByText('Session not found')).toBeVisible()
  })

  it('says no access on a 403', () => {
    renderAt('/sessions?session=s-9', new ApiError(403, 'Forbidden'))
    expect(screen.getByText("You don't have access to this list")).toBeVisible()
  })
})
