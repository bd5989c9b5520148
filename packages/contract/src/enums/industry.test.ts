import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { industries, Industry, isCarbonMode } from './industry'

const SPEC_INDUSTRIES =
  'vending, covid_nric, ev, cpo, emsp, busways_ev, medicord, srs-buddy, carbon_credits_fo, carbon_credits_cpo, carbon_credits_crx, typeform_campaign, digital_health_automation, voltnet_cpo, voltnet_emsp, limo, voltnet_simple_tariff, voltnet_advance_tariff, fx'

describe('industries (A §1)', () => {
  it('are the spec list plus ev-epayments and ev-kiosk, in order', () => {
    expect(industries.values).toEqual([...SPEC_INDUSTRIES.split(', '), 'ev-epayments', 'ev-kiosk'])
    expect(industries.values).toEqual(Object.values(Industry))
    expect(industries.values).toHaveLength(21)
  })

  it.each([
    ['vending', 'Vending'],
    ['srs-buddy', 'SRS Buddy'],
    ['carbon_credits_fo', 'Carbon Credits (Fleet Operator)'],
    ['ev-kiosk', 'EV Kiosk'],
    ['all', 'Unknown (all)'],
  ])('%s is %s', (value, label) => {
    expect(labelOf(industries, value)).toBe(label)
  })
})

describe('carbon mode (B §3)', () => {
  it.each([
    [['carbon_credits_cpo'], true],
    [['carbon_credits_fo'], true],
    [['cpo', 'carbon_credits_crx'], true],
    [['cpo', 'emsp'], false],
    [[], false],
  ])('%j → %s', (list, carbon) => {
    expect(isCarbonMode(list)).toBe(carbon)
  })
})
