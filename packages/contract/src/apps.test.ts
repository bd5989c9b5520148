import { describe, expect, it } from 'vitest'
import { appsForIndustries } from './apps'

describe('appsForIndustries', () => {
  it.each([
    [['vending'], ['iam', 'iot', 'payment', 'promo']],
    [
      ['cpo', 'carbon_credits_cpo', 'ev-kiosk'],
      ['iam', 'iot', 'payment', 'ev', 'carbon'],
    ],
    [['digital_health_automation'], ['iam', 'health']],
    [['unknown-industry'], []],
    [[], []],
  ])('%j → %j', (industries, apps) => {
    expect(appsForIndustries(industries)).toEqual(apps)
  })
})
