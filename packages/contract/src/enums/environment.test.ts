import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { environments, navToneOf } from './environment'

describe('environments: dev, uat, staging, prod', () => {
  it('lists them', () => {
    expect(environments.values).toEqual(['dev', 'uat', 'staging', 'prod'])
    expect(labelOf(environments, 'uat')).toBe('UAT')
    expect(labelOf(environments, 'test')).toBe('Unknown (test)')
  })

  it.each([
    ['dev', 'blue'],
    ['uat', 'gray'],
    ['staging', 'teal'],
    ['prod', 'teal'],
    ['anything', 'teal'],
  ])('navigation on %s is %s (A §2)', (env, tone) => {
    expect(navToneOf(env)).toBe(tone)
  })
})
