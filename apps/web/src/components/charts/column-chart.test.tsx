import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ColumnChart } from './column-chart'

const days = [
  { day: 'Nov 1', sessions: 12, kWh: 340.5 },
  { day: 'Nov 2', sessions: 30, kWh: 120 },
  { day: 'Nov 3', sessions: 0, kWh: 0 },
]

function renderChart() {
  return render(
    <ColumnChart
      data={days}
      label="Sessions over 3 days"
      tick={(d) => d.day}
      title={(d) => `Day ${d.day}`}
      leftTick={String}
      integers
      series={[
        {
          key: 's',
          label: 'Sessions',
          color: '#059669',
          value: (d) => d.sessions,
          format: (v) => `${String(v)} sessions`,
        },
        {
          key: 'e',
          label: 'Energy',
          color: '#0284c7',
          kind: 'line',
          axis: 'right',
          value: (d) => d.kWh,
          format: (v) => `${String(v)} kWh`,
        },
      ]}
    />,
  )
}

const tooltip = (container: HTMLElement) => container.querySelector('[aria-hidden="true"].absolute')

// jsdom has no layout: the chart's box is given a width, as a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 640, 256))
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('ColumnChart', () => {
  it('is one named image with a column for each non-zero value, a line and both axes', () => {
    const { container } = renderChart()
    const chart = screen.getByRole('img', { name: 'Sessions over 3 days' })
    // Two columns (the zero day draws none) and the line.
    expect(chart.querySelectorAll('path[style*="fill"]')).toHaveLength(2)
    expect(chart.querySelectorAll('path[fill="none"]')).toHaveLength(1)
    const labels = [...chart.querySelectorAll('text')].map((t) => t.textContent)
    expect(labels).toEqual(expect.arrayContaining(['0', '10', '20', '30', 'Nov 1', 'Nov 2', 'Nov 3']))
    expect(tooltip(container)).toBeNull()
  })

  it('shows a day’s figures under the pointer, and hides them when it leaves', () => {
    const { container } = renderChart()
    const points = screen.getAllByTestId('chart-point')
    expect(points).toHaveLength(3)
    fireEvent.pointerEnter(points[1] as Element)
    const tip = tooltip(container) as HTMLElement
    expect(tip).toHaveTextContent('Day Nov 2')
    expect(within(tip).getByText('30 sessions')).toBeInTheDocument()
    expect(within(tip).getByText('120 kWh')).toBeInTheDocument()
    fireEvent.pointerLeave(screen.getByRole('img'))
    expect(tooltip(container)).toBeNull()
  })

  it('is reached with Tab and walked with the arrow keys, Home and End; Escape lets go', async () => {
    const { container } = renderChart()
    const chart = screen.getByRole('img')
    await userEvent.tab()
    expect(chart).toHaveFocus()
    expect(tooltip(container)).toHaveTextContent('Day Nov 1')
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(tooltip(container)).toHaveTextContent('Day Nov 2')
    fireEvent.keyDown(chart, { key: 'End' })
    expect(tooltip(container)).toHaveTextContent('Day Nov 3')
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(tooltip(container)).toHaveTextContent('Day Nov 3')
    fireEvent.keyDown(chart, { key: 'Home' })
    expect(tooltip(container)).toHaveTextContent('Day Nov 1')
    fireEvent.keyDown(chart, { key: 'Escape' })
    expect(tooltip(container)).toBeNull()
  })
})
