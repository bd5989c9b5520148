import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DonutChart } from './donut-chart'

const shares = [
  { name: 'Car (petrol)', value: 900 },
  { name: 'Bus (diesel)', value: 300 },
]

describe('DonutChart', () => {
  it('draws a slice per share in its colour and names a slice under the pointer', () => {
    const { container } = render(
      <DonutChart
        data={shares}
        label="Scenario share"
        name={(s) => s.name}
        value={(s) => s.value}
        color={(_, i) => (i === 0 ? 'rgb(5, 150, 105)' : 'rgb(37, 99, 235)')}
        valueLabel="Emissions reduced"
        format={(v) => `${String(v)} kg`}
      />,
    )
    const slices = screen.getAllByTestId('chart-point')
    expect(slices.map((s) => s.style.fill)).toEqual(['rgb(5, 150, 105)', 'rgb(37, 99, 235)'])
    fireEvent.pointerEnter(slices[1] as Element)
    const tip = container.querySelector('[aria-hidden="true"].absolute')
    expect(tip).toHaveTextContent('Bus (diesel)')
    expect(tip).toHaveTextContent('Emissions reduced300 kg')
  })

  it('draws a single share as the whole ring', () => {
    render(
      <DonutChart
        data={[{ name: 'Car', value: 5 }]}
        label="One"
        name={(s) => s.name}
        value={(s) => s.value}
        color={() => 'red'}
        valueLabel="Value"
        format={String}
      />,
    )
    const [ring] = screen.getAllByTestId('chart-point')
    // Two half rings: one arc cannot start and end at the same point.
    expect(ring?.getAttribute('d')?.match(/A/g)).toHaveLength(4)
  })
})
