import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { createTestApp, DIALECTS } from '../test-support'
import { requestIdOf } from './request-id'

describe('requestIdOf', () => {
  it.each([
    ['a proxy id is kept', 'req-2f1c9a7e', 'req-2f1c9a7e'],
    ['a line break is refused', 'abc\nINFO forged', null],
    ['a long value is refused', 'x'.repeat(65), null],
    ['a short value is refused', 'abc', null],
    ['none makes a new one', undefined, null],
  ] as const)('%s', (_name, incoming, kept) => {
    const id = requestIdOf(incoming)
    if (kept !== null) expect(id).toBe(kept)
    else expect(id).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe.each(DIALECTS)('request ids on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false })
  })
  afterAll(() => t.close())

  it('every answer, an error too, names its request in x-request-id', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/healthz' })
    const failed = await t.app.inject({ method: 'POST', url: '/api/main/iot/machines/filter', payload: {} })
    expect(failed.statusCode).toBe(401)
    const ids = [ok.headers['x-request-id'], failed.headers['x-request-id']]
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(ids[0]).not.toBe(ids[1])
  })

  it("keeps a proxy's id", async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234abcd' },
    })
    expect(r.headers['x-request-id']).toBe('lb-1234abcd')
  })
})
