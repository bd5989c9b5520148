import type { CarbonDashboard } from '@portal/contract'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { CarbonDashboardView } from './carbon-dashboard'

const DAY = 86_400_000
const D0 = Date.UTC(2026, 10, 1) - 8 * 3_600_000

function dashboard(over: Partial<CarbonDashboard> = {}): CarbonDashboard {
  return {
    currency: 'SGD',
    sides: ['FO'],
    summary: {
      records: 3,
      kWh: 75.5,
      emissions_reduced: 1234.5,
      rebates: 12_345,
      total_earnings: 20_000,
      cpo_earnings: 7_655,
      fo_earnings: 12_345,
    },
    series: [
      { day: D0, records: 2, kWh: 50, emissions_reduced: 800, rebates: 8_000 },
      { day: D0 + DAY, records: 1, kWh: 25.5, emissions_reduced: 434.5, rebates: 4_345 },
    ],
    scenarios: [
      {
        scenario: 'Car (petrol)',
        records: 2,
        kWh: 50,
        emissions_reduced: 900,
        rebates: 9_000,
        percentage: 72.9,
      },
      {
        scenario: 'Bus (diesel)',
        records: 1,
        kWh: 25.5,
        emissions_reduced: 334.5,
        rebates: 3_345,
        percentage: 27.1,
      },
    ],
    top_partners: [
      {
        entity_code: 'CPO',
        name: 'SparkGrid Charging',
        role: 'CPO',
        records: 2,
        kWh: 50,
        emissions_reduced: 800,
        rebates: 8_000,
      },
      {
        entity_code: 'VOLT',
        name: 'Voltnet Roaming',
        role: 'CPO',
        records: 1,
        kWh: 25.5,
        emissions_reduced: 434.5,
        rebates: 4_345,
      },
    ],
    top_locations: [
      {
        location_id: 7,
        name: 'Geylang Hub',
        cpo_entity_code: 'CPO',
        records: 3,
        kWh: 75.5,
        emissions_reduced: 1234.5,
        rebates: 12_345,
      },
    ],
    ...over,
  }
}

const renderView = (d: CarbonDashboard) =>
  render(
    <MemoryRouter>
      <CarbonDashboardView dashboard={d} />
    </MemoryRouter>,
  )

describe('CarbonDashboardView', () => {
  it('shows the headline figures: a fleet owner its rebates out of the credit value', () => {
    renderView(dashboard())
    // The card's label and figure (the same words also head the tables' columns).
    const card = screen.getByText('of SGD 200.00 credit value').parentElement
    expect(card?.textContent).toBe('Your rebatesSGD 123.45of SGD 200.00 credit value')
    expect(screen.getByText('1.23 t').parentElement?.textContent).toContain('Emissions reduced')
    expect(screen.getByText('3 charging sessions').parentElement?.textContent).toBe(
      'Energy consumption75.5 kWh3 charging sessions',
    )
    expect(screen.queryByText('Credit value')).toBeNull()
  })

  it('gives the exchange the credit value and the split between CPOs and fleet owners', () => {
    renderView(dashboard({ sides: ['CRX'], summary: { ...dashboard().summary, rebates: 20_000 } }))
    const card = screen.getByText('CPOs 76.55 · fleet owners 123.45').parentElement
    expect(card?.textContent).toBe('Credit valueSGD 200.00CPOs 76.55 · fleet owners 123.45')
    // Both rankings of partners, and the locations.
    expect(screen.getByRole('region', { name: 'Top five CPOs' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Top five fleet owners' })).toBeInTheDocument()
  })

  it('carries every chart’s figures in a table for screen readers, shown on request', async () => {
    const user = userEvent.setup()
    renderView(dashboard())
    const scenarios = screen.getByRole('region', { name: 'Scenario share' })
    // The chart is hidden from assistive technology; its table is there, visually hidden.
    const hidden = within(scenarios).getByRole('table', { name: 'Scenario share' })
    expect(hidden.closest('.sr-only')).not.toBeNull()
    expect(
      within(hidden)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'ScenarioShareEmissions reducedEnergy consumptionRecords',
      'Car (petrol)72.9%900.0 kg50.0 kWh2',
      'Bus (diesel)27.1%334.5 kg25.5 kWh1',
    ])
    const toggle = within(scenarios).getByRole('button', { name: 'Show as table' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const visible = within(scenarios).getByRole('table', { name: 'Scenario share' })
    expect(visible.closest('.sr-only')).toBeNull()

    const series = screen.getByRole('region', { name: 'Your rebates and energy over time' })
    const rows = within(within(series).getByRole('table')).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]?.textContent).toContain('SGD 80.00')
    const places = screen.getByRole('region', { name: 'Top five locations' })
    expect(within(within(places).getByRole('table')).getAllByRole('row')[1]?.textContent).toBe(
      'Geylang HubSGD 123.4575.5 kWh1,234.5 kg3',
    )
  })

  it('says so when a range has no records, with no empty chart or table', () => {
    renderView(dashboard({ series: [], scenarios: [], top_partners: [], top_locations: [] }))
    expect(screen.getAllByText('No records in this range.').length).toBeGreaterThanOrEqual(4)
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull()
  })
})
