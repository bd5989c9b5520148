import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { createTestApp, DIALECTS } from '../test-support'

describe.each(DIALECTS)('GET /metrics (%s)', (dialect) => {
  let t: TestApp
  let withToken: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false, build: { background: { jobs: false } } })
    withToken = await createTestApp(dialect, {
      seed: false,
      config: { metricsToken: 's3cret-token' },
      build: { background: { jobs: false } },
    })
  })
  afterAll(async () => {
    await t?.close()
    await withToken?.close()
  })

  it('labels request latency by route pattern, not the raw URL', async () => {
    for (const id of ['1', '2', '3'])
      await t.app.inject({ method: 'GET', url: `/api/main/iot/machines/${id}` })
    await t.app.inject({ method: 'GET', url: '/healthz' })
    await t.app.inject({ method: 'GET', url: '/no/such/path' })
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/,
    )
    // Three ids, one series: the pattern carries the parameter.
    expect(text).toMatch(/route="\/api\/main\/iot\/machines\/:id",status_code="401"\} 3/)
    expect(text).not.toContain('/api/main/iot/machines/1"')
    expect(text).toMatch(/route="unmatched",status_code="404"\} 1/)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    expect(text).toContain('portal_job_queue_depth')
    if (dialect === 'postgres') expect(text).toMatch(/portal_db_pool_connections\{state="total"\} \d+/)
    else expect(text).not.toContain('portal_db_pool_connections')
  })

  it('without a token, answers loopback callers only, by socket address', async () => {
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
      const ok = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress })
      expect(ok.statusCode).toBe(200)
    }
    const far = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(far.statusCode).toBe(404)
    expect(far.body).not.toContain('nodejs_')
  })

  it('with a token set, requires it from every caller, loopback included', async () => {
    const none = await withToken.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(none.statusCode).toBe(401)
    const wrong = await withToken.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { authorization: 'Bearer s3cret-tokem' },
    })
    expect(wrong.statusCode).toBe(401)
    const right = await withToken.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.0.0.1',
      headers: { authorization: 'Bearer s3cret-token' },
    })
    expect(right.statusCode).toBe(200)
    expect(right.body).toContain('portal_http_request_duration_seconds')
  })
})
