import { expect, signIn, test } from './fixtures'
import { DEMO_PASSWORD, logIn, waitForMachines } from './support'
import { totpNow } from './totp'
import { recordCalls } from './walk-support'

const LANDINGS: [string, RegExp][] = [
  ['vending', /\/machines$/],
  ['cpo', /\/cpo$/],
  ['emsp', /\/emsp$/],
  ['crx', /\/crx$/],
  ['voltnet', /\/voltnet\/emsp\/charging-sessions$/],
  ['health', /\/digital-health$/],
  ['fleet', /\/emsp$/],
]

for (const [username, landing] of LANDINGS) {
  test(`${username} lands on its industry's page`, async ({ page }) => {
    await logIn(page, username)
    await expect(page).toHaveURL(landing)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  })
}

test('a user without a landing rule stays home and sees their screens', async ({ page }) => {
  await logIn(page, 'limo')
  await expect(page.getByRole('heading', { name: /Welcome, Leonard/ })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Limo Drivers' })).toBeVisible()
})

test('MFA: the password alone does not sign in; the authenticator code does', async ({ page }) => {
  await logIn(page, 'mfa')
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Authenticator code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('The code is not correct')
  await page.getByLabel('Authenticator code').fill(totpNow())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/machines$/)
  await expect(page.getByRole('button', { name: /Account menu for Mira Fernandez/ })).toBeVisible()
})

test('SMS sign-in: username, then the code from the (development) SMS outbox', async ({ page, request }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Log in with an SMS code instead' }).click()
  await page.getByLabel('Username').fill('health')
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByLabel('SMS code')).toBeVisible()
  const outbox = await request.get('/api/main/dev/sms-outbox')
  const messages = ((await outbox.json()) as { data: { messages: { text: string }[] } }).data.messages
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  await page.getByLabel('SMS code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/digital-health$/)
})

test('the refresh token stays out of scripts; a reload restores the session, logout ends it', async ({
  page,
}) => {
  await logIn(page, 'vending')
  await expect(page).toHaveURL(/\/machines$/)
  const cookies = await page.context().cookies()
  const refresh = cookies.find((c) => c.name === 'portal_refresh')
  expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/main/iam/refresh-token' })
  expect(cookies.find((c) => c.name === 'portal_refresh_token')).toBeUndefined()
  const readable = await page.evaluate(() => {
    const stored = Array.from({ length: localStorage.length }, (_, i) => {
      const key = localStorage.key(i) ?? ''
      return `${key}=${localStorage.getItem(key) ?? ''}`
    })
    return `${document.cookie} ${stored.join(';')}`
  })
  expect(readable).not.toContain(refresh?.value ?? 'no cookie')

  await page.reload()
  await expect(page).toHaveURL(/\/machines$/)
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
  await waitForMachines(page)
  await page.getByRole('button', { name: /Account menu/ }).hover()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect((await page.context().cookies()).find((c) => c.name === 'portal_refresh')).toBeUndefined()
  await page.goto('/machines')
  await expect(page).toHaveURL(/\/login$/)
})

test.describe('two tabs', () => {
  test.use({ user: 'vending' })

  test('restoring at once keep the session: their refresh-token exchanges queue, no replay', async ({
    context,
    page,
  }) => {
    // Each exchange is held back a moment on its way out, so the two tabs' exchanges would overlap, and the second
    // would present the token the first had just used, if nothing made them take turns.
    await context.route('**/api/main/iam/refresh-token', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      await route.continue()
    })
    const other = await context.newPage()
    // The API calls of both tabs (the live stream, which lasts as long as the page, is not one to wait for).
    const calls = [recordCalls(page), recordCalls(other)]
    await Promise.all([page.goto('/machines'), other.goto('/machines')])
    for (const tab of [page, other])
      await expect(tab.getByRole('button', { name: /Account menu/ })).toBeVisible({ timeout: 10_000 })
    // No exchange may still be on its way when a tab closes: its answer, with the next cookie, would be lost with the
    // tab, and the next load would present a spent token (on a slow machine the tabs' page loads run on).
    await expect
      .poll(() => calls.reduce((n, log) => n + log.inFlight(), 0), { intervals: [50, 100, 250] })
      .toBe(0)
    // The server saw no replay, so the session lives on: another load restores it again.
    await other.close()
    await page.reload()
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
    await waitForMachines(page)
  })
})

