import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures'
import { machineRows, waitForMachines } from './support'

/*
 * The machine API from the machine page (issue 15): a new key is shown once, a machine posts events with it, and
 * the page shows the key used and the status the machine reported, and Machine Sales its vend.
 */
test.describe('Machine API, as the vending operator', () => {
  test.use({ user: 'vending' })

  test('rotates the key; an event sent with it shows as the last use and the new status', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/machines')
    await waitForMachines(page)
    // Not the first machine: TCN-2102-000001's demo key belongs to clients outside the repository.
    await machineRows(page).nth(3).getByRole('link').first().click()
    await expect(page).toHaveURL(/\/machines\/\d+$/)
    const card = page.getByRole('region', { name: 'Machine API' })
    await expect(card).toContainText('Set on')
    await card.getByRole('button', { name: 'Rotate key' }).click()
    const confirm = page.getByRole('dialog', { name: 'Rotate key' })
    await expect(confirm).toContainText('stops working at once')
    await confirm.getByRole('button', { name: 'Rotate key' }).click()
    const shown = page.getByRole('dialog', { name: 'New API key' })
    const key = (await shown.getByLabel('API key').innerText()).trim()
    expect(key).toMatch(/^mk_[A-Za-z0-9]{32}$/)
    await expect(shown).toContainText(`${baseURL ?? ''}/api/machine/v1/events`)
    await shown.getByRole('button', { name: 'Done' }).click()

    const sent = await request.post(`${baseURL ?? ''}/api/machine/v1/events`, {
      headers: { authorization: `Machine ${key}` },
      data: {
        events: [{ event_id: randomUUID(), occurred_at: Date.now(), type: 'status', overall_status: 5 }],
      },
    })
    expect(sent.status()).toBe(200)
    expect(((await sent.json()) as { data: { results: { result: string }[] } }).data.results[0]?.result).toBe(
      'accepted',
    )

    // A vend with the key: its order shows first in the machine's sales.
    const machineId = /\/machines\/(\d+)$/.exec(page.url())?.[1] ?? ''
    const vend = await request.post(`${baseURL ?? ''}/api/machine/v1/events`, {
      headers: { authorization: `Machine ${key}` },
      data: {
        events: [
          {
            event_id: randomUUID(),
            occurred_at: Date.now(),
            type: 'vend',
            out_trade_no: `E2E-${String(Date.now())}`,
            payment_method_code: 5,
            payment_type_code: 'normal',
            items: [{ slot_no: 1, price: 237, status: 3 }],
          },
        ],
      },
    })
    expect(((await vend.json()) as { data: { results: { result: string }[] } }).data.results[0]?.result).toBe(
      'accepted',
    )

    await page.reload()
    await expect(page.getByRole('region', { name: 'Machine API' })).not.toContainText('Never')
    // The status the machine reported (5: Updating), in the page's header.
    await expect(page.getByText('Updating', { exact: true }).first()).toBeVisible()

    await page.goto(`/machine-orders?machine=${machineId}`)
    const sales = page.getByRole('table', { name: 'Machine Sales' })
    await expect(sales).toHaveAttribute('aria-busy', 'false')
    await expect(sales.locator('tbody tr').first()).toContainText('2.37')
  })
})
