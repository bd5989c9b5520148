import { describe, expect, it } from 'vitest'
import { barPath, labelStep, linear, niceTicks, textWidth, truncate } from './scale'

describe('niceTicks', () => {
  it('counts in round steps from zero to at least the largest value', () => {
    expect(niceTicks(0, 157)).toEqual([0, 50, 100, 150, 200])
    expect(niceTicks(0, 31.6)).toEqual([0, 10, 20, 30, 40])
    expect(niceTicks(0, 1234)).toEqual([0, 250, 500, 750, 1000, 1250])
  })

  it('keeps whole numbers for counts, and round decimals otherwise', () => {
    expect(niceTicks(0, 3, 5, true)).toEqual([0, 1, 2, 3])
    expect(niceTicks(0, 0.3)).toEqual([0, 0.1, 0.2, 0.3])
  })

  it('draws an axis for an empty or all-zero range, and reaches below zero for negative values', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1])
    expect(niceTicks(-12, 30)).toEqual([-20, -10, 0, 10, 20, 30])
  })
})

describe('linear', () => {
  it('maps the domain onto the range, including an upside-down one for SVG heights', () => {
    const y = linear([0, 200], [240, 8])
    expect(y(0)).toBe(240)
    expect(y(200)).toBe(8)
    expect(y(100)).toBe(124)
  })
})

describe('labels', () => {
  it('estimates wider text for Chinese and Tamil than for Latin letters', () => {
    expect(textWidth('Nov 17')).toBeLessThan(textWidth('十一月十七日'))
    expect(textWidth('abc')).toBeGreaterThan(0)
  })

  it('skips labels that would touch their neighbours', () => {
    expect(labelStep(40, 30)).toBe(2)
    expect(labelStep(100, 30)).toBe(1)
    expect(labelStep(10, 40, 0)).toBe(4)
  })

  it('cuts long names with an ellipsis', () => {
    expect(truncate('SparkGrid Fast Hub Marine Parade', 12)).toBe('SparkGrid F…')
    expect(truncate('Short', 12)).toBe('Short')
  })
})

describe('barPath', () => {
  it('rounds the far corners only, never more than the bar allows', () => {
    expect(barPath(0, 0, 10, 20, 3, 'top')).toBe('M0,20V3Q0,0 3,0H7Q10,0 10,3V20Z')
    expect(barPath(0, 0, 20, 10, 3, 'right')).toBe('M0,0H17Q20,0 20,3V7Q20,10 17,10H0Z')
    // A 2 px high column cannot have a 3 px radius.
    expect(barPath(0, 0, 10, 2, 3, 'top')).toBe('M0,2V2Q0,0 2,0H8Q10,0 10,2V2Z')
  })
})
