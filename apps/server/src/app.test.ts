import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from './test-support'
import { call, createTestApp, DIALECTS } from './test-support'

describe.each(DIALECTS)('the server on %s', (dialect) => {
  let t: TestApp
  const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'))
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><title>Operator Portal</title><div id="root"></div>',
  )
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false, config: { webDist } })
  })
  afterAll(() => t.close())

  it('answers liveness on /healthz and database readiness on /readyz', async () => {
    const live = await call(t.app, 'GET', '/healthz')
    expect(live.status).toBe(200)
    expect(live.body).toEqual({ status: 'ok' })
    const ready = await call(t.app, 'GET', '/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ready', database: 'up', dialect })
  })

  it('serves the OpenAPI document generated from the contract schemas', async () => {
    const r = await call(t.app, 'GET', '/api/docs/json')
    expect(r.status).toBe(200)
    const paths = Object.keys(r.body.paths as object)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/main/iam/login',
        '/api/main/iot/machines/filter',
        '/api/main/iot/machines/{id}',
        '/api/main/iam/entities/{id}',
        '/api/main/iam/users/{id}',
      ]),
    )
    const filterBody =
      r.body.paths['/api/main/iot/machines/filter'].post.requestBody.content['application/json'].schema
    expect(Object.keys(filterBody.properties)).toEqual(
      expect.arrayContaining(['limit', 'offset', 'overall_status_list', 'vmc_list']),
    )
    expect((await call(t.app, 'GET', '/api/docs')).status).toBeLessThan(400)
  })

  it.each(['/', '/machines', '/machines/12', '/iam/users/abc', '/reset-password/xyz'])(
    'serves the web app for %s (history-mode fallback)',
    async (path) => {
      const r = await call(t.app, 'GET', path)
      expect(r.status).toBe(200)
      expect(r.response.headers['content-type']).toContain('text/html')
      expect(r.body).toContain('Operator Portal')
    },
  )

  it('serves static files and answers 404 for missing ones', async () => {
    expect((await call(t.app, 'GET', '/favicon.svg')).status).toBe(200)
    expect((await call(t.app, 'GET', '/missing.js')).status).toBe(404)
  })

  it('answers unknown API paths with the JSON error envelope', async () => {
    const r = await call(t.app, 'GET', '/api/main/nope')
    expect(r.status).toBe(404)
    expect(r.body).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'No route for GET /api/main/nope',
        message_code: 'no_route',
        params: { method: 'GET', path: '/api/main/nope' },
      },
    })
  })
})
