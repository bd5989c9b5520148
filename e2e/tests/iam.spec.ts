import type { APIRequestContext, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { NAV_LINKS } from '@portal/contract'
import { DEMO_PASSWORD, logIn } from './support'
import { totpNow } from './totp'

/** Unique per test run and per test, so the tests run in any order, in parallel, against one server. */
function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
}

const VENDING_PATHS = NAV_LINKS.filter((l) => l.industries.includes('vending')).map((l) => l.path)

async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/main/iam/login', { data: { username, password } })
  expect(login.ok()).toBe(true)
  return ((await login.json()) as { data: { token: string } }).data.token
}

/** A new member of VEND made by the platform administrator through the API (the UI path has its own test). */
async function createVendUser(request: APIRequestContext, name: string) {
  const token = await apiToken(request, 'admin')
  const username = unique('e2e-')
  const created = await request.post('/api/main/iam/users', {
    headers: { Authorization: `Token ${token}` },
    data: { name, username, relation: 2, grants: [] },
  })
  expect(created.ok()).toBe(true)
  const data = (
    (await created.json()) as {
      data: { user: { user_uuid: string }; activation_link: string }
    }
  ).data
  return { username, uuid: data.user.user_uuid, activationLink: data.activation_link }
}

async function activate(request: APIRequestContext, activationLink: string, password: string) {
  const ott = activationLink.split('/').pop() ?? ''
  const done = await request.post(`/api/main/iam/reset-password/${ott}`, { data: { password } })
  expect(done.ok()).toBe(true)
}

/** A toast (the notifications region), not the same words elsewhere on the page (an audit entry). */
function toast(page: Page, text: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text)
}

async function openIam(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'IAM' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Identity and access' })).toBeVisible()
}

