import { describe, expect, it } from 'vitest'
import { APP_CODES } from './apps'
import { IAM_RESOURCES, apps } from './iam-resources'

describe('IAM resources', () => {
  it('names every app', () => {
    expect(apps.values).toEqual([...APP_CODES])
  })
  it('has unique codes per app and only known apps', () => {
    const keys = IAM_RESOURCES.map((r) => `${r.app_code}:${r.resource_code}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const r of IAM_RESOURCES) expect(APP_CODES).toContain(r.app_code)
  })
  it('covers the policies the navigation and entity settings check (A §2, §5)', () => {
    const keys = IAM_RESOURCES.map((r) => `${r.app_code}:${r.resource_code}`)
    expect(keys).toEqual(
      expect.arrayContaining(['promo:employees/*', 'iam:users/*', 'payment:payment-configs/*']),
    )
  })
})
