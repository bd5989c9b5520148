import type { BrowserContext, Page } from '@playwright/test'
import { test as base, expect } from '@playwright/test'
import { DEMO_PASSWORD } from './support'

/**
 * The cookie the web app writes after a form login (apps/web/src/lib/session/session-store.ts); its presence tells
 * the app a session may be restored. The refresh token itself is the server's HttpOnly `portal_refresh` cookie.
 */
const USERNAME_COOKIE = 'portal_username'

interface LoginAnswer {
  data: { token: string; refresh_token: string; refresh_token_expires_at: number }
}

/**
 * Signs a browser context in as a demo user without the login form: one `POST /api/main/iam/login` through the
 * context's own request client, which keeps the HttpOnly refresh cookie the answer sets in the context's cookie
 * jar, then the username cookie the web app writes after a form login. The first page load restores the session
 * from them, exactly as after a reload. Give it the page (or its context) before the page's first `goto`.
 *
 * Each call opens its own server session. Refresh tokens rotate on every use and a replayed one revokes its whole
 * family, so a session saved once and restored by many tests (a shared storageState) would end the moment two
 * tests refreshed the same token; one login per test costs ~50 ms of password hashing and cannot collide.
 */
export async function signIn(target: Page | BrowserContext, username: string, password = DEMO_PASSWORD) {
  const context = 'goto' in target ? target.context() : target
  const response = await context.request.post('/api/main/iam/login', { data: { username, password } })
  if (!response.ok()) {
    throw new Error(`Signing in ${username} failed: ${String(response.status())} ${await response.text()}`)
  }
  const { data } = (await response.json()) as LoginAnswer
  if (data.token === '') throw new Error(`${username} has a second sign-in step: log in through the form`)
  // The context's own baseURL resolved the call, so the answer's origin is the app's.
  const url = new URL(response.url()).origin
  // Session cookies unless the server names an expiry; written URI-encoded, as the web app's setCookie does.
  const expires = data.refresh_token_expires_at > 0 ? Math.floor(data.refresh_token_expires_at / 1000) : -1
  await context.addCookies([
    { name: USERNAME_COOKIE, value: encodeURIComponent(username), url, expires, sameSite: 'Lax' },
  ])
}

interface Fixtures {
  /**
   * The demo user the test's browser context is signed in as before its first page load, or undefined for a
   * signed-out visitor. Set it with `test.use({ user: 'vending' })` in a file or a describe block.
   */
  user: string | undefined
}

/**
 * The test function every spec uses. With `test.use({ user })` the page starts signed in (no login form): go
 * straight to the page under test with `page.goto(path)`, or `page.goto('/')` for the user's landing page.
 */
export const test = base.extend<Fixtures>({
  user: [undefined, { option: true }],
  context: async ({ context, user }, use) => {
    if (user !== undefined) await signIn(context, user)
    await use(context)
  },
})

export { expect }
