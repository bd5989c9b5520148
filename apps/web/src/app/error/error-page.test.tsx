import { render, screen } from '@testing-library/react'
import { createMemoryRouter, data, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ErrorPage, ErrorPageFallback } from './error-page'
import { errorStatus } from './error-status'

describe('errorStatus (A §8)', () => {
  it.each([
    [{ statusCode: 403 }, 403],
    [{ status: 404 }, 404],
    [{ response: { status: 502 } }, 502],
    [{ statusCode: 'x', status: 401 }, 401],
    [new Error('boom'), 500],
    [null, 500],
    ['text', 500],
    [{ status: 42 }, 500],
  ])('%j → %i', (error, status) => {
    expect(errorStatus(error)).toBe(status)
  })
})

function renderThrowing(thrown: unknown) {
  const Boom = () => {
    throw thrown
  }
  const router = createMemoryRouter([{ path: '/', Component: Boom, errorElement: <ErrorPage /> }])
  render(<RouterProvider router={router} />)
}

describe('ErrorPage', () => {
  it('shows "This page could not be found" and a way home for 404', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <ErrorPage />,
        loader: () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's 404 from a loader
          throw data('gone', { status: 404 })
        },
        Component: () => null,
      },
    ])
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
  })

  it('shows the message and the status of other errors', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderThrowing(Object.assign(new Error('Machine service is down'), { statusCode: 503 }))
    expect(screen.getByRole('heading', { name: 'Machine service is down' })).toBeInTheDocument()
    expect(screen.getByText('Error 503')).toBeInTheDocument()
    spy.mockRestore()
  })

  it('has a plain fallback for when the error page itself fails', () => {
    render(<ErrorPageFallback />)
    expect(
      screen.getByRole('heading', { name: 'An error occurred while showing the error page' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/')
  })
})