test('admin makes a read-only role from a preset, gives it to a new user, and that user sees exactly what it allows', async ({
  page,
  browser,
}) => {
  // Two people, two sign-ins and a password set in between: longer than the usual budget.
  test.setTimeout(60_000)
  const roleName = unique('Read-only staff ')
  const username = unique('ro-')
  const password = 'Kallang-River-2026'

  await signIn(page, 'admin')
  await page.goto('/')
  await expect(page).toHaveURL(/\/machines$/)
  await openIam(page)

  // The role, from the preset policy "Vending read only".
  await page.getByRole('tab', { name: 'Roles' }).click()
  await expect(page).toHaveURL(/\/iam\?tab=roles$/)
  await page.getByRole('link', { name: 'New role' }).click()
  await expect(page).toHaveURL(/\/iam\/roles$/)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(roleName)
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Reads machines, sales and closed loop; changes nothing.')
  await page.getByRole('button', { name: 'Create role' }).click()
  await expect(page.getByText('Choose at least one policy')).toBeVisible()
  // Policies are found with POST /iam/policies/search as one types.
  await page.getByRole('combobox', { name: 'Add a policy' }).fill('Vending read')
  await page.getByRole('option', { name: 'Vending read only' }).click()
  await expect(page.getByRole('list', { name: 'Policies' }).getByText('Vending read only')).toBeVisible()
  await page.getByRole('button', { name: 'Create role' }).click()
  await expect(page).toHaveURL(/\/iam\/roles\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: roleName })).toBeVisible()
  await expect(toast(page, 'Role created')).toBeVisible()

  // The user, with that role; the form says what is wrong beside each field first.
  await page.getByRole('link', { name: '← Roles' }).click()
  await page.getByRole('tab', { name: 'Users' }).click()
  await page.getByRole('link', { name: 'New user' }).click()
  await expect(page).toHaveURL(/\/iam\/users$/)
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('X')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email')
  await page.getByRole('button', { name: '+ Add role or policy' }).click()
  await page.getByRole('button', { name: 'Create user' }).click()
  await expect(page.getByText('Enter a name')).toBeVisible()
  await expect(page.getByText(/Use 3–50 lower-case letters/)).toBeVisible()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await expect(page.getByText('Give either a role or a policy')).toBeVisible()

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ravi Kumar')
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.test`)
  await page.getByRole('combobox', { name: 'Role of access 1' }).fill(roleName)
  await page.getByRole('option', { name: roleName }).click()
  await page.getByRole('button', { name: 'Create user' }).click()
  await expect(page).toHaveURL(/\/iam\/users\/[\w-]+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
  await expect(page.getByTestId('user-status').filter({ visible: true }).first()).toHaveText(
    'Pending Activation',
  )
  const link = await page.getByLabel('Activation link').inputValue()
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\/\S+$/)

  // The new user opens the link, sets a password and signs in.
  const context = await browser.newContext()
  const them = await context.newPage()
  await them.goto(link)
  await expect(them.getByText(`For the account ${username}.`)).toBeVisible()
  await them.getByLabel('New password', { exact: true }).fill(password)
  await them.getByLabel('Confirm new password').fill(password)
  await them.getByRole('button', { name: 'Save password' }).click()
  await expect(them.getByRole('heading', { name: 'Your password is changed' })).toBeVisible()
  await logIn(them, username, password)
  await expect(them).toHaveURL(/\/machines$/)

  // Exactly the vending links: Closed Loop (promo employees/* read is in the role), not IAM (no read on users).
  const nav = them.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Closed Loop' })).toBeVisible()
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  expect(hrefs).toEqual(VENDING_PATHS.filter((p) => p !== '/iam'))
  await them.goto('/iam')
  await expect(them.getByText("You don't have access to this list")).toBeVisible()
  await context.close()
})

test('a status change asks for confirmation first', async ({ page, request }) => {
  const { uuid } = await createVendUser(request, 'Status Person')
  await signIn(page, 'admin')
  await page.goto(`/iam/users/${uuid}`)
  const badge = page.getByTestId('user-status').filter({ visible: true }).first()
  await expect(badge).toHaveText('Pending Activation')

  await page.getByLabel('New status').selectOption({ label: 'Inactive' })
  await page.getByRole('button', { name: 'Change status' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change the status of Status Person?' })
  await expect(dialog).toContainText('Status Person goes from Pending Activation to Inactive.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(badge).toHaveText('Pending Activation')

  await page.getByRole('button', { name: 'Change status' }).click()
  await dialog.getByRole('button', { name: 'Change status' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(toast(page, 'Status changed to Inactive')).toBeVisible()
  await expect(badge).toHaveText('Inactive')
  // An inactive user gets no reset link until reactivated.
  await expect(page.getByRole('button', { name: 'Send reset-password link' })).toBeDisabled()

  // The audit trail records who changed what.
  const audit = page.getByRole('region', { name: 'Audit trail' })
  await expect(audit.getByText('Status changed')).toBeVisible()
  await expect(audit.getByText('by Platform Administrator (admin)').first()).toBeVisible()
})

test('own profile without IAM access: picture upload with preview, and two-factor set-up with the QR code', async ({
  page,
  request,
}) => {
  const password = 'Tanjong-Pagar-77'
  const { username, uuid, activationLink } = await createVendUser(request, 'Mei Profile')
  await activate(request, activationLink, password)

  await signIn(page, username, password)
  await page.goto('/')
  await expect(page).toHaveURL(/\/machines$/)
  await page.getByRole('button', { name: /Account menu/ }).hover()
  await page.getByRole('menuitem', { name: 'View profile' }).click()
  await expect(page).toHaveURL(new RegExp(`/iam/users/${uuid}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Mei Profile' })).toBeVisible()
  await expect(page.getByText('Your profile')).toBeVisible()
  // The lists are not there for someone who may not read users.
  await expect(page.getByRole('tablist')).toHaveCount(0)
  await expect(page.getByTestId('iam-list-section')).toHaveCount(0)

  // Picture: a file too large is refused before any upload; a small one is previewed, then saved.
  const fileInput = page.locator('input[type="file"]')
  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(3 * 1024 * 1024 + 10, 1),
  })
  await expect(page.getByText('This image is 3.0 MB; the limit is 2 MB.')).toBeVisible()
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByText('Preview of me.png: save to use it.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('img', { name: 'Mei Profile' })).toHaveAttribute(
    'src',
    /^blob:/,
  )
  await page.getByRole('button', { name: 'Save picture' }).click()
  await expect(toast(page, 'Picture saved')).toBeVisible()
  await expect(page.getByRole('main').getByRole('img', { name: 'Mei Profile' })).toHaveAttribute(
    'src',
    /^\/uploads\/\w+\.png$/,
  )

  // Two-factor: register → QR code and secret → a wrong code is refused → the right one turns it on.
  const card = page.getByRole('region', { name: 'Two-factor sign-in' })
  await expect(card.getByTestId('mfa-state')).toHaveText('Off')
  await card.getByRole('button', { name: 'Set up authenticator' }).click()
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await card.getByTestId('totp-secret').getAttribute('data-secret')) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await expect(card.getByTestId('totp-secret')).toHaveText(secret.replace(/(.{4})(?=.)/g, '$1 '))
  await card.getByLabel('Code from the app').fill('12345')
  await card.getByRole('button', { name: 'Turn on' }).click()
  await expect(card.getByText('Enter the 6-digit code', { exact: true })).toBeVisible()
  const wrong = totpNow(secret) === '000000' ? '111111' : '000000'
  await card.getByLabel('Code from the app').fill(wrong)
  await card.getByRole('button', { name: 'Turn on' }).click()
  await expect(card.getByText('The code is not correct')).toBeVisible()
  await card.getByLabel('Code from the app').fill(totpNow(secret))
  await card.getByRole('button', { name: 'Turn on' }).click()
  await expect(card.getByTestId('mfa-state')).toHaveText('On · authenticator')

  // Turning it off needs proof: the password here.
  await card.getByRole('button', { name: 'Turn off' }).click()
  await card.getByLabel('your password').check()
  await card.getByLabel('Password', { exact: true }).fill('wrong-password')
  await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
  await expect(card.getByText('The password is not correct')).toBeVisible()
  await card.getByLabel('Password', { exact: true }).fill(password)
  await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
  await expect(card.getByTestId('mfa-state')).toHaveText('Off')
})

