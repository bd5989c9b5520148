import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'
import { startTestProvider } from '../../apps/server/src/test-support/oidc-provider'
import type { TestProvider } from '../../apps/server/src/test-support/oidc-provider'
import { freePort, startServerProcess } from '../../apps/server/src/test-support/server-process'
import type { ServerProcess } from '../../apps/server/src/test-support/server-process'

/**
 * Single sign-on as a person uses it (docs/decisions/0118-single-sign-on.md). The suite's own server has no OpenID
 * provider, so this file starts one (oidc-provider, its development login form) and a second portal server
 * configured for it, with the same built web app, on a port of its own; both stop when the file is done.
 */
test.describe.configure({ mode: 'serial' })

let provider: TestProvider
let portal: ServerProcess

test.beforeAll(async () => {
  test.setTimeout(150_000)
  const port = await freePort()
  const base = `http://127.0.0.1:${String(port)}`
  provider = await startTestProvider([
    {
      client_id: 'portal',
      client_secret: 'portal-secret',
      redirect_uris: [`${base}/api/main/iam/sso/callback`],
    },
  ])
  provider.accounts.set('vera.tan', { email: 'vending@demo.operator-portal.test', email_verified: true })
  provider.accounts.set('someone', { email: 'someone@elsewhere.example', email_verified: true })
  portal = await startServerProcess(
    'sso-portal',
    {
      DATABASE_URL: 'sqlite::memory:',
      PORTAL_ENV: 'dev',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORTAL_DEMO_SCALE: '0.05',
      // Absolute: the server's static files need one (a relative default failed when WEB_DIST was not set).
      WEB_DIST: process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
      PORTAL_OIDC_ISSUER: provider.issuer,
      PORTAL_OIDC_CLIENT_ID: 'portal',
      PORTAL_OIDC_CLIENT_SECRET: 'portal-secret',
    },
    { port, readyTimeoutMs: 120_000 },
  )
})

test.afterAll(async () => {
  await portal.kill('SIGTERM')
  await provider.close()
})

/** The provider's development login form: any password signs the account in. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
}

test('signs in with SSO and lands in the portal as the matched user', async ({ page }) => {
  await page.goto(`${portal.base}/login`)
  const sso = page.getByRole('link', { name: 'Sign in with SSO' })
  await expect(sso).toBeVisible()
  await sso.click()
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`))
  await signInAtProvider(page, 'vera.tan')
  // Back in the portal, signed in as Vera Tan (vending), on her entity's landing page.
  await expect(page).toHaveURL(`${portal.base}/machines`, { timeout: 15_000 })
  await expect(page.getByText('Vera Tan').first()).toBeVisible()
})

test('says why when the provider signs in someone the portal does not know', async ({ page }) => {
  await page.goto(`${portal.base}/login`)
  await page.getByRole('link', { name: 'Sign in with SSO' }).click()
  await signInAtProvider(page, 'someone')
  await expect(page).toHaveURL(`${portal.base}/login?sso_error=no_user`)
  await expect(page.getByRole('alert')).toHaveText(/No portal account matches your e-mail address/)
})
