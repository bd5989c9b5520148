/* eslint-disable @typescript-eslint/no-explicit-any -- list items of JSON bodies are read field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const OPTIONS = '/api/main/iam/integration-options'
const CONFIGS = '/api/main/iam/integration-configs'

const webhook = (overrides: Record<string, unknown> = {}) => ({
  type_code: 'webhook',
  gateway_name: 'generic',
  name: 'Order webhook',
  is_enabled: true,
  config: { url: 'https://erp.example.com/hooks/orders', signing_secret: 'whsec_hook_0123456789d00d' },
  ...overrides,
})

const issuePaths = (body: { error: { issues?: { path: string }[] } }) =>
  (body.error.issues ?? []).map((i) => i.path).sort()

describe.each(DIALECTS)('integration options on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  let smsId: number

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    for (const u of ['vending', 'cpo', 'finance', 'viewer', 'admin']) tokens[u] = await loginAs(t.app, u)
    const list = await call(t.app, 'POST', `${OPTIONS}/filter`, {
      token: tokens.vending,
      body: { limit: 10, offset: 0 },
    })
    smsId = list.body.data.options[0].id
  })
  afterAll(() => t.close())

  const audit = async (id: number) =>
    (
      await call(t.app, 'GET', `/api/main/iam/audit?object_type=integration_option&object_id=${String(id)}`, {
        token: tokens.vending,
      })
    ).body.data.entries

  describe('types and gateways', () => {
    it('lists the types with the settings each needs, and one by code', async () => {
      const all = await call(t.app, 'GET', `${CONFIGS}/type`, { token: tokens.viewer })
      expect(all.status).toBe(200)
      expect(all.body.data.types.map((x: any) => x.type_code)).toEqual([
        'sms',
        'email',
        'erp',
        'webhook',
        'crm',
        'accounting',
      ])
      const sms = await call(t.app, 'GET', `${CONFIGS}/type/sms`, { token: tokens.viewer })
      expect(sms.body.data.fields).toContainEqual({ key: 'auth_token', kind: 'secret', required: true })
      expect((await call(t.app, 'GET', `${CONFIGS}/type/fax`, { token: tokens.viewer })).status).toBe(404)
      expect((await call(t.app, 'GET', `${CONFIGS}/type`)).status).toBe(401)
    })

    it('lists the gateways of a type, and one by name', async () => {
      const sms = await call(t.app, 'GET', `${CONFIGS}/gateway?type_code=sms`, { token: tokens.viewer })
      expect(sms.body.data.gateways.map((g: any) => g.gateway_name)).toEqual(['twilio', 'vonage', '8x8'])
      const one = await call(t.app, 'GET', `${CONFIGS}/gateway/xero?type_code=accounting`, {
        token: tokens.viewer,
      })
      expect(one.body.data).toEqual({ gateway_name: 'xero', name: 'Xero', type_code: 'accounting' })
      expect((await call(t.app, 'GET', `${CONFIGS}/gateway/xero`, { token: tokens.viewer })).status).toBe(200)
      expect(
        (await call(t.app, 'GET', `${CONFIGS}/gateway/xero?type_code=sms`, { token: tokens.viewer })).status,
      ).toBe(404)
      for (const qs of ['', '?type_code=fax']) {
        const r = await call(t.app, 'GET', `${CONFIGS}/gateway${qs}`, { token: tokens.viewer })
        expect(r.status).toBe(400)
        expect(issuePaths(r.body)).toEqual(['query.type_code'])
      }
    })
  })

  describe('options', () => {
    it('lists the seeded SMS option with its token masked, and filters by type', async () => {
      const r = await call(t.app, 'POST', `${OPTIONS}/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0 },
      })
      expect(r.body.data.count).toBe(1)
      expect(r.body.data.options[0]).toMatchObject({
        type_code: 'sms',
        gateway_name: 'twilio',
        name: 'Restock alerts (SMS)',
        is_enabled: true,
        config: { sender_id: 'KOPISNACK', auth_token: '••••e5f6' },
      })
      expect(r.response.body).not.toContain('twilio_demo_token')
      const email = await call(t.app, 'POST', `${OPTIONS}/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0, type_code: 'email' },
      })
      expect(email.body.data).toEqual({ options: [], count: 0 })
      const bad = await call(t.app, 'POST', `${OPTIONS}/filter`, {
        token: tokens.vending,
        body: { limit: 0, offset: 0, type_code: 'fax' },
      })
      expect(issuePaths(bad.body)).toEqual(['body.limit', 'body.type_code'])
    })

    it('creates, reads, updates and deletes, auditing with secrets masked', async () => {
      const created = await call(t.app, 'POST', `${OPTIONS}/create`, {
        token: tokens.vending,
        body: webhook(),
      })
      expect(created.status).toBe(200)
      const id = created.body.data.id
      expect(created.body.data).toMatchObject({
        entity_code: 'VEND',
        type_code: 'webhook',
        config: { url: 'https://erp.example.com/hooks/orders', signing_secret: '••••d00d' },
      })
      const got = await call(t.app, 'GET', `${OPTIONS}/${String(id)}`, { token: tokens.vending })
      expect(got.body.data).toEqual(created.body.data)

      const kept = await call(t.app, 'PUT', `${OPTIONS}/${String(id)}`, {
        token: tokens.vending,
        body: webhook({
          name: 'Orders to ERP',
          is_enabled: false,
          config: { url: 'https://erp.example.com/hooks/v2', signing_secret: '••••d00d' },
        }),
      })
      expect(kept.status).toBe(200)
      expect(kept.body.data).toMatchObject({
        name: 'Orders to ERP',
        is_enabled: false,
        config: { url: 'https://erp.example.com/hooks/v2', signing_secret: '••••d00d' },
      })
      const replaced = await call(t.app, 'PUT', `${OPTIONS}/${String(id)}`, {
        token: tokens.vending,
        body: webhook({
          config: { url: 'https://erp.example.com/hooks/v2', signing_secret: 'another-secret-f00d' },
        }),
      })
      expect(replaced.body.data.config.signing_secret).toBe('••••f00d')

      expect(
        (await call(t.app, 'DELETE', `${OPTIONS}/${String(id)}`, { token: tokens.vending })).status,
      ).toBe(200)
      expect((await call(t.app, 'GET', `${OPTIONS}/${String(id)}`, { token: tokens.vending })).status).toBe(
        404,
      )

      const entries = await audit(id)
      expect(entries.map((e: any) => e.action)).toEqual([
        'integration_option_deleted',
        'integration_option_updated',
        'integration_option_updated',
        'integration_option_created',
      ])
      expect(entries[2].before.name).toBe('Order webhook')
      expect(entries[2].after.name).toBe('Orders to ERP')
      const text = JSON.stringify(entries)
      expect(text).not.toContain('whsec_hook')
      expect(text).not.toContain('another-secret')
    })

    it('answers 400 naming each field and writes nothing', async () => {
      const bad = async (body: unknown) => {
        const r = await call(t.app, 'POST', `${OPTIONS}/create`, { token: tokens.vending, body })
        expect(r.status).toBe(400)
        return issuePaths(r.body)
      }
      expect(await bad(webhook({ gateway_name: 'twilio' }))).toEqual(['body.gateway_name'])
      expect(await bad(webhook({ config: { url: 'http://insecure.example.com', extra: 'x' } }))).toEqual([
        'body.config.extra',
        'body.config.signing_secret',
        'body.config.url',
      ])
      expect(
        await bad(webhook({ config: { url: 'https://x.example.com', signing_secret: 'short' } })),
      ).toEqual(['body.config.signing_secret'])
      expect(await bad(webhook({ type_code: 'fax', name: '' }))).toEqual(['body.name', 'body.type_code'])
      expect(
        await bad({
          type_code: 'email',
          gateway_name: 'ses',
          name: 'Mail',
          config: { from_address: 'not-an-address', api_key: 'ses-key-12345678' },
        }),
      ).toEqual(['body.config.from_address'])
      expect(await bad(webhook({ name: 'Restock alerts (SMS)' }))).toEqual(['body.name'])
      const list = await call(t.app, 'POST', `${OPTIONS}/filter`, {
        token: tokens.vending,
        body: { limit: 10, offset: 0 },
      })
      expect(list.body.data.count).toBe(1)
    })

    it('needs the secrets again when the type changes', async () => {
      const r = await call(t.app, 'PUT', `${OPTIONS}/${String(smsId)}`, {
        token: tokens.vending,
        body: webhook({ name: 'Restock alerts (SMS)', config: { url: 'https://x.example.com' } }),
      })
      expect(issuePaths(r.body)).toEqual(['body.config.signing_secret'])
    })

    it('answers 404 with no data for an option of another entity', async () => {
      const missing = await call(t.app, 'GET', `${OPTIONS}/999999`, { token: tokens.cpo })
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', webhook()],
        ['DELETE', undefined],
      ] as const) {
        const r = await call(t.app, method, `${OPTIONS}/${String(smsId)}`, { token: tokens.cpo, body })
        expect(r.status).toBe(404)
        expect(r.body).toEqual(missing.body)
        expect(r.response.body).not.toContain('Restock')
      }
      const theirs = await call(t.app, 'POST', `${OPTIONS}/filter`, {
        token: tokens.cpo,
        body: { limit: 10, offset: 0 },
      })
      expect(theirs.body.data.count).toBe(0)
    })

    it('refuses users without the integration-options policy, and needs a token', async () => {
      const id = String(smsId)
      const calls = [
        ['POST', `${OPTIONS}/filter`, { limit: 10, offset: 0 }],
        ['POST', `${OPTIONS}/create`, webhook()],
        ['GET', `${OPTIONS}/${id}`, undefined],
        ['PUT', `${OPTIONS}/${id}`, webhook()],
        ['DELETE', `${OPTIONS}/${id}`, undefined],
      ] as const
      for (const [method, url, body] of calls) {
        expect((await call(t.app, method, url, { token: tokens.viewer, body })).status).toBe(403)
        expect((await call(t.app, method, url, { token: tokens.finance, body })).status).toBe(403)
        expect((await call(t.app, method, url, { body })).status).toBe(401)
      }
      const admin = await call(t.app, 'GET', `${OPTIONS}/${id}`, { token: tokens.admin })
      expect(admin.status).toBe(200)
    })
  })
})
