import { describe, expect, it } from 'vitest'
import { matchSpecCall, SPEC_CALLS, specCallKey } from './spec-calls'

/** A concrete path of a template, each parameter replaced by a value that is no literal segment of the spec. */
const sample = (path: string) => path.replace(/\{\w+\}/g, 'x-42')

describe('the spec calls of A §7 and B §7', () => {
  it('lists each call once', () => {
    const keys = SPEC_CALLS.map(specCallKey)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('has the 62 read calls the walk of the portal must make', () => {
    expect(SPEC_CALLS.filter((c) => c.kind === 'read')).toHaveLength(62)
  })

  it('writes paths from the service base with {name} parameters', () => {
    for (const c of SPEC_CALLS) {
      expect(c.path, specCallKey(c)).toMatch(/^(\/[\w.-]+|\/\{\w+\})+$/)
    }
  })

  it('maps a concrete request back to its own call, never to another template', () => {
    for (const c of SPEC_CALLS) {
      expect(matchSpecCall(c.service, c.method, sample(c.path)), specCallKey(c)).toBe(c)
    }
  })

  it('prefers the literal path over a template that would also match it', () => {
    expect(matchSpecCall('main', 'GET', '/iam/policies/apps')?.path).toBe('/iam/policies/apps')
    expect(matchSpecCall('main', 'GET', '/iam/policies/17')?.path).toBe('/iam/policies/{id}')
    expect(matchSpecCall('main', 'post', '/iam/users/filter')?.path).toBe('/iam/users/filter')
  })

  it('knows the service, the method and the whole path', () => {
    expect(matchSpecCall('charging', 'GET', '/charge-points/CPO/locations')?.path).toBe(
      '/charge-points/{entity_code}/locations',
    )
    expect(matchSpecCall('main', 'GET', '/charge-points/CPO/locations')).toBeUndefined()
    expect(matchSpecCall('main', 'POST', '/iam/users/u-1')).toBeUndefined()
    expect(matchSpecCall('main', 'GET', '/iam/users/u-1/extra')).toBeUndefined()
    expect(matchSpecCall('main', 'GET', '/iam/users/')).toBeUndefined()
  })
})