test('the IAM list stays as it was left while a detail is open', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 520 })
  await signIn(page, 'admin')
  await page.goto('/iam')
  await expect(page.getByRole('heading', { level: 1, name: 'Identity and access' })).toBeVisible()
  await page.getByRole('tab', { name: 'Policies' }).click()
  const table = page.getByRole('table', { name: 'Policies' })
  await expect(table).toHaveAttribute('aria-busy', 'false')
  const search = page.getByRole('searchbox', { name: 'Search policies' })
  // Marks the list's own DOM node: a list rebuilt from the URL would not carry it.
  await search.evaluate((el) => el.setAttribute('data-e2e-kept', 'yes'))

  // Scrolled down, open the last policy, come back: same list, same place.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(100)
  await table.getByRole('link', { name: 'Restock machines' }).click()
  await expect(page).toHaveURL(/\/iam\/policies\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Restock machines' })).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.getByRole('link', { name: '← Policies' }).click()
  await expect(table).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled)
  await expect(search).toHaveAttribute('data-e2e-kept', 'yes')

  // Filters and search are kept too, and browser back and forward work the same way.
  await page.getByLabel('Type').selectOption({ label: 'Preset' })
  await search.fill('vending')
  await expect(page).toHaveURL(/q=vending/)
  await expect(table.locator('tbody tr')).toHaveCount(2)
  await table.getByRole('link', { name: 'Vending read only' }).click()
  await expect(page.getByRole('note')).toContainText('preset policy')
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await page.goBack()
  await expect(page).toHaveURL(/\/iam\?.*q=vending/)
  await expect(search).toHaveValue('vending')
  await expect(page.getByLabel('Type')).toHaveValue('preset')
  await expect(table.locator('tbody tr')).toHaveCount(2)
  await expect(search).toHaveAttribute('data-e2e-kept', 'yes')

  // A search still being typed is neither lost nor applied from under the detail page: it applies on return.
  await page.getByRole('button', { name: 'Reset filters' }).first().click()
  await expect(table.locator('tbody tr')).toHaveCount(10)
  await search.pressSequentially('restock')
  await table.getByRole('link', { name: 'Restock machines' }).click()
  await expect(page).toHaveURL(/\/iam\/policies\/\d+$/)
  // Longer than the search's 300 ms debounce: a late commit would have changed the address by now.
  await page.waitForTimeout(700)
  await expect(page).toHaveURL(/\/iam\/policies\/\d+$/)
  await page.getByRole('link', { name: '← Policies' }).click()
  await expect(search).toHaveValue('restock')
  await expect(page).toHaveURL(/q=restock/)
  await expect(table.locator('tbody tr')).toHaveCount(1)
})

