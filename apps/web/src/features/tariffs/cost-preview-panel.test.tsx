import { formatMoney, previewSessionCost } from '@portal/contract'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import type { CostPreviewTariff } from './cost-preview-panel'
import { CostPreview } from './cost-preview-panel'

/** SparkGrid's DC tariff: a 1.00 connection fee, 0.72/kWh per started 0.1 kWh, 0.30/min idle; 9 % GST. */
const TARIFF: CostPreviewTariff = {
  currency: 'SGD',
  start_date_time: Date.UTC(2026, 0, 1),
  end_date_time: null,
  elements: [
    {
      price_components: [
        { type: 'FLAT', price: 1, vat: 9, step_size: 1 },
        { type: 'ENERGY', price: 0.72, vat: 9, step_size: 100 },
        { type: 'PARKING_TIME', price: 18, vat: 9, step_size: 60 },
      ],
    },
  ],
}
/** Monday 23 Nov 2026, 08:20 in Singapore: the preview opens at 09:00. */
const NOW = Date.UTC(2026, 10, 23, 0, 20)

const results = () => screen.getByTestId('cost-preview-results')
const row = (id: string) => within(results()).getByTestId(`preview-${id}`)

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label)
  await userEvent.clear(input)
  if (value !== '') await userEvent.type(input, value)
}

describe('the cost preview', () => {
  it('opens on a sample session and prices it with previewSessionCost', () => {
    render(<CostPreview tariff={TARIFF} now={NOW} />)
    expect(screen.getByLabelText('Start (UTC+08:00)')).toHaveValue('2026-11-23T09:00')
    const expected = previewSessionCost(TARIFF, {
      start: Date.UTC(2026, 10, 23, 1, 0),
      energy_kwh: 20,
      charging_minutes: 60,
      grace_minutes: 15,
      blackout_minutes: 0,
      parking_minutes: 20,
    })
    // 20 kWh × 0.72 = 14.40 (15.70 with GST); 20 min × 0.30 = 6.00 (6.54); 1.00 (1.09): 21.40 / 23.33.
    expect(expected.total).toEqual({ excl_vat: 2140, incl_vat: 2333 })
    expect(row('total')).toHaveTextContent(`${formatMoney(2140, 'SGD')}${formatMoney(2333, 'SGD')}`)
    expect(row('energy')).toHaveTextContent('SGD 14.40SGD 15.70')
    expect(row('parking_time')).toHaveTextContent('SGD 6.00SGD 6.54')
    expect(row('flat')).toHaveTextContent('SGD 1.00SGD 1.09')
    expect(row('time')).toHaveTextContent('SGD 0.00SGD 0.00')
    expect(results()).toHaveTextContent('The session ends 2026-11-23 10:35 (UTC+08:00).')
  })

  it('updates as the inputs change, step sizes and all', async () => {
    render(<CostPreview tariff={TARIFF} now={NOW} />)
    await fill('Energy delivered (kWh)', '7.123')
    await fill('Idling (minutes)', '')
    // 7.123 kWh is billed as 7.2 (steps of 0.1 kWh): 5.184 → 5.18; with GST 5.65056 → 5.65. No idling; the fee 1.00.
    expect(row('energy')).toHaveTextContent('SGD 5.18SGD 5.65')
    expect(row('parking_time')).toHaveTextContent('SGD 0.00SGD 0.00')
    expect(row('total')).toHaveTextContent('SGD 6.18SGD 6.74')
  })

  it('shows a message on a bad input, and no figures until it is corrected', async () => {
    render(<CostPreview tariff={TARIFF} now={NOW} />)
    await fill('Energy delivered (kWh)', 'ten')
    expect(screen.getByLabelText('Energy delivered (kWh)')).toHaveAccessibleDescription(
      'Enter a number, such as 12.5',
    )
    expect(screen.getByLabelText('Energy delivered (kWh)')).toHaveAttribute('aria-invalid', 'true')
    expect(within(results()).queryByTestId('preview-total')).toBeNull()
    expect(results()).toHaveTextContent('Correct the highlighted inputs to see the cost.')

    await fill('Energy delivered (kWh)', '30')
    await fill('Charging time (minutes)', '0')
    expect(screen.getByLabelText('Charging time (minutes)')).toHaveAccessibleDescription(
      'Energy takes time: enter the charging minutes',
    )
    await fill('Charging time (minutes)', '45')
    expect(screen.getByLabelText('Energy delivered (kWh)')).not.toHaveAttribute('aria-invalid')
    expect(within(results()).getByTestId('preview-total')).toBeInTheDocument()
  })

  it('warns when the tariff does not apply at the chosen time', async () => {
    render(<CostPreview tariff={{ ...TARIFF, end_date_time: Date.UTC(2026, 10, 1) }} now={NOW} />)
    expect(results()).toHaveTextContent('This tariff does not apply at that time (Expired)')
    await fill('Start (UTC+08:00)', '2026-10-01T09:00')
    expect(results()).not.toHaveTextContent('does not apply')
  })
})
