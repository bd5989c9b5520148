import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { createTestApp } from '../test-support'

/** Helmet's headers, on answers of every kind: built once (security-headers.ts), they must still be on each. */
describe('security headers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite', { scale: 0.005 })
  })
  afterAll(() => t.close())

  it.each([
    ['a public route', 'GET', '/healthz', 200],
    ['a refused call', 'POST', '/api/main/iot/machines/filter', 401],
    ['an unknown API path', 'GET', '/api/main/no-such-thing', 404],
  ] as const)('on %s', async (_label, method, url, status) => {
    const reply = await t.app.inject({ method, url })
    expect(reply.statusCode).toBe(status)
    const csp = String(reply.headers['content-security-policy'])
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob: https:",
      "style-src 'self' 'unsafe-inline'",
      "script-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'self'",
      "object-src 'none'",
    ])
      expect(csp).toContain(directive)
    expect(reply.headers['x-content-type-options']).toBe('nosniff')
    expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(reply.headers['strict-transport-security']).toMatch(/^max-age=\d+/)
    expect(reply.headers['referrer-policy']).toBe('no-referrer')
    expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(reply.headers['x-powered-by']).toBeUndefined()
    expect(reply.headers['x-request-id']).toBeTruthy()
  })

  it('sends the same headers twice in a row (the middleware is shared, not spent)', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' })
    const b = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(b.headers['content-security-policy']).toBe(a.headers['content-security-policy'])
  })
})
