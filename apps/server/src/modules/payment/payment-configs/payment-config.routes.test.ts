/* eslint-disable @typescript-eslint/no-explicit-any -- list items of JSON bodies are read field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS } from '../../../test-support'

const BASE = '/api/main/payment/payment-configs'

/** The raw demo secrets of VEND's seeded options (seed/entity-settings.ts): they must never come back. */
const RAW_SECRETS = [
  'sk_test_demo_0000000000003f9a',
  'whsec_demo_00000000000071c2',
  'dbs_demo_key_000000000000a1b2',
]

const netsQr = (overrides: Record<string, unknown> = {}) => ({
  method_code: 6,
  gateway_code: 'nets',
  display_name: 'NETS QR',
  is_enabled: true,
  config: {
    merchant_id: '11137000999',
    terminal_id: 'QR000001',
    secret: 'nets_qr_secret_0123456789beef',
    flow_type: 2,
  },
  ...overrides,
})

const issuePaths = (body: { error: { issues?: { path: string }[] } }) =>
  (body.error.issues ?? []).map((i) => i.path).sort()

describe.each(DIALECTS)('payment configuration on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const uuids: Record<string, string> = {}
  let stripeId: number
  let payNowId: number
  let cepasId: number

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    for (const username of ['vending', 'cpo', 'finance', 'viewer', 'admin']) {
      const r = await call(t.app, 'POST', '/api/main/iam/login', { body: { username, password: 'demo1234' } })
      tokens[username] = r.body.data.token
      uuids[username] = r.body.data.user_uuid
    }
    const list = await call(t.app, 'POST', `${BASE}/entity/filter`, {
      token: tokens.vending,
      body: { limit: 50, offset: 0 },
    })
    const byGateway = (code: string) => list.body.data.options.find((o: any) => o.gateway_code === code).id
    stripeId = byGateway('stripe')
    payNowId = byGateway('dbs-paynow')
    cepasId = byGateway('nets-cepas')
  })
  afterAll(() => t.close())

  const audit = async (objectType: string, id: number) =>
    (
      await call(t.app, 'GET', `/api/main/iam/audit?object_type=${objectType}&object_id=${String(id)}`, {
        token: tokens.vending,
      })
    ).body.data.entries

  describe('catalogues', () => {
    it('lists every payment method, optionally by name, to any signed-in user', async () => {
      const all = await call(t.app, 'GET', `${BASE}/method`, { token: tokens.viewer })
      expect(all.status).toBe(200)
      expect(all.body.data.methods).toHaveLength(56)
      expect(all.body.data.methods[4]).toEqual({ method_code: 5, name: 'Credit Card' })
      const some = await call(t.app, 'GET', `${BASE}/method?name=paynow`, { token: tokens.viewer })
      expect(some.body.data.methods).toEqual([{ method_code: 3, name: 'PayNow' }])
      expect((await call(t.app, 'GET', `${BASE}/method`)).status).toBe(401)
    })

    it('lists the gateways of a method with their settings', async () => {
      const r = await call(t.app, 'GET', `${BASE}/gateway?method_code=5`, { token: tokens.finance })
      expect(r.status).toBe(200)
      expect(r.body.data.gateways.map((g: any) => g.gateway_code)).toEqual(['stripe', 'adyen', '2c2p'])
      expect(r.body.data.gateways[0].fields).toContainEqual({ key: 'api_key', required: true, secret: true })
      const named = await call(t.app, 'GET', `${BASE}/gateway?method_code=5&name=ady`, {
        token: tokens.finance,
      })
      expect(named.body.data.gateways).toHaveLength(1)
    })

    it('answers 400 naming query.method_code for an unknown or missing method', async () => {
      for (const qs of ['?method_code=9999', '?method_code=abc', '']) {
        const r = await call(t.app, 'GET', `${BASE}/gateway${qs}`, { token: tokens.vending })
        expect(r.status).toBe(400)
        expect(issuePaths(r.body)).toEqual(['query.method_code'])
      }
    })
  })

  describe('entity payment options', () => {
    it('lists the seeded options with secrets masked', async () => {
      const r = await call(t.app, 'POST', `${BASE}/entity/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0 },
      })
      expect(r.status).toBe(200)
      expect(r.body.data.count).toBe(3)
      const stripe = r.body.data.options.find((o: any) => o.id === stripeId)
      expect(stripe).toMatchObject({
        method_code: 5,
        display_name: 'Cards (Stripe)',
        currency_code: 'SGD',
        is_enabled: true,
        config: {
          merchant_id: 'acct_demo_kopi',
          terminal_id: null,
          api_key: '••••3f9a',
          secret: '••••71c2',
          flow_type: 2,
          card_payment_types: ['credit_card', 'stripe'],
        },
      })
      expect(r.body.data.options.find((o: any) => o.id === cepasId).user_config_count).toBe(1)
      for (const raw of RAW_SECRETS) expect(r.response.body).not.toContain(raw)
    })

    it('filters by method and enabled flag, and pages', async () => {
      const byMethod = await call(t.app, 'POST', `${BASE}/entity/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0, method_code: 3 },
      })
      expect(byMethod.body.data.options.map((o: any) => o.id)).toEqual([payNowId])
      const disabled = await call(t.app, 'POST', `${BASE}/entity/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0, is_enabled: false },
      })
      expect(disabled.body.data).toEqual({ options: [], count: 0 })
      const second = await call(t.app, 'POST', `${BASE}/entity/filter`, {
        token: tokens.vending,
        body: { limit: 2, offset: 2 },
      })
      expect(second.body.data.options).toHaveLength(1)
      expect(second.body.data.count).toBe(3)
    })

    it('creates, reads, updates and deletes an option, auditing each change with secrets masked', async () => {
      const created = await call(t.app, 'POST', `${BASE}/entity`, { token: tokens.vending, body: netsQr() })
      expect(created.status).toBe(200)
      const id = created.body.data.id
      expect(created.body.data).toMatchObject({
        entity_code: 'VEND',
        method_code: 6,
        gateway_code: 'nets',
        currency_code: 'SGD',
        config: { secret: '••••beef', api_key: null, terminal_id: 'QR000001', card_payment_types: [] },
        user_config_count: 0,
      })
      expect(created.response.body).not.toContain('nets_qr_secret')

      const got = await call(t.app, 'GET', `${BASE}/entity/${String(id)}`, { token: tokens.vending })
      expect(got.body.data).toEqual(created.body.data)

      // Secret left out: kept. Sent back masked: kept. A new value replaces it.
      const renamed = await call(t.app, 'PUT', `${BASE}/entity/${String(id)}`, {
        token: tokens.vending,
        body: netsQr({
          display_name: 'NETS QR (kiosks)',
          currency_code: 'myr',
          is_enabled: false,
          config: { merchant_id: '11137000999', terminal_id: 'QR000002', flow_type: 3 },
        }),
      })
      expect(renamed.status).toBe(200)
      expect(renamed.body.data).toMatchObject({
        display_name: 'NETS QR (kiosks)',
        currency_code: 'MYR',
        is_enabled: false,
        config: { secret: '••••beef', terminal_id: 'QR000002', flow_type: 3 },
      })
      const masked = await call(t.app, 'PUT', `${BASE}/entity/${String(id)}`, {
        token: tokens.vending,
        body: netsQr({ config: { ...netsQr().config, secret: '••••beef' } }),
      })
      expect(masked.body.data.config.secret).toBe('••••beef')
      const replaced = await call(t.app, 'PUT', `${BASE}/entity/${String(id)}`, {
        token: tokens.vending,
        body: netsQr({ config: { ...netsQr().config, secret: 'a-brand-new-secret-cafe' } }),
      })
      expect(replaced.body.data.config.secret).toBe('••••cafe')

      const deleted = await call(t.app, 'DELETE', `${BASE}/entity/${String(id)}`, { token: tokens.vending })
      expect(deleted.status).toBe(200)
      expect(deleted.body.data).toEqual({ deleted: true })
      expect(
        (await call(t.app, 'GET', `${BASE}/entity/${String(id)}`, { token: tokens.vending })).status,
      ).toBe(404)

      const entries = await audit('payment_option', id)
      expect(entries.map((e: any) => e.action)).toEqual([
        'payment_option_deleted',
        'payment_option_updated',
        'payment_option_updated',
        'payment_option_updated',
        'payment_option_created',
      ])
      expect(entries[0].actor.username).toBe('vending')
      expect(entries[3].before.config.terminal_id).toBe('QR000001')
      expect(entries[3].after.config.terminal_id).toBe('QR000002')
      const text = JSON.stringify(entries)
      expect(text).not.toContain('nets_qr_secret')
      expect(text).not.toContain('a-brand-new-secret')
    })

    it('answers 400 naming each field, never a 500, and writes nothing', async () => {
      const bad = async (body: unknown) => {
        const r = await call(t.app, 'POST', `${BASE}/entity`, { token: tokens.vending, body })
        expect(r.status).toBe(400)
        return issuePaths(r.body)
      }
      expect(await bad(netsQr({ gateway_code: 'stripe' }))).toEqual(['body.gateway_code'])
      expect(await bad(netsQr({ gateway_code: 'no-such-gateway' }))).toEqual(['body.gateway_code'])
      expect(await bad(netsQr({ config: { flow_type: 2, api_key: 'k' } }))).toEqual(['body.config.api_key'])
      expect(await bad(netsQr({ config: { flow_type: 2, api_key: 'k-12345678' } }))).toEqual([
        'body.config.merchant_id',
        'body.config.secret',
        'body.config.terminal_id',
      ])
      expect(await bad(netsQr({ config: { ...netsQr().config, secret: '••••beef' } }))).toEqual([
        'body.config.secret',
      ])
      expect(await bad(netsQr({ config: { ...netsQr().config, flow_type: 16, colour: 'red' } }))).toEqual([
        'body.config.colour',
        'body.config.flow_type',
      ])
      expect(await bad(netsQr({ display_name: ' ', currency_code: 'ABC', method_code: 0 }))).toEqual([
        'body.currency_code',
        'body.display_name',
        'body.method_code',
      ])
      expect(await bad(netsQr({ config: { ...netsQr().config, card_payment_types: ['stripe'] } }))).toEqual([
        'body.config.card_payment_types',
      ])
      expect(
        await bad({
          method_code: 5,
          gateway_code: 'adyen',
          display_name: 'Cards',
          config: { merchant_id: 'M', api_key: 'k-12345678', secret: 's-12345678', flow_type: 2 },
        }),
      ).toEqual(['body.config.card_payment_types'])
      expect(await bad([1, 2])).toEqual(['body'])
      const list = await call(t.app, 'POST', `${BASE}/entity/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0 },
      })
      expect(list.body.data.count).toBe(3)
    })

    it('refuses a second option for the same method and gateway, naming the gateway', async () => {
      const r = await call(t.app, 'POST', `${BASE}/entity`, {
        token: tokens.vending,
        body: {
          method_code: 3,
          gateway_code: 'dbs-paynow',
          display_name: 'PayNow again',
          config: { merchant_id: 'X1', api_key: 'key-000000001', flow_type: 2 },
        },
      })
      expect(r.status).toBe(400)
      expect(r.body.error.issues).toEqual([
        { path: 'body.gateway_code', message: 'This entity already has PayNow through DBS PayNow' },
      ])
      // Moving another option onto that method and gateway is refused the same way.
      const moved = await call(t.app, 'PUT', `${BASE}/entity/${String(stripeId)}`, {
        token: tokens.vending,
        body: {
          method_code: 3,
          gateway_code: 'dbs-paynow',
          display_name: 'x',
          config: { merchant_id: 'X1', api_key: 'key-000000001', flow_type: 2 },
        },
      })
      expect(issuePaths(moved.body)).toEqual(['body.gateway_code'])
    })

    it('drops the stored secrets when the gateway changes', async () => {
      const r = await call(t.app, 'PUT', `${BASE}/entity/${String(stripeId)}`, {
        token: tokens.vending,
        body: {
          method_code: 5,
          gateway_code: 'adyen',
          display_name: 'Cards',
          config: { merchant_id: 'KopiSG', flow_type: 2, card_payment_types: ['credit_card'] },
        },
      })
      expect(r.status).toBe(400)
      expect(issuePaths(r.body)).toEqual(['body.config.api_key', 'body.config.secret'])
    })

    it('answers 404 with no data for an option of another entity', async () => {
      const missing = await call(t.app, 'GET', `${BASE}/entity/999999`, { token: tokens.cpo })
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', netsQr()],
        ['DELETE', undefined],
      ] as const) {
        const r = await call(t.app, method, `${BASE}/entity/${String(stripeId)}`, { token: tokens.cpo, body })
        expect(r.status).toBe(404)
        expect(r.body).toEqual(missing.body)
        expect(r.response.body).not.toContain('Stripe')
      }
      const theirs = await call(t.app, 'POST', `${BASE}/entity/filter`, {
        token: tokens.cpo,
        body: { limit: 10, offset: 0 },
      })
      expect(theirs.body.data).toEqual({ options: [], count: 0 })
      const still = await call(t.app, 'GET', `${BASE}/entity/${String(stripeId)}`, { token: tokens.vending })
      expect(still.body.data.display_name).toBe('Cards (Stripe)')
    })

    it('lets finance read but not change, refuses viewer, and needs a token', async () => {
      const id = String(payNowId)
      expect((await call(t.app, 'GET', `${BASE}/entity/${id}`, { token: tokens.finance })).status).toBe(200)
      expect(
        (
          await call(t.app, 'POST', `${BASE}/entity/filter`, {
            token: tokens.finance,
            body: { limit: 5, offset: 0 },
          })
        ).status,
      ).toBe(200)
      const edits = [
        ['POST', `${BASE}/entity`, netsQr()],
        ['PUT', `${BASE}/entity/${id}`, netsQr()],
        ['DELETE', `${BASE}/entity/${id}`, undefined],
      ] as const
      for (const [method, url, body] of edits) {
        expect((await call(t.app, method, url, { token: tokens.finance, body })).status).toBe(403)
        expect((await call(t.app, method, url, { token: tokens.viewer, body })).status).toBe(403)
        expect((await call(t.app, method, url, { body })).status).toBe(401)
      }
      const denied = await call(t.app, 'GET', `${BASE}/entity/${id}`, { token: tokens.viewer })
      expect(denied.status).toBe(403)
      expect(denied.body.error.message).toBe('You do not have permission to view payment configuration')
    })

    it('lets the platform administrator manage the options of the entity they act in', async () => {
      const r = await call(t.app, 'POST', `${BASE}/entity/filter`, {
        token: tokens.admin,
        body: { limit: 10, offset: 0 },
      })
      expect(r.status).toBe(200)
      expect(r.body.data.options.every((o: any) => o.entity_code === 'VEND')).toBe(true)
    })
  })

  describe('user payment configs', () => {
    it('lists the seeded config, by option and by user', async () => {
      const byOption = await call(t.app, 'POST', `${BASE}/user/filter`, {
        token: tokens.finance,
        body: { limit: 10, offset: 0, option_id: cepasId },
      })
      expect(byOption.status).toBe(200)
      expect(byOption.body.data.count).toBe(1)
      expect(byOption.body.data.configs[0]).toMatchObject({
        username: 'finance',
        user_uuid: uuids.finance,
        option_id: cepasId,
        method_code: 7,
        gateway_code: 'nets-cepas',
        currency_code: 'SGD',
        daily_limit: 5000,
        is_enabled: true,
      })
      const byUser = await call(t.app, 'POST', `${BASE}/user/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0, user_uuid: uuids.viewer },
      })
      expect(byUser.body.data).toEqual({ configs: [], count: 0 })
    })

    it('creates a config for a member, refusing non-members, other options and duplicates', async () => {
      const create = (body: Record<string, unknown>) =>
        call(t.app, 'POST', `${BASE}/user`, { token: tokens.vending, body })
      const ok = await create({ user_uuid: uuids.viewer, option_id: payNowId, daily_limit: 2000 })
      expect(ok.status).toBe(200)
      expect(ok.body.data).toMatchObject({
        username: 'viewer',
        option_id: payNowId,
        daily_limit: 2000,
        is_enabled: true,
      })
      const entries = await audit('user_payment_config', ok.body.data.id)
      expect(entries.map((e: any) => e.action)).toEqual(['user_payment_config_created'])

      const twice = await create({ user_uuid: uuids.viewer, option_id: payNowId })
      expect(issuePaths(twice.body)).toEqual(['body.user_uuid'])
      const outsider = await create({ user_uuid: uuids.cpo, option_id: payNowId })
      expect(outsider.status).toBe(400)
      expect(issuePaths(outsider.body)).toEqual(['body.user_uuid'])
      expect(outsider.response.body).not.toContain('Chandra')
      const foreign = await create({ user_uuid: uuids.viewer, option_id: 999999 })
      expect(issuePaths(foreign.body)).toEqual(['body.option_id'])
      const negative = await create({ user_uuid: uuids.viewer, option_id: stripeId, daily_limit: -1 })
      expect(issuePaths(negative.body)).toEqual(['body.daily_limit'])
      const fraction = await create({ user_uuid: uuids.viewer, option_id: stripeId, daily_limit: 1.5 })
      expect(issuePaths(fraction.body)).toEqual(['body.daily_limit'])
    })

    it('suggests members of the entity only', async () => {
      const r = await call(t.app, 'GET', `${BASE}/user/members?query=fin`, { token: tokens.vending })
      expect(r.status).toBe(200)
      expect(r.body.data.users).toEqual([
        { user_uuid: uuids.finance, name: 'Farah Iskandar', username: 'finance' },
      ])
      const none = await call(t.app, 'GET', `${BASE}/user/members?query=chandra`, { token: tokens.vending })
      expect(none.body.data.users).toEqual([])
      expect((await call(t.app, 'GET', `${BASE}/user/members`, { token: tokens.finance })).status).toBe(403)
    })

    it('updates many configs at once, all or nothing', async () => {
      const created = await call(t.app, 'POST', `${BASE}/user`, {
        token: tokens.vending,
        body: { user_uuid: uuids.finance, option_id: stripeId, is_enabled: false },
      })
      const a = created.body.data.id
      const list = await call(t.app, 'POST', `${BASE}/user/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0, option_id: cepasId },
      })
      const b = list.body.data.configs[0].id
      const snapshot = async () =>
        (
          await call(t.app, 'POST', `${BASE}/user/filter`, {
            token: tokens.vending,
            body: { limit: 50, offset: 0 },
          })
        ).body.data.configs.map((c: any) => [c.id, c.is_enabled, c.daily_limit])
      const before = await snapshot()

      const unknown = await call(t.app, 'PUT', `${BASE}/user-bulk`, {
        token: tokens.vending,
        body: {
          configs: [
            { id: a, is_enabled: true },
            { id: b, daily_limit: 1 },
            { id: 999999, is_enabled: true },
          ],
        },
      })
      expect(unknown.status).toBe(400)
      expect(issuePaths(unknown.body)).toEqual(['body.configs.2.id'])
      const badLimit = await call(t.app, 'PUT', `${BASE}/user-bulk`, {
        token: tokens.vending,
        body: {
          configs: [
            { id: a, is_enabled: true },
            { id: b, daily_limit: -5 },
          ],
        },
      })
      expect(issuePaths(badLimit.body)).toEqual(['body.configs.1.daily_limit'])
      const twice = await call(t.app, 'PUT', `${BASE}/user-bulk`, {
        token: tokens.vending,
        body: {
          configs: [
            { id: a, is_enabled: true },
            { id: a, is_enabled: false },
          ],
        },
      })
      expect(issuePaths(twice.body)).toEqual(['body.configs.1.id'])
      const empty = await call(t.app, 'PUT', `${BASE}/user-bulk`, {
        token: tokens.vending,
        body: { configs: [] },
      })
      expect(issuePaths(empty.body)).toEqual(['body.configs'])
      expect(await snapshot()).toEqual(before)

      const done = await call(t.app, 'PUT', `${BASE}/user-bulk`, {
        token: tokens.vending,
        body: {
          configs: [
            { id: a, is_enabled: true, daily_limit: 10000 },
            { id: b, daily_limit: null },
          ],
        },
      })
      expect(done.status).toBe(200)
      expect(done.body.data.configs.map((c: any) => [c.id, c.is_enabled, c.daily_limit])).toEqual([
        [a, true, 10000],
        [b, true, null],
      ])
      const trail = await audit('user_payment_config', b)
      expect(trail[0]).toMatchObject({
        action: 'user_payment_config_updated',
        before: { daily_limit: 5000 },
        after: { daily_limit: null },
      })

      // Another entity's config in the batch is as unknown as a missing one, and nothing is written.
      const cpoBulk = await call(t.app, 'PUT', `${BASE}/user-bulk`, {
        token: tokens.cpo,
        body: { configs: [{ id: a, is_enabled: false }] },
      })
      expect(cpoBulk.status).toBe(400)
      expect(issuePaths(cpoBulk.body)).toEqual(['body.configs.0.id'])
      expect(
        (
          await call(t.app, 'PUT', `${BASE}/user-bulk`, {
            token: tokens.finance,
            body: { configs: [{ id: a, is_enabled: false }] },
          })
        ).status,
      ).toBe(403)
    })

    it('deletes a config: 403 without all, 404 across entities, audited', async () => {
      const created = await call(t.app, 'POST', `${BASE}/user`, {
        token: tokens.vending,
        body: { user_uuid: uuids.vending, option_id: cepasId },
      })
      const id = String(created.body.data.id)
      expect((await call(t.app, 'DELETE', `${BASE}/user/${id}`, { token: tokens.finance })).status).toBe(403)
      expect((await call(t.app, 'DELETE', `${BASE}/user/${id}`, { token: tokens.cpo })).status).toBe(404)
      expect((await call(t.app, 'DELETE', `${BASE}/user/${id}`, { token: tokens.vending })).status).toBe(200)
      expect((await call(t.app, 'DELETE', `${BASE}/user/${id}`, { token: tokens.vending })).status).toBe(404)
      const trail = await audit('user_payment_config', Number(id))
      expect(trail.map((e: any) => e.action)).toEqual([
        'user_payment_config_deleted',
        'user_payment_config_created',
      ])
    })

    it('deleting an option deletes its user configs, with an audit record for each', async () => {
      const option = await call(t.app, 'POST', `${BASE}/entity`, { token: tokens.vending, body: netsQr() })
      const config = await call(t.app, 'POST', `${BASE}/user`, {
        token: tokens.vending,
        body: { user_uuid: uuids.viewer, option_id: option.body.data.id },
      })
      const got = await call(t.app, 'GET', `${BASE}/entity/${String(option.body.data.id)}`, {
        token: tokens.vending,
      })
      expect(got.body.data.user_config_count).toBe(1)
      await call(t.app, 'DELETE', `${BASE}/entity/${String(option.body.data.id)}`, { token: tokens.vending })
      const left = await call(t.app, 'POST', `${BASE}/user/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0, option_id: option.body.data.id },
      })
      expect(left.body.data.count).toBe(0)
      const trail = await audit('user_payment_config', config.body.data.id)
      expect(trail[0].action).toBe('user_payment_config_deleted')
    })
  })
})