test('custom policies are written with the statement editor; roles and policies in use are not deleted', async ({
  page,
}) => {
  const name = unique('Maintenance crew ')
  await signIn(page, 'admin')
  await page.goto('/iam/policies')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create policy' }).click()
  await expect(page.getByText('Add at least one statement')).toBeVisible()

  await page.getByRole('button', { name: '+ Add statement' }).click()
  await page.getByLabel('App of statement 1').selectOption({ label: 'Machines and devices' })
  await page.getByLabel('Resource of statement 1').selectOption('maintenance/*')
  await page.getByLabel('Action of statement 1').selectOption('edit')
  await page.getByRole('button', { name: '+ Add statement' }).click()
  await page.getByLabel('App of statement 2').selectOption({ label: 'Payments' })
  await page.getByLabel('Resource of statement 2').selectOption('transactions/*')
  await page.getByRole('button', { name: 'Create policy' }).click()
  await expect(page).toHaveURL(/\/iam\/policies\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByLabel('Resource of statement 1')).toHaveValue('maintenance/*')
  await expect(page.getByLabel('Action of statement 2')).toHaveValue('read')

  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/iam\?tab=policies$/)
  await expect(toast(page, 'Policy deleted')).toBeVisible()

  // A role that a user holds: the server refuses, and says why.
  await page.getByRole('tab', { name: 'Roles' }).click()
  await page.getByRole('table', { name: 'Roles' }).getByRole('link', { name: 'Finance' }).click()
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Finance?' })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/This role is given to 1 user\(s\)/)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible()
})

test('a platform administrator creates an entity and finds child entities; an owner manages only their own', async ({
  page,
  browser,
}) => {
  const code = unique('E2E-').toUpperCase().slice(0, 20)
  await signIn(page, 'admin')
  await page.goto('/iam?tab=entities')
  const table = page.getByRole('table', { name: 'Entities' })
  await expect(table).toHaveAttribute('aria-busy', 'false')

  await page.getByRole('button', { name: 'New entity' }).click()
  const create = page.getByRole('dialog', { name: 'New entity' })
  await create.getByRole('button', { name: 'Create entity' }).click()
  await expect(create.getByText('Enter a name')).toBeVisible()
  await expect(create.getByText('Choose at least one industry')).toBeVisible()
  await create.getByLabel('Name', { exact: true }).fill('Harbourfront Kiosks')
  await create.getByLabel('Code', { exact: true }).fill(code)
  await create.getByRole('checkbox', { name: 'Vending', exact: true }).check()
  await create.getByLabel('Parent').selectOption({ label: 'Kopi & Snacks Vending Pte Ltd (VEND)' })
  await create.getByRole('button', { name: 'Create entity' }).click()
  await expect(toast(page, 'Entity created')).toBeVisible()
  // The new entity's profile opens over the list (GET /iam/entities/{code}).
  const profile = page.getByRole('dialog', { name: `Harbourfront Kiosks · ${code}` })
  await expect(profile.getByLabel('Name', { exact: true })).toHaveValue('Harbourfront Kiosks')
  await profile.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/iam\?tab=entities$/)

  // The child entities of an entity, by the parent filter.
  await page.getByLabel('Child entities of').selectOption({ label: 'CareBridge Clinics (HEALTH)' })
  await expect(table.getByRole('link', { name: 'CareBridge Jurong East' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'CareBridge Toa Payoh' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'Kopi & Snacks Vending Pte Ltd' })).toHaveCount(0)

  // The owner of VEND sees VEND and what is below it, changes its profile, but not its industries.
  const context = await browser.newContext()
  const owner = await context.newPage()
  await signIn(owner, 'vending')
  await owner.goto('/iam?tab=entities')
  const mine = owner.getByRole('table', { name: 'Entities' })
  await expect(mine.getByRole('link', { name: 'Harbourfront Kiosks' })).toBeVisible()
  await expect(mine.getByRole('link', { name: 'CareBridge Jurong East' })).toHaveCount(0)
  await expect(owner.getByRole('button', { name: 'New entity' })).toHaveCount(0)
  await mine.getByRole('link', { name: 'Harbourfront Kiosks' }).click()
  const theirs = owner.getByRole('dialog', { name: `Harbourfront Kiosks · ${code}` })
  await expect(theirs.getByRole('checkbox')).toHaveCount(0)
  await theirs.getByLabel('Preferred identifier').fill('staff-id')
  await theirs.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(owner, 'Entity saved')).toBeVisible()
  await context.close()
})
