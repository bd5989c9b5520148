import { expect, test } from './fixtures'

test.use({ user: 'vending' })

test('closed-loop persons on a phone: the picker folds away, a card shows the person and opens them', async ({
  page,
}) => {
  await page.goto('/closed-loop')
  const card = page.getByRole('list', { name: 'Persons', exact: true }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  const box = await card.boundingBox()
  expect((box?.y ?? 844) + (box?.height ?? 0)).toBeLessThanOrEqual(844)

  const picker = page.getByRole('button', { name: 'Persons', exact: true })
  await expect(picker).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(picker).toBeVisible()

  const name = (await card.getByRole('link').innerText()).trim()
  await expect(card).toContainText(/Active|Suspended|Inactive/)
  await card.click()
  await expect(page).toHaveURL(/\/closed-loop\/[\w-]+$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
})

test('closed-loop employees on a phone: cards with the redemption code and balance, date ranges folded', async ({
  page,
}) => {
  await page.goto('/closed-loop?tab=employees')
  const card = page.getByRole('list', { name: 'Employees', exact: true }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  await expect(card).toContainText('Item Balance')
  await expect(card).toContainText(/Active|Suspended|Inactive/)
  const range = page.getByRole('group', { name: 'Last collected' })
  await expect(range).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(range).toBeVisible()
})
