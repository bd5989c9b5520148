import { describe, expect, it } from 'vitest'
import { LoginThrottle } from './login-throttle'

const rules = { username: { limit: 3, windowMs: 60_000 }, address: { limit: 5, windowMs: 60_000 } }

describe('LoginThrottle', () => {
  it('refuses a username after its limit of failures until the oldest leaves the window', () => {
    const t = new LoginThrottle(rules)
    for (const at of [0, 10_000, 20_000]) {
      expect(t.retryAfterS('vending', '1.1.1.1', at)).toBeNull()
      t.recordFailure('vending', '1.1.1.1', at)
    }
    expect(t.retryAfterS('vending', '1.1.1.1', 30_000)).toBe(30)
    expect(t.retryAfterS('VENDING ', '2.2.2.2', 30_000)).toBe(30)
    expect(t.retryAfterS('vending', '1.1.1.1', 60_000)).toBeNull()
  })

  it('refuses an address after its limit across usernames', () => {
    const t = new LoginThrottle(rules)
    for (const name of ['a', 'b', 'c', 'd', 'e']) t.recordFailure(name, '9.9.9.9', 0)
    expect(t.retryAfterS('f', '9.9.9.9', 1000)).toBe(59)
    expect(t.retryAfterS('f', '8.8.8.8', 1000)).toBeNull()
  })

  it('clears the username after a success', () => {
    const t = new LoginThrottle(rules)
    t.recordFailure('vending', null, 0)
    t.recordFailure('vending', null, 0)
    t.recordSuccess('vending')
    t.recordFailure('vending', null, 1)
    expect(t.retryAfterS('vending', null, 2)).toBeNull()
  })
})
