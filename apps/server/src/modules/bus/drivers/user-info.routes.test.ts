import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { Driver, DriverUserInfo } from '@portal/contract'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import { authenticate } from '../../iam/auth/auth.service'
import { driverUserInfo } from './user-info'

/*
 * The driver's profile from the external user-info host (docs/decisions/0031-user-info-lookup.md). The host is a
 * third party we cannot reach, so a small HTTP server in the test stands in for it and answers as told.
 */

type Mode = 'profile' | 'nothing-to-show' | 'server-error' | 'not-found' | 'not-json' | 'reset'

let mode: Mode = 'profile'
const received: { path: string; body: Record<string, unknown> }[] = []

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => resolve(text))
  })
}

const host: Server = createServer((request, response) => {
  void readBody(request).then((text) => {
    received.push({ path: request.url ?? '', body: JSON.parse(text || '{}') as Record<string, unknown> })
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (mode === 'profile') json(200, { data: { fullName: 'Tan Wei Ming', tier: 'Gold', points: 1200 } })
    else if (mode === 'nothing-to-show') json(200, { nested: { a: 1 }, list: [1] })
    else if (mode === 'server-error') json(500, { message: 'boom' })
    else if (mode === 'not-found') json(404, { message: 'no such user' })
    else if (mode === 'not-json') response.writeHead(200, { 'content-type': 'text/html' }).end('<html>')
    else request.socket.destroy()
  })
})

const DASH = '/api/bus/v2/dashboard/drivers'
const LIMO = '/api/bus/v2/eleccalimo/drivers'

describe.each(DIALECTS)('driver user-info lookup on %s', (dialect) => {
  let on: TestApp
  let off: TestApp
  let hostUrl = ''
  const tokens = { on: { voltnet: '', limo: '' }, off: { voltnet: '' } }
  const ids = { voltnet: '', limo: '', off: '' }

  beforeAll(async () => {
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    hostUrl = `http://127.0.0.1:${String((host.address() as AddressInfo).port)}`
    ;[on, off] = await Promise.all([
      createTestApp(dialect, { scale: 0.02, config: { userInfoHost: hostUrl } }),
      createTestApp(dialect, { scale: 0.02 }),
    ])
    tokens.on.voltnet = await loginAs(on.app, 'voltnet')
    tokens.on.limo = await loginAs(on.app, 'limo')
    tokens.off.voltnet = await loginAs(off.app, 'voltnet')
    const first = async (app: TestApp, url: string, token: string) => {
      const r = await call<{ data: { drivers: Driver[] } }>(app.app, 'GET', url, { token })
      if (r.status !== 200) throw new Error(`${url}: ${String(r.status)} ${JSON.stringify(r.body)}`)
      return r.body.data.drivers[0]?.id ?? ''
    }
    ids.voltnet = await first(on, `${DASH}?offset=0&limit=1`, tokens.on.voltnet)
    ids.limo = await first(on, LIMO, tokens.on.limo)
    ids.off = await first(off, `${DASH}?offset=0&limit=1`, tokens.off.voltnet)
  })
  afterAll(async () => {
    await Promise.all([on.close(), off.close()])
    await new Promise((resolve) => host.close(resolve))
  })
  beforeEach(() => {
    mode = 'profile'
    received.length = 0
  })

  const info = (app: TestApp, path: string, id: string, token: string) =>
    call<{ data: DriverUserInfo }>(app.app, 'GET', `${path}/${id}/user-info`, { token })

  it('is off by default: no host, no call, the page is told so', async () => {
    expect(ids.off).not.toBe('')
    const r = await info(off, DASH, ids.off, tokens.off.voltnet)
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ enabled: false, available: false, fields: [] })
    expect(received).toHaveLength(0)
  })

  it.each([
    ['dashboard', DASH, 'voltnet'],
    ['eleccalimo', LIMO, 'limo'],
  ] as const)(
    'the %s variant posts to {host}/users/getinfo and shows the profile',
    async (variant, path, user) => {
      expect(ids[user]).not.toBe('')
      const r = await info(on, path, ids[user], tokens.on[user])
      expect(r.status).toBe(200)
      expect(r.body.data).toEqual({
        enabled: true,
        available: true,
        fields: [
          { key: 'fullName', value: 'Tan Wei Ming' },
          { key: 'tier', value: 'Gold' },
          { key: 'points', value: '1200' },
        ],
      })
      expect(received).toHaveLength(1)
      expect(received[0]?.path).toBe('/users/getinfo')
      expect(received[0]?.body).toMatchObject({
        variant,
        uuid: ids[user],
        entityCode: user === 'limo' ? 'LIMO' : 'VOLT',
      })
      expect(received[0]?.body.mobileNumber).toMatch(/^\+\d+$/)
    },
  )

  it.each(['nothing-to-show', 'server-error', 'not-found', 'not-json', 'reset'] as const)(
    'a host answering %s leaves the page working: enabled, not available, no fields',
    async (m) => {
      mode = m
      const r = await info(on, DASH, ids.voltnet, tokens.on.voltnet)
      expect(r.status).toBe(200)
      expect(r.body.data).toEqual({ enabled: true, available: false, fields: [] })
    },
  )

  it("another entity's driver is not found, and the host is not asked", async () => {
    const r = await info(on, DASH, ids.limo, tokens.on.voltnet)
    expect(r.status).toBe(404)
    expect(received).toHaveLength(0)
  })

  it('logs a failed lookup', async () => {
    const warnings: unknown[] = []
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger
    const auth = await authenticate(on.database.db, tokens.on.voltnet)
    if (!auth) throw new Error('voltnet is not signed in')
    mode = 'server-error'
    const result = await driverUserInfo(
      on.database.db,
      { auth, ip: null, sets: null },
      ids.voltnet,
      'dashboard',
      hostUrl,
      log,
    )
    expect(result.available).toBe(false)
    expect(warnings).toHaveLength(1)
    expect(JSON.stringify(warnings[0])).toContain('user-info lookup failed')
  })
})