test('first login asks for a new password before anything else', async ({ page }) => {
  await logIn(page, 'newstaff')
  await expect(page.getByRole('heading', { name: 'Set your own password' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await page.getByLabel('Current password').fill(DEMO_PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill('short')
  await page.getByLabel('Confirm new password').fill('short')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('Use at least 8 characters')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('Marina-Bay-Sands-9')
  await page.getByLabel('Confirm new password').fill('Marina-Bay-Sands-9')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page).toHaveURL(/\/machines$/)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})

test('reset password with a one-time link, then log in with the new password', async ({ page, request }) => {
  const token = async (username: string, password = DEMO_PASSWORD) => {
    const login = await request.post('/api/main/iam/login', { data: { username, password } })
    expect(login.ok()).toBe(true)
    return { Authorization: `Token ${((await login.json()) as { data: { token: string } }).data.token}` }
  }
  // A person of the test's own, made and activated by the owner of CAMP: the test changes the password, which for a
  // shared demo user would fail every other test signing in as them.
  const username = `e2e-reset-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
  const made = await request.post('/api/main/iam/users', {
    headers: await token('campaigns'),
    data: { name: 'Rosa Reset', username, relation: 2, grants: [] },
  })
  expect(made.ok()).toBe(true)
  const { user, activation_link } = (
    (await made.json()) as { data: { user: { user_uuid: string }; activation_link: string } }
  ).data
  const activation = activation_link.split('/').pop() ?? ''
  const activated = await request.post(`/api/main/iam/reset-password/${activation}`, {
    data: { password: 'Kampong-Glam-1' },
  })
  expect(activated.ok()).toBe(true)

  // Not a member of VEND: the vending operator cannot send the link; the platform administrator can.
  expect(
    (
      await request.post('/api/main/iam/users/reset-password-link', {
        headers: await token('vending'),
        data: { user_uuid: user.user_uuid },
      })
    ).status(),
  ).toBe(404)
  const created = await request.post('/api/main/iam/users/reset-password-link', {
    headers: await token('admin'),
    data: { user_uuid: user.user_uuid },
  })
  const link = ((await created.json()) as { data: { reset_link: string } }).data.reset_link

  await page.goto(link)
  await expect(page.getByText(`For the account ${username}.`)).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('Campaign-Season-42')
  await page.getByLabel('Confirm new password').fill('Campaign-Season-41')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('The passwords do not match')).toBeVisible()
  await page.getByLabel('Confirm new password').fill('Campaign-Season-42')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible()

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
  await logIn(page, username, 'Campaign-Season-42')
  await expect(page.getByRole('heading', { name: /Welcome, Rosa/ })).toBeVisible()
})

test('a 401 mid-session is recovered by one refresh and one retry', async ({ page, request }) => {
  await signIn(page, 'admin')
  const log = recordCalls(page)
  await page.goto('/machines')
  await waitForMachines(page)
  // Nothing else in flight (the live stream aside: it lasts as long as the page, and its session outlives the
  // token), so the next call is the one that meets the expired token.
  await expect.poll(() => log.inFlight(), { intervals: [50, 100, 250] }).toBe(0)
  const expired = await request.post('/api/main/dev/expire-access-tokens', { data: { username: 'admin' } })
  expect(expired.ok()).toBe(true)

  // Whichever call meets the expired token first (the page may have another call in flight), it is retried once
  // after exactly one refresh, and the page's own call ends in 200.
  const refreshes: string[] = []
  const calls: { url: string; status: number }[] = []
  page.on('response', (r) => {
    if (r.url().endsWith('/iam/refresh-token')) refreshes.push(r.url())
    else if (r.url().includes('/api/main/')) calls.push({ url: r.url(), status: r.status() })
  })
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('21–40 of 2,000')).toBeVisible()
  // The pager shows page 2 at once (the previous rows stay while the next load); wait for the rows themselves.
  await waitForMachines(page)
  expect(refreshes).toHaveLength(1)
  const rejected = calls.filter((c) => c.status === 401)
  expect(rejected.length).toBeGreaterThanOrEqual(1)
  for (const r of rejected) {
    const after = calls.slice(calls.indexOf(r) + 1).filter((c) => c.url === r.url)
    expect(after.map((c) => c.status)).toEqual([200])
  }
  expect(calls.filter((c) => c.url.endsWith('/iot/machines/filter')).at(-1)?.status).toBe(200)
  await expect(page).toHaveURL(/\/machines\?page=2$/)
})

test.describe('idle watcher, with the timings shortened by the test mode', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('portal:test:idle-timeout-s', '2')
      window.localStorage.setItem('portal:test:idle-reminder-s', '3')
    })
  })

  test('warns, is cancelled by activity, then logs out and shows Session Expired', async ({ page }) => {
    await signIn(page, 'viewer')
    await page.goto('/')
    await expect(page).toHaveURL(/\/machines$/)
    const expiring = page.getByRole('dialog', { name: 'Session is Expiring' })
    await expect(expiring).toBeVisible({ timeout: 10_000 })
    await expect(expiring).toContainText(/logged out in \d seconds?/)
    await page.mouse.move(200, 300)
    await page.mouse.move(220, 320)
    await expect(expiring).toBeHidden()

    await expect(expiring).toBeVisible({ timeout: 10_000 })
    const expired = page.getByRole('dialog', { name: 'Session Expired' })
    await expect(expired).toBeVisible({ timeout: 10_000 })
    await expired.getByRole('button', { name: 'OK' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/machines')
    await expect(page).toHaveURL(/\/login$/)
  })
})
