import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HorizontalBarChart } from './horizontal-bar-chart'

const places = [
  { name: 'SparkGrid Fast Hub Marine Parade, the longest name of them all', rebates: 53.54 },
  { name: 'Geylang Hub', rebates: 12.3 },
]

// jsdom has no layout: the chart's box is given a width, as a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 640, 256))
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('HorizontalBarChart', () => {
  it('names each bar on its left, cutting long names, and shows the full name and value under the pointer', () => {
    const { container } = render(
      <HorizontalBarChart
        data={places}
        label="Top five locations"
        name={(p) => p.name}
        value={(p) => p.rebates}
        valueLabel="Rebates"
        format={(v) => `SGD ${v.toFixed(2)}`}
        tick={String}
        color="#059669"
      />,
    )
    const chart = screen.getByRole('img', { name: 'Top five locations' })
    const texts = [...chart.querySelectorAll('text')].map((t) => t.textContent ?? '')
    expect(texts).toContain('Geylang Hub')
    const cut = texts.find((t) => t.startsWith('SparkGrid'))
    expect(cut?.endsWith('…')).toBe(true)
    expect(cut?.length).toBeLessThan(places[0]?.name.length ?? 0)

    fireEvent.pointerEnter(screen.getAllByTestId('chart-point')[0] as Element)
    const tip = container.querySelector('[aria-hidden="true"].absolute')
    expect(tip).toHaveTextContent(places[0]?.name ?? '')
    expect(tip).toHaveTextContent('RebatesSGD 53.54')
  })
})
