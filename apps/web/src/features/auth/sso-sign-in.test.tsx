import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { getRuntimeConfig, setRuntimeConfig } from '@/lib/runtime-config'
import { SsoSignIn } from './sso-sign-in'

const initial = getRuntimeConfig()

function renderAt(url: string, ssoEnabled: boolean) {
  setRuntimeConfig({ ...initial, sso_enabled: ssoEnabled })
  const router = createMemoryRouter([{ path: '/login', Component: SsoSignIn }], { initialEntries: [url] })
  render(<RouterProvider router={router} />)
}

afterEach(() => {
  cleanup()
  setRuntimeConfig(initial)
})

describe('SsoSignIn', () => {
  it('offers SSO when the portal has it: a link to the start of the flow', async () => {
    renderAt('/login', true)
    const link = await screen.findByRole('link', { name: 'Sign in with SSO' })
    expect(link).toHaveAttribute('href', '/api/main/iam/sso/start')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says why a sign-in came back refused, and an unknown code as a plain failure', async () => {
    renderAt('/login?sso_error=not_member', true)
    expect(await screen.findByRole('alert')).toHaveTextContent(/not a member of the organisation/)
    cleanup()
    renderAt('/login?sso_error=bogus', false)
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on failed. Try again.')
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).toBeNull()
  })

  it('shows nothing when SSO is off and nothing came back', () => {
    renderAt('/login', false)
    expect(screen.queryByRole('link')).toBeNull()
  })
})
