import { expect, test } from './fixtures'

/*
 * Issue 12 §4: enumeration labels and the server's messages in the reader's language (docs/decisions/0050, 0051).
 * The unit tests prove every label and message has its translation; these prove the screens use them.
 */
test.use({ user: 'vending' })

test('the transactions list says its statuses, types and filter options in the language chosen on it', async ({
  page,
}) => {
  await page.goto('/transactions')
  const english = page.getByRole('table', { name: 'Transactions' })
  await expect(english).toHaveAttribute('aria-busy', 'false')
  await expect(english.getByRole('cell', { name: 'Success', exact: true }).first()).toBeVisible()

  // Switched in place: the rows already on screen are said again, without a reload.
  await page.getByLabel('Language').selectOption('zh')
  const chinese = page.getByRole('table', { name: '交易' })
  await expect(chinese.getByRole('cell', { name: '成功', exact: true }).first()).toBeVisible()
  await expect(chinese.getByRole('cell', { name: '普通', exact: true }).first()).toBeVisible()
  for (const label of ['Success', 'Refunded', 'Normal', 'Refund'])
    await expect(chinese.getByRole('cell', { name: label, exact: true })).toHaveCount(0)

  await page.getByRole('button', { name: '状态' }).click()
  await expect(page.getByRole('checkbox', { name: '已退款' })).toBeVisible()
})

test('a 400 of the server is said beside its field in the reader’s language', async ({ page }) => {
  // An SKU code the entity already has: only the server can know, and it answers with the `taken` code.
  const login = await page.request.post('/api/main/iam/login', {
    data: { username: 'vending', password: 'demo1234' },
  })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const list = await page.request.post('/api/main/iot/skus/filter', {
    headers: { authorization: `Token ${token}` },
    data: { limit: 1, offset: 0 },
  })
  const [existing] = ((await list.json()) as { data: { skus: { sku_code: string }[] } }).data.skus
  expect(existing).toBeDefined()

  // The language a reader chose on an earlier visit (lib/i18n.ts keeps it in this cookie).
  await page.context().addCookies([{ name: 'portal_lang', value: 'zh', url: new URL(list.url()).origin }])
  await page.goto('/inventory/skus/create')
  await page.getByLabel('SKU 编码').fill(existing?.sku_code ?? '')
  await page.getByLabel('名称').fill('E2E 重复编码')
  await page.getByLabel('类别').selectOption('drinks')
  await page.getByLabel(/默认价格/).fill('1.20')
  await page.getByRole('button', { name: '创建 SKU' }).click()
  await expect(page.getByText('该值已被使用')).toBeVisible()
})
