import { minorUnitsToText } from '@portal/contract'
import { expect, test } from './fixtures'
import { simulatedMachineOf, vendingMachineAt } from './simulated-machines'
import { machineRows, waitForMachines } from './support'

/*
 * A simulated machine (issue 15) against the real server: it sells, and the order shows in Machine Sales; it reports
 * an error, and the machines list shows it; a command sent from the machine page is fetched by its long poll,
 * carried out, and its result shows on the page. The machine is driven step by step (no timers), so nothing here
 * depends on chance: its random source always picks the first choice (a sale paid with PayNow, from its first slot).
 */

test.describe('A simulated vending machine, as the vending operator', () => {
  test.use({ user: 'vending' })

  test('its sale shows in Machine Sales, its error on the machines list, and it carries out a command from its page', async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? ''
    const m = await vendingMachineAt(request, origin, 120)
    const machine = simulatedMachineOf(origin, m)
    const slot = machine.slots[0]
    if (!slot) throw new Error('the machine has no slots')

    // A sale and an error, sent as the machine's gateway sends them.
    expect(machine.vend()).toMatch(/^SIM\d+$/)
    machine.raiseError()
    await machine.flush()
    expect(machine.pending).toBe(0)

    await page.goto(`/machine-orders?machine=${String(m.machine_id)}`)
    const sales = page.getByRole('table', { name: 'Machine Sales' })
    await expect(sales).toHaveAttribute('aria-busy', 'false')
    await expect(sales.locator('tbody tr').first()).toContainText(
      minorUnitsToText(slot.price, m.currency_code),
    )
    await expect(sales.locator('tbody tr').first()).toContainText('PayNow')

    await page.goto(`/machines?q=${encodeURIComponent(m.serial_number)}&q_in=serial_number`)
    await waitForMachines(page)
    await expect(machineRows(page)).toHaveCount(1)
    await expect(machineRows(page).first()).toContainText('Error')

    // A command from the machine page: queued, then fetched by the machine's long poll and carried out.
    await page.goto(`/machines/${String(m.machine_id)}`)
    const card = page.getByRole('region', { name: 'Commands' })
    await card.getByRole('button', { name: 'Send command' }).click()
    const dialog = page.getByRole('dialog', { name: 'Send command' })
    await dialog.getByLabel('Command').selectOption('test_dispense')
    await dialog.getByRole('button', { name: 'Queue command' }).click()
    // A slot is needed: the form says so before anything is sent.
    await expect(dialog.getByLabel('Slot')).toHaveAccessibleDescription('Choose a slot')
    await dialog.getByLabel('Slot').selectOption(String(slot.slot_no))
    const polled = machine.poll(25)
    await dialog.getByRole('button', { name: 'Queue command' }).click()
    await expect(dialog).toBeHidden()
    const [command] = await polled
    expect(command).toMatchObject({ command: 'test_dispense', params: { slot_no: slot.slot_no } })
    if (!command) throw new Error('the poll brought no command')
    await machine.carryOut(command)

    const row = card.locator('tbody tr').first()
    await expect(row).toContainText('Test dispense')
    await expect(row).toContainText('Succeeded')
    await expect(row).toContainText(`Dispensed one item from slot ${String(slot.slot_no)}`)
    await expect(row).toContainText('Vera Tan')
  })
})
