import { minorUnitsToText } from '@portal/contract'
import { expect, test } from './fixtures'
import { simulatedMachineOf, vendingMachineAt } from './simulated-machines'
import { machineRows, waitForMachines } from './support'

/*
 * The portal, live (issue 16): with a page open, a simulated machine sells and reports an error; Machine Sales offers
 * "1 new" without moving the page, and the machines list shows the error in place, with no reload. The top bar says
 * the portal is live.
 */

test.describe('The portal, live, as the vending operator', () => {
  test.use({ user: 'vending' })

  test("a machine's sale shows as '1 new' on Machine Sales, and its error on the machines list, without a reload", async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? ''
    // Far down the list, apart from the machines other tests drive.
    const m = await vendingMachineAt(request, origin, 140)
    const machine = simulatedMachineOf(origin, m)
    const slot = machine.slots[0]
    if (!slot) throw new Error('the machine has no slots')

    await page.goto(`/machine-orders?machine=${String(m.machine_id)}`)
    const sales = page.getByRole('table', { name: 'Machine Sales' })
    await expect(sales).toHaveAttribute('aria-busy', 'false')
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live')
    const before = await sales.locator('tbody tr').count()

    machine.vend()
    await machine.flush()
    const fresh = page.getByTestId('new-rows')
    await expect(fresh).toHaveText('1 new — show')
    // Offered, not inserted: the rows on screen stay as they were until the operator asks.
    await expect(sales.locator('tbody tr')).toHaveCount(before)
    await fresh.click()
    await expect(fresh).toBeHidden()
    await expect(sales.locator('tbody tr').first()).toContainText(
      minorUnitsToText(slot.price, m.currency_code),
    )

    // Whatever the seed left, the machine reports itself well first.
    machine.clearError()
    await machine.flush()
    await page.goto(`/machines?q=${encodeURIComponent(m.serial_number)}&q_in=serial_number`)
    await waitForMachines(page)
    await expect(machineRows(page)).toHaveCount(1)
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live')
    await expect(machineRows(page).first()).not.toContainText('Error')
    machine.raiseError()
    await machine.flush()
    await expect(machineRows(page).first()).toContainText('Error')
  })
})
