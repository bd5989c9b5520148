import type { SpecCall } from '@portal/contract'
import { DEFAULT_SERVICE_BASES, SPEC_CALLS, specCallKey } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from './test-support'
import { call, createTestApp } from './test-support'

/** The call's route as Fastify registers it: the service prefix, then `:param` for the spec's `{param}`. */
const fastifyShape = (c: SpecCall) => `${c.method} ${DEFAULT_SERVICE_BASES[c.service]}${c.path}`
/** Parameter names are ours to choose; only the shape of the path is the contract. */
const anyParam = (route: string) => route.replace(/[:{]\w+\}?/g, '{}')

/**
 * Every call of the spec's call tables (packages/contract/src/spec-calls.ts) is served, on the service the spec
 * names, and documented in the OpenAPI document integrators read. Routing is the same on both dialects, so one is
 * enough.
 */
describe('the server answers every call of the spec', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false })
  })
  afterAll(() => t.close())

  it('registers a route for each spec call', () => {
    const registered = new Set(t.app.routeTable.map((r) => anyParam(`${r.method} ${r.url}`)))
    const missing = SPEC_CALLS.filter((c) => !registered.has(anyParam(fastifyShape(c)))).map(specCallKey)
    expect(missing).toEqual([])
  })

  it('documents each spec call in /api/docs/json', async () => {
    const r = await call(t.app, 'GET', '/api/docs/json')
    expect(r.status).toBe(200)
    const paths = r.body.paths as Record<string, Record<string, unknown>>
    const documented = new Set(
      Object.entries(paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => anyParam(`${method.toUpperCase()} ${path}`)),
      ),
    )
    const missing = SPEC_CALLS.filter((c) => !documented.has(anyParam(fastifyShape(c)))).map(specCallKey)
    expect(missing).toEqual([])
  })

  it('tells a path the spec does not have from one it has', () => {
    const registered = new Set(t.app.routeTable.map((r) => anyParam(`${r.method} ${r.url}`)))
    expect(registered.has(anyParam('GET /api/main/iam/users/:id'))).toBe(true)
    expect(registered.has(anyParam('GET /api/bus/iam/users/:id'))).toBe(false)
    expect(registered.has(anyParam('PATCH /api/main/iam/users/:id'))).toBe(false)
  })
})
