import { expect, test } from './fixtures'
import { waitForMachines } from './support'

/*
 * Scheduled reports (issue 18, docs/decisions/0119-scheduled-reports.md), as the vending operator sets one up: a
 * saved view of the machines list, scheduled from its Export menu, listed in the export history, run now and
 * e-mailed with the file attached (the development outbox), paused, deleted.
 */

const EMAIL = 'vending@demo.operator-portal.test'

interface Outbox {
  data: { messages: { to: string; subject: string; attachments: { filename: string; size: number }[] }[] }
}

test.describe('Scheduled reports, as the vending operator', () => {
  test.use({ user: 'vending' })

  test("schedules a saved view's export, runs it now, receives it by e-mail, pauses and deletes it", async ({
    page,
  }) => {
    // A view saved, a schedule made, an export written and mailed: more than one page's work.
    test.setTimeout(90_000)
    const name = `Weekly machines ${String(Date.now() % 100000)}`
    await page.goto('/machines')
    await waitForMachines(page)

    // Without a saved view on screen, the Export menu says what scheduling needs.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await expect(page.getByRole('menuitem', { name: /Schedule this view/ })).toBeDisabled()
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /^Views/ }).click()
    await page.getByRole('button', { name: 'Save view…' }).click()
    const save = page.getByRole('dialog', { name: 'Save view' })
    await save.getByLabel('Name').fill(name)
    await save.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(save).toHaveCount(0)
    await expect(page).toHaveURL(/view=\d+/)

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: /Schedule this view/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule a report' })
    await dialog.getByLabel('Repeats').selectOption('weekly')
    await dialog.getByLabel('Day of the week').selectOption({ label: 'Friday' })
    await dialog.getByLabel('Time').fill('06:45')
    await dialog.getByLabel('Format').selectOption('csv')
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText(`“${name}” is listed in Export history.`)).toBeVisible()

    await page.goto('/machines/export-history')
    const schedules = page.getByRole('table', { name: 'Scheduled reports' })
    const row = schedules.getByRole('row').filter({ hasText: name })
    await expect(row).toBeVisible()
    await expect(row).toContainText('Fridays at 06:45')
    await expect(row).toContainText('Not run yet')

    await row.getByRole('button', { name: `Run now: ${name}` }).click()
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(row).toContainText(`E-mailed to ${EMAIL} (attached)`)
    const outbox = (await (await page.request.get(`/api/main/dev/mail-outbox?to=${EMAIL}`)).json()) as Outbox
    const mail = outbox.data.messages.find((m) => m.subject === `[VEND] Report: ${name}`)
    expect(mail?.attachments).toHaveLength(1)
    expect(mail?.attachments[0]?.filename).toMatch(/\.csv$/)
    expect(mail?.attachments[0]?.size).toBeGreaterThan(100)

    await row.getByRole('button', { name: `Pause: ${name}` }).click()
    await expect(row.getByText('Paused', { exact: true })).toBeVisible()
    await row.getByRole('button', { name: `Resume: ${name}` }).click()
    await expect(row.getByText('Paused', { exact: true })).toHaveCount(0)

    await row.getByRole('button', { name: `Delete: ${name}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this scheduled report?' })
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(confirm).toHaveCount(0)
    await expect(schedules.getByRole('row').filter({ hasText: name })).toHaveCount(0)
  })
})
