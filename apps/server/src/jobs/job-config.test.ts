import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/env'

describe('JOB_LEASE_MS', () => {
  it('defaults to 20 s, so a dead instance job is taken over within 30 s', () => {
    expect(loadConfig({}).jobLeaseMs).toBe(20_000)
    expect(loadConfig({ JOB_LEASE_MS: '5000' }).jobLeaseMs).toBe(5_000)
  })

  it('refuses a lease under a second, naming the variable', () => {
    expect(() => loadConfig({ JOB_LEASE_MS: '500' })).toThrow(/JOB_LEASE_MS/)
    expect(() => loadConfig({ JOB_LEASE_MS: 'soon' })).toThrow(/JOB_LEASE_MS/)
  })
})
