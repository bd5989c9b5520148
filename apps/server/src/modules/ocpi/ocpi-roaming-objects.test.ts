import type { EvSession, OcpiPartner, OcpiPartnerCreated } from '@portal/contract'
import {
  ocpiAuthorization,
  ocpiAuthorizationInfo,
  ocpiCdr,
  ocpiSession,
  ocpiToken,
  OcpiCode,
} from '@portal/contract'
import { readFileSync } from 'node:fs'
import type { RPCClient } from 'ocpp-rpc'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import { insertEvSession, insertEvSite } from '../../test-support/ev-fixtures'
import { OcpiStubPartner } from '../../test-support/ocpi-stub-partner'
import { TEST_BAY_CHARGERS } from '../../seed/ev-network'
import { DEMO_TOKENS } from '../../seed/ev-tokens'
import { hashOcppPassword } from '../ocpp/ocpp-password'
import { testCharger } from '../ocpp/test-charger'

/*
 * The roaming objects of issue 17 (decision 0113) on a real server and database: Tokens as the CPO's receiver and the
 * eMSP's sender (with real-time authorization, asked by a partner and by our own charger), Sessions and CDRs as the
 * eMSP's receiver (stored on our copy of the partner's location, in the eMSP's session list, reviewed against our own
 * pricing), the CPO's Sessions and CDRs senders (each partner sees its own), and a Tokens pull from a stub eMSP.
 * Fed the OCPI 2.2.1 specification's own examples where it has them; bad objects are 2001 naming the field and store
 * nothing.
 */

const PASSWORD = 'Correct-Horse-Battery-1'
const [CP16] = TEST_BAY_CHARGERS
const BASE = 'http://portal.test'

const example = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../../packages/contract/src/ocpi/examples/${name}`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>

interface Envelope {
  data?: unknown
  status_code: number
  status_message?: string
}
type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE'
interface Role {
  role: 'CPO' | 'EMSP'
  country_code: string
  party_id: string
}

const envelope = (data: unknown, status_code = 1000) => ({
  ...(data === undefined ? {} : { data }),
  status_code,
  timestamp: new Date().toISOString(),
})

/** A partner eMSP's token (party SG/<party>). */
const partnerToken = (party: string, uid: string, changes: Record<string, unknown> = {}) => ({
  country_code: 'SG',
  party_id: party,
  uid,
  type: 'RFID',
  contract_id: `SG-${party}-${uid}`.slice(0, 36),
  issuer: `${party} Mobility`,
  valid: true,
  whitelist: 'ALLOWED',
  last_updated: '2026-11-20T10:00:00Z',
  ...changes,
})

describe.each(DIALECTS)('OCPI roaming objects on %s', (dialect) => {
  let t: TestApp
  let port: number
  let stub: OcpiStubPartner
  let pullStub: OcpiStubPartner
  let cpoAdmin: string
  let emspAdmin: string
  /** Partners of our CPO (SG/SPK): eMSPs SG/EMA and SG/EMB, and SG/PUL behind pullStub (it sends tokens). */
  const ema = { id: 0, token: '' }
  const emb = { id: 0, token: '' }
  const pul = { id: 0, token: '' }
  /** Partners of our eMSP (SG/RMC): CPOs BE/BEC and NL/OTH. */
  const bec = { id: 0, token: '' }
  const oth = { id: 0, token: '' }
  const open: RPCClient[] = []

  /** Adds a partner in the portal and lets it register with us (it answers on `on`). */
  const register = async (admin: string, name: string, role: Role, on: OcpiStubPartner) => {
    const made = await call<{ data: OcpiPartnerCreated }>(t.app, 'POST', '/api/main/ocpi/partners', {
      token: admin,
      body: { name, roles: [role] },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const registered = await call<{ data: { token: string } }>(t.app, 'POST', '/ocpi/2.2.1/credentials', {
      headers: { authorization: ocpiAuthorization(made.body.data.token_a) },
      body: {
        token: `${name}-b`,
        url: on.versionsUrl,
        roles: [{ ...role, business_details: { name } }],
      },
    })
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
    return { id: made.body.data.id, token: registered.body.data.token }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      scale: 0.005,
      config: { ocppCallTimeoutMs: 2_000 },
      build: { background: { jobs: { pollMs: 50 } }, ocpi: { pullEveryMs: 0 } },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    await t.app.db
      .updateTable('ev_charge_point')
      .set({ ocpp_password_hash: hashOcppPassword(PASSWORD), commissioned: 1 })
      .where('ocpp_identity', 'in', [...TEST_BAY_CHARGERS])
      .execute()
    stub = await OcpiStubPartner.start()
    pullStub = await OcpiStubPartner.start()
    // The pulled partner lists a Tokens sender besides what the stub lists.
    pullStub.answers.set('/2.2.1', {
      status: 200,
      body: envelope({
        version: '2.2.1',
        endpoints: [
          { identifier: 'credentials', role: 'RECEIVER', url: `${pullStub.base}/2.2.1/credentials` },
          { identifier: 'tokens', role: 'SENDER', url: `${pullStub.base}/2.2.1/tokens` },
        ],
      }),
    })
    cpoAdmin = await loginAs(t.app, 'cpo')
    emspAdmin = await loginAs(t.app, 'emsp')
    Object.assign(
      ema,
      await register(cpoAdmin, 'Alpha', { role: 'EMSP', country_code: 'SG', party_id: 'EMA' }, stub),
    )
    Object.assign(
      emb,
      await register(cpoAdmin, 'Beta', { role: 'EMSP', country_code: 'SG', party_id: 'EMB' }, stub),
    )
    Object.assign(
      pul,
      await register(cpoAdmin, 'Puller', { role: 'EMSP', country_code: 'SG', party_id: 'PUL' }, pullStub),
    )
    Object.assign(
      bec,
      await register(emspAdmin, 'BeCharged', { role: 'CPO', country_code: 'BE', party_id: 'BEC' }, stub),
    )
    Object.assign(
      oth,
      await register(emspAdmin, 'Other', { role: 'CPO', country_code: 'NL', party_id: 'OTH' }, stub),
    )
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close({ force: true })))
  })
  afterAll(async () => {
    await t.close()
    await stub.close()
    await pullStub.close()
  })

  const send = (as: { token: string }, method: Method, url: string, body?: unknown) =>
    call<Envelope>(t.app, method, url, {
      headers: { authorization: ocpiAuthorization(as.token) },
      ...(body === undefined ? {} : { body }),
    })
  /** Rows a partner has in a table: its sessions (ev_session), its CDRs or its tokens. */
  const count = async (table: 'ev_session' | 'ocpi_cdr' | 'ocpi_token', partnerId: number) => {
    const row =
      table === 'ev_session'
        ? await t.app.db
            .selectFrom('ev_session')
            .where('ocpi_partner_id', '=', partnerId)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        : await t.app.db
            .selectFrom(table)
            .where('partner_id', '=', partnerId)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  const heldTokens = (partnerId: number) =>
    t.app.db
      .selectFrom('ocpi_token')
      .where('partner_id', '=', partnerId)
      .select(['country_code', 'party_id', 'uid', 'type', 'contract_id', 'valid', 'whitelist', 'body'])
      .orderBy('uid')
      .orderBy('type')
      .execute()
  /** The path of a Link header's next page (our public URL taken off), or undefined. */
  const nextOf = (link: unknown) => {
    const match = typeof link === 'string' ? /<([^>]+)>;\s*rel="next"/.exec(link) : null
    return match?.[1]?.replace(BASE, '')
  }

  describe('Tokens, as the CPO receiver', () => {
    const url = '/ocpi/cpo/2.2.1/tokens/SG/EMA'
    const appUser: Record<string, unknown> = {
      ...example('token_example_1_app_user.json'),
      country_code: 'SG',
      party_id: 'EMA',
    }
    const rfid: Record<string, unknown> = {
      ...example('token_example_2_full_rfid.json'),
      country_code: 'SG',
      party_id: 'EMA',
    }
    const always: Record<string, unknown> = {
      ...example('token_put_example.json'),
      country_code: 'SG',
      party_id: 'EMA',
    }

    it("stores the specification's tokens, answers them back, and keeps APP_USER and RFID of one uid apart", async () => {
      const putApp = await send(ema, 'PUT', `${url}/${String(appUser.uid)}?type=APP_USER`, appUser)
      expect(putApp.body, JSON.stringify(putApp.body)).toMatchObject({ status_code: 1000 })
      const putRfid = await send(ema, 'PUT', `${url}/${String(rfid.uid)}`, rfid)
      expect(putRfid.body.status_code, JSON.stringify(putRfid.body)).toBe(1000)
      const putAlways = await send(ema, 'PUT', `${url}/${String(always.uid)}?type=RFID`, always)
      expect(putAlways.body.status_code, JSON.stringify(putAlways.body)).toBe(1000)

      // The same uid as an RFID card is another token.
      const sameUid = { ...appUser, type: 'RFID', contract_id: 'SG-EMA-CARD-1' }
      expect((await send(ema, 'PUT', `${url}/${String(appUser.uid)}`, sameUid)).body.status_code).toBe(1000)

      expect((await send(ema, 'GET', `${url}/${String(appUser.uid)}?type=APP_USER`)).body).toMatchObject({
        status_code: 1000,
        data: appUser,
      })
      expect((await send(ema, 'GET', `${url}/${String(appUser.uid)}`)).body.data).toEqual(sameUid)
      expect((await send(ema, 'GET', `${url}/${String(appUser.uid)}?type=RFID`)).body.data).toEqual(sameUid)
      // Every field of the full example comes back, the optional ones included.
      expect((await send(ema, 'GET', `${url}/${String(rfid.uid)}`)).body.data).toEqual(rfid)
      const gone = await send(ema, 'GET', `${url}/${String(rfid.uid)}?type=APP_USER`)
      expect(gone.status).toBe(404)
      expect(gone.body.status_code).toBe(OcpiCode.unknownToken)

      const held = await heldTokens(ema.id)
      expect(
        held.map(
          (h) => `${h.country_code}${h.party_id}/${h.uid}/${h.type}/${h.whitelist}/${String(h.valid)}`,
        ),
      ).toEqual([
        'SGEMA/012345678/RFID/ALWAYS/1',
        'SGEMA/12345678905880/RFID/ALLOWED/1',
        'SGEMA/bdf21bce-fc97-11e8-8eb2-f2801f1b9fd1/APP_USER/ALLOWED/1',
        'SGEMA/bdf21bce-fc97-11e8-8eb2-f2801f1b9fd1/RFID/ALLOWED/1',
      ])
      // Another partner does not see them.
      const other = await send(emb, 'GET', `/ocpi/cpo/2.2.1/tokens/SG/EMB/${String(rfid.uid)}`)
      expect(other.status).toBe(404)
    })

    it("merges the specification's PATCH into what it holds; an unknown token is 404", async () => {
      const patch = await send(
        ema,
        'PATCH',
        `${url}/${String(rfid.uid)}`,
        example('token_patch_example.json'),
      )
      expect(patch.body.status_code, JSON.stringify(patch.body)).toBe(1000)
      const back = await send(ema, 'GET', `${url}/${String(rfid.uid)}`)
      expect(back.body.data).toEqual({ ...rfid, valid: false, last_updated: '2019-06-19T02:11:11Z' })
      const row = (await heldTokens(ema.id)).find((h) => h.uid === rfid.uid)
      expect(row?.valid).toBe(0)

      // The APP_USER token of the same uid is untouched.
      const app = await send(ema, 'GET', `${url}/${String(appUser.uid)}?type=APP_USER`)
      expect(app.body.data).toMatchObject({ valid: true })

      const unknown = await send(ema, 'PATCH', `${url}/NO-SUCH-TOKEN`, example('token_patch_example.json'))
      expect(unknown.status).toBe(404)
      expect(unknown.body.status_code).toBe(OcpiCode.unknownToken)
      // Of a known uid but another type: unknown too.
      const otherType = await send(ema, 'PATCH', `${url}/${String(rfid.uid)}?type=OTHER`, {
        valid: true,
        last_updated: '2019-06-20T00:00:00Z',
      })
      expect(otherType.status).toBe(404)
      expect((await heldTokens(ema.id)).length).toBe(4)
    })

    it('refuses bad tokens, ids that disagree with the URL and parties not the partner’s, storing nothing', async () => {
      const before = JSON.stringify(await heldTokens(ema.id))
      const good = partnerToken('EMA', 'EMA-BAD-1')
      const { whitelist: _dropped, ...noWhitelist } = good
      const cases: [string, Method, unknown, number, number, RegExp][] = [
        [`${url}/EMA-BAD-1`, 'PUT', noWhitelist, 400, 2001, /^whitelist: /],
        [`${url}/EMA-BAD-1`, 'PUT', { ...good, whitelist: 'SOMETIMES' }, 400, 2001, /^whitelist: /],
        [`${url}/${'U'.repeat(37)}`, 'PUT', { ...good, uid: 'U'.repeat(37) }, 400, 2001, /^uid: /],
        [`${url}/EMA-BAD-1`, 'PUT', { ...good, type: 'CARD' }, 400, 2001, /^type: /],
        [`${url}/EMA-BAD-1`, 'PUT', { ...good, valid: 'yes' }, 400, 2001, /^valid: /],
        [
          `${url}/EMA-BAD-1`,
          'PUT',
          { ...good, last_updated: '2026-11-20T10:00:00+01:00' },
          400,
          2001,
          /^last_updated: /,
        ],
        [
          `${url}/EMA-BAD-1`,
          'PUT',
          { ...good, energy_contract: { contract_id: 'x' } },
          400,
          2001,
          /^energy_contract\.supplier_name: /,
        ],
        [`${url}/EMA-BAD-1`, 'PUT', ['not', 'a token'], 400, 2001, /^body: /],
        [`${url}/EMA-BAD-1?type=CARD`, 'PUT', good, 400, 2001, /^type: /],
        // The body names another token than the URL.
        [`${url}/EMA-OTHER`, 'PUT', good, 400, 2001, /^uid: EMA-BAD-1 does not match the URL's EMA-OTHER/],
        [`${url}/EMA-BAD-1`, 'PUT', { ...good, party_id: 'EMB' }, 400, 2001, /^party_id: EMB does not match/],
        [
          `${url}/EMA-BAD-1`,
          'PUT',
          { ...good, country_code: 'NL' },
          400,
          2001,
          /^country_code: NL does not match/,
        ],
        [`${url}/EMA-BAD-1?type=APP_USER`, 'PUT', good, 400, 2001, /^type: RFID does not match/],
        // A PATCH that would make the token invalid, or move it.
        [
          `${url}/${String(rfid.uid)}`,
          'PATCH',
          { whitelist: 'SOMETIMES', last_updated: '2019-06-20T00:00:00Z' },
          400,
          2001,
          /^whitelist: /,
        ],
        [`${url}/${String(rfid.uid)}`, 'PATCH', { valid: true }, 400, 2001, /^last_updated: /],
        [
          `${url}/${String(rfid.uid)}`,
          'PATCH',
          { uid: 'MOVED', last_updated: '2019-06-20T00:00:00Z' },
          400,
          2001,
          /^uid: MOVED does not match/,
        ],
        // Another party's token: SG/EMB is another partner's, NL/TNM nobody's.
        [
          '/ocpi/cpo/2.2.1/tokens/SG/EMB/EMA-BAD-1',
          'PUT',
          { ...good, party_id: 'EMB' },
          403,
          2000,
          /not one of your eMSP parties/,
        ],
        [
          '/ocpi/cpo/2.2.1/tokens/NL/TNM/012345678',
          'PUT',
          example('token_put_example.json'),
          403,
          2000,
          /not one of your eMSP parties/,
        ],
        [
          '/ocpi/cpo/2.2.1/tokens/NL/TNM/012345678',
          'GET',
          undefined,
          403,
          2000,
          /not one of your eMSP parties/,
        ],
      ]
      for (const [path, method, body, http, code, message] of cases) {
        const r = await send(ema, method, path, body)
        expect(
          r.body.status_code,
          `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`,
        ).toBe(code)
        expect(r.body.status_message, `${method} ${path}`).toMatch(message)
        expect(r.status, `${method} ${path}`).toBe(http)
      }
      expect(JSON.stringify(await heldTokens(ema.id))).toBe(before)
      expect(await count('ocpi_token', emb.id)).toBe(0)
    })

    it('is not served to a partner that is a CPO to us', async () => {
      // BeCharged is a CPO partner of our eMSP: our eMSP entity has no CPO role to receive tokens as.
      const r = await send(bec, 'PUT', '/ocpi/cpo/2.2.1/tokens/BE/BEC/X1', partnerToken('EMA', 'X1'))
      expect(r.status).toBe(404)
      expect(r.body.status_code).toBe(2000)
    })
  })

  describe('Tokens, as the eMSP sender', () => {
    const ours = () =>
      t.app.db
        .selectFrom('ev_token')
        .where('entity_code', '=', 'EMSP')
        .select(['uid', 'status', 'contract_id'])
        .orderBy('id')
        .execute()

    it('pages our tokens with X-Total-Count and Link, every one a valid OCPI Token of our party', async () => {
      const held = await ours()
      expect(held.length).toBeGreaterThanOrEqual(3)
      const limit = 2
      const seen: unknown[] = []
      let path: string | undefined = `/ocpi/emsp/2.2.1/tokens?offset=0&limit=${String(limit)}`
      let pages = 0
      while (path !== undefined) {
        const page = await send(bec, 'GET', path)
        expect(page.status, JSON.stringify(page.body)).toBe(200)
        expect(page.response.headers['x-total-count']).toBe(String(held.length))
        expect(page.response.headers['x-limit']).toBe(String(limit))
        const items = page.body.data as unknown[]
        expect(items.length).toBeLessThanOrEqual(limit)
        seen.push(...items)
        path = nextOf(page.response.headers.link)
        if (path !== undefined)
          expect(path).toBe(`/ocpi/emsp/2.2.1/tokens?offset=${String(seen.length)}&limit=${String(limit)}`)
        pages++
      }
      expect(pages).toBe(Math.ceil(held.length / limit))
      const tokens = seen.map((item) => {
        const parsed = ocpiToken.safeParse(item)
        expect(parsed.success, `${JSON.stringify(item)} ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
        return ocpiToken.parse(item)
      })
      expect(tokens.map((k) => k.uid)).toEqual(held.map((h) => h.uid))
      expect(tokens.every((k) => k.country_code === 'SG' && k.party_id === 'RMC')).toBe(true)
      expect(tokens.find((k) => k.uid === DEMO_TOKENS.valid)).toMatchObject({ valid: true, type: 'RFID' })
      expect(tokens.find((k) => k.uid === DEMO_TOKENS.blocked)).toMatchObject({ valid: false })

      // A window after every token's last update holds none.
      const later = await send(bec, 'GET', '/ocpi/emsp/2.2.1/tokens?date_from=2099-01-01T00:00:00Z')
      expect(later.response.headers['x-total-count']).toBe('0')
      expect(later.body.data).toEqual([])
      expect(later.response.headers.link).toBeUndefined()
      // A bad paging parameter names itself.
      const bad = await send(bec, 'GET', '/ocpi/emsp/2.2.1/tokens?limit=0')
      expect(bad.body.status_code).toBe(2001)
      expect(bad.body.status_message).toMatch(/^limit: /)
    })

    it('authorizes in real time: ALLOWED with a reference, BLOCKED, unknown 2004, bad LocationReferences 2001', async () => {
      const allowed = await send(bec, 'POST', `/ocpi/emsp/2.2.1/tokens/${DEMO_TOKENS.valid}/authorize`, {
        location_id: 'LOC1',
        evse_uids: ['3256'],
      })
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
      const info = ocpiAuthorizationInfo.parse(allowed.body.data)
      expect(info.allowed).toBe('ALLOWED')
      expect(info.authorization_reference).toMatch(/^.{1,36}$/)
      expect(info.token).toMatchObject({
        uid: DEMO_TOKENS.valid,
        country_code: 'SG',
        party_id: 'RMC',
        valid: true,
      })
      expect(info.location).toEqual({ location_id: 'LOC1', evse_uids: ['3256'] })
      // Each authorization has its own reference.
      const again = await send(
        bec,
        'POST',
        `/ocpi/emsp/2.2.1/tokens/${DEMO_TOKENS.valid}/authorize?type=RFID`,
      )
      expect(ocpiAuthorizationInfo.parse(again.body.data).authorization_reference).not.toBe(
        info.authorization_reference,
      )

      const blocked = await send(bec, 'POST', `/ocpi/emsp/2.2.1/tokens/${DEMO_TOKENS.blocked}/authorize`)
      const blockedInfo = ocpiAuthorizationInfo.parse(blocked.body.data)
      expect(blockedInfo.allowed).toBe('BLOCKED')
      expect(blockedInfo.authorization_reference).toBeUndefined()

      for (const path of [
        '/ocpi/emsp/2.2.1/tokens/NO-SUCH-TOKEN/authorize',
        // Ours, but not of that type.
        `/ocpi/emsp/2.2.1/tokens/${DEMO_TOKENS.valid}/authorize?type=APP_USER`,
      ]) {
        const unknown = await send(bec, 'POST', path)
        expect(unknown.status, path).toBe(404)
        expect(unknown.body.status_code, path).toBe(OcpiCode.unknownToken)
      }

      for (const [body, message] of [
        [{ evse_uids: ['3256'] }, /^location_id: /],
        [{ location_id: 'LOC1', evse_uids: 'all' }, /^evse_uids: /],
        [{ location_id: 'L'.repeat(37) }, /^location_id: /],
      ] as const) {
        const bad = await send(bec, 'POST', `/ocpi/emsp/2.2.1/tokens/${DEMO_TOKENS.valid}/authorize`, body)
        expect(bad.status).toBe(400)
        expect(bad.body.status_code).toBe(2001)
        expect(bad.body.status_message).toMatch(message)
      }
      const badType = await send(
        bec,
        'POST',
        `/ocpi/emsp/2.2.1/tokens/${DEMO_TOKENS.valid}/authorize?type=CARD`,
      )
      expect(badType.body.status_code).toBe(2001)
      expect(badType.body.status_message).toMatch(/^type: /)
    })
  })

  describe('Sessions and CDRs, as the eMSP receiver', () => {
    const sessions = '/ocpi/emsp/2.2.1/sessions/BE/BEC'
    const session = (id: string, changes: Record<string, unknown> = {}) => ({
      ...example('session_example_1_simple_start.json'),
      country_code: 'BE',
      party_id: 'BEC',
      id,
      start_date_time: '2026-11-20T10:00:00Z',
      cdr_token: {
        country_code: 'SG',
        party_id: 'RMC',
        uid: DEMO_TOKENS.valid,
        type: 'RFID',
        contract_id: 'SG-RMC-C00000001-0',
      },
      status: 'ACTIVE',
      last_updated: '2026-11-20T10:00:00Z',
      ...changes,
    })
    const held = (id: string) =>
      t.app.db
        .selectFrom('ev_session')
        .where('ocpi_key', '=', `${String(bec.id)}:BEBEC:${id}`)
        .selectAll()
        .executeTakeFirst()
    const emspSessions = async (externalId: string) =>
      (
        await call<{ data: { sessions: EvSession[] } }>(
          t.app,
          'GET',
          `/api/charging/charging-sessions/sessions?external_id=${encodeURIComponent(externalId)}`,
          { token: emspAdmin },
        )
      ).body.data.sessions
    const driverOf = (uid: string) =>
      t.app.db.selectFrom('ev_token').where('uid', '=', uid).select('driver_id').executeTakeFirstOrThrow()
    const cdrRows = () =>
      t.app.db
        .selectFrom('ocpi_cdr')
        .where('partner_id', '=', bec.id)
        .where('direction', '=', 'in')
        .selectAll()
        .orderBy('id')
        .execute()

    /** A simple tariff: EUR 0.25 a kWh, VAT 10 %. */
    const perKwh = { price: 0.25, vat: 10 }
    const tariff = (id: string, restrictions?: Record<string, unknown>) => ({
      country_code: 'BE',
      party_id: 'BEC',
      id,
      currency: 'EUR',
      elements: [
        {
          price_components: [{ type: 'ENERGY', price: perKwh.price, vat: perKwh.vat, step_size: 1 }],
          ...(restrictions === undefined ? {} : { restrictions }),
        },
      ],
      last_updated: '2026-11-01T00:00:00Z',
    })
    const cdr = (
      id: string,
      sessionId: string,
      kwh: number,
      total: { excl_vat: number; incl_vat: number },
      changes: Record<string, unknown> = {},
    ) => {
      const spec = example('cdr_example.json')
      return {
        ...spec,
        id,
        session_id: sessionId,
        start_date_time: '2026-11-20T10:00:00Z',
        end_date_time: '2026-11-20T11:00:00Z',
        cdr_token: {
          country_code: 'SG',
          party_id: 'RMC',
          uid: DEMO_TOKENS.valid,
          type: 'RFID',
          contract_id: 'SG-RMC-C00000001-0',
        },
        auth_method: 'AUTH_REQUEST',
        cdr_location: spec.cdr_location,
        currency: 'EUR',
        tariffs: [tariff('T-KWH')],
        charging_periods: [
          {
            start_date_time: '2026-11-20T10:00:00Z',
            dimensions: [{ type: 'ENERGY', volume: kwh }],
            tariff_id: 'T-KWH',
          },
        ],
        total_cost: total,
        total_energy: kwh,
        total_energy_cost: total,
        total_time: 1,
        total_time_cost: undefined,
        last_updated: '2026-11-20T11:00:05Z',
        ...changes,
      }
    }
    /** What the tariff makes of `kwh`, in cents: price and VAT each rounded to the cent. */
    const priced = (kwh: number) => {
      const excl = Math.round(kwh * perKwh.price * 100)
      return { excl, incl: Math.round(kwh * perKwh.price * (1 + perKwh.vat / 100) * 100) }
    }
    let cdrPath = ''

    beforeAll(async () => {
      // The partner pushes the location first: the specification's LOC1 (EVSE 3256, connector 1).
      const put = await send(
        bec,
        'PUT',
        '/ocpi/emsp/2.2.1/locations/BE/BEC/LOC1',
        example('location_example.json'),
      )
      expect(put.body.status_code, JSON.stringify(put.body)).toBe(1000)
      const other = await send(oth, 'PUT', '/ocpi/emsp/2.2.1/locations/NL/OTH/LOC1', {
        ...example('location_example.json'),
        country_code: 'NL',
        party_id: 'OTH',
      })
      expect(other.body.status_code, JSON.stringify(other.body)).toBe(1000)
    })

    it('stores a session of our driver on the partner’s location, lists it to our eMSP, answers it back, and appends PATCHed periods', async () => {
      const first = session('RO-S1')
      const put = await send(bec, 'PUT', `${sessions}/RO-S1`, first)
      expect(put.body, JSON.stringify(put.body)).toMatchObject({ status_code: 1000 })
      const row = await held('RO-S1')
      const location = await t.app.db
        .selectFrom('ev_location')
        .where('ocpi_partner_id', '=', bec.id)
        .where('external_id', '=', 'LOC1')
        .select('id')
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({
        ocpi_partner_id: bec.id,
        ocpi_party: 'BEBEC',
        protocol: 'OCPI',
        external_id: 'RO-S1',
        emsp_entity_code: 'EMSP',
        driver_id: (await driverOf(DEMO_TOKENS.valid)).driver_id,
        location_id: location.id,
        status: 'ACTIVE',
        currency: 'EUR',
        total_excl_vat: 250,
        operator_name: 'BeCharged',
      })
      expect(row?.driver_id).not.toBeNull()

      const listed = await emspSessions('RO-S1')
      expect(listed).toHaveLength(1)
      expect(listed[0]).toMatchObject({
        uid: row?.uid,
        external_id: 'RO-S1',
        status: 'ACTIVE',
        protocol: 'OCPI',
        emsp_entity_code: 'EMSP',
        roaming: { side: 'CPO', partner_name: 'BeCharged', party: 'BE*BEC' },
      })
      // The CPO entity, which has nothing to do with it, does not see it.
      const cpoList = await call<{ data: { sessions: EvSession[] } }>(
        t.app,
        'GET',
        '/api/charging/charging-sessions/sessions?external_id=RO-S1',
        { token: cpoAdmin },
      )
      expect(cpoList.body.data.sessions).toEqual([])

      expect((await send(bec, 'GET', `${sessions}/RO-S1`)).body.data).toEqual(first)
      // Another partner's party is not its to read.
      expect((await send(oth, 'GET', `${sessions}/RO-S1`)).status).toBe(403)
      expect((await send(oth, 'GET', '/ocpi/emsp/2.2.1/sessions/NL/OTH/RO-S1')).status).toBe(404)

      // The specification's PATCH of a charging period, twice: the periods add up.
      const periodPatch = example('session_patch_example_charging_period.json')
      const patched = await send(bec, 'PATCH', `${sessions}/RO-S1`, periodPatch)
      expect(patched.body.status_code, JSON.stringify(patched.body)).toBe(1000)
      const secondPeriod = {
        kwh: 20,
        charging_periods: [
          { start_date_time: '2026-11-20T10:30:00Z', dimensions: [{ type: 'ENERGY', volume: 5 }] },
        ],
        last_updated: '2026-11-20T10:30:00Z',
      }
      expect((await send(bec, 'PATCH', `${sessions}/RO-S1`, secondPeriod)).body.status_code).toBe(1000)
      const back = await send(bec, 'GET', `${sessions}/RO-S1`)
      const merged = ocpiSession.parse(back.body.data)
      expect(merged.charging_periods).toEqual([
        ...(periodPatch.charging_periods as unknown[]),
        ...secondPeriod.charging_periods,
      ])
      expect(merged).toMatchObject({
        kwh: 20,
        total_cost: periodPatch.total_cost,
        status: 'ACTIVE',
        id: 'RO-S1',
      })
      const after = await held('RO-S1')
      expect(after?.energy_wh).toBe(20_000)
      expect(JSON.parse(after?.charging_periods ?? '[]')).toHaveLength(2)
      expect(await count('ev_session', bec.id)).toBe(1)
    })

    it('prices a running session the partner sends without a total by the partner’s tariff, for display', async () => {
      const put = await send(bec, 'PUT', '/ocpi/emsp/2.2.1/tariffs/BE/BEC/T-SHOW', tariff('T-SHOW'))
      expect(put.body.status_code, JSON.stringify(put.body)).toBe(1000)
      const running = session('RO-SHOW', {
        kwh: 8,
        charging_periods: [
          {
            start_date_time: '2026-11-20T10:00:00Z',
            dimensions: [{ type: 'ENERGY', volume: 8 }],
            tariff_id: 'T-SHOW',
          },
        ],
        total_cost: undefined,
      })
      const sent = await send(bec, 'PUT', `${sessions}/RO-SHOW`, running)
      expect(sent.body.status_code, JSON.stringify(sent.body)).toBe(1000)
      const row = await held('RO-SHOW')
      const expected = priced(8)
      expect(row).toMatchObject({
        total_excl_vat: expected.excl,
        total_incl_vat: expected.incl,
        cost_energy_excl_vat: expected.excl,
      })
      expect(row?.tariff_id).not.toBeNull()
      // A total the partner gives is the one shown.
      await send(bec, 'PUT', `${sessions}/RO-SHOW`, {
        ...running,
        total_cost: { excl_vat: 1.5, incl_vat: 1.65 },
        last_updated: '2026-11-20T10:30:00Z',
      })
      expect(await held('RO-SHOW')).toMatchObject({ total_excl_vat: 150, total_incl_vat: 165 })
    })

    it('refuses a session at an unknown location (2003), of a token not ours (2004), or bad (2001 naming the field), storing nothing', async () => {
      const before = await count('ev_session', bec.id)
      const heldBody = (await held('RO-S1'))?.ocpi_body
      const cases: [string, Method, unknown, number, number, RegExp][] = [
        [
          `${sessions}/RO-S9`,
          'PUT',
          session('RO-S9', { location_id: 'NOPE' }),
          404,
          2003,
          /Unknown location NOPE/,
        ],
        [`${sessions}/RO-S9`, 'PUT', session('RO-S9', { evse_uid: '9999' }), 404, 2003, /Unknown location/],
        [
          `${sessions}/RO-S9`,
          'PUT',
          session('RO-S9', {
            cdr_token: {
              country_code: 'NL',
              party_id: 'TST',
              uid: '123abc',
              type: 'RFID',
              contract_id: 'NL-TST-C12345678-S',
            },
          }),
          404,
          2004,
          /^cdr_token\.uid: 123abc/,
        ],
        [`${sessions}/RO-S9`, 'PUT', session('RO-S9', { kwh: 'lots' }), 400, 2001, /^kwh: /],
        [`${sessions}/RO-S9`, 'PUT', session('RO-S9', { status: 'RUNNING' }), 400, 2001, /^status: /],
        [`${sessions}/RO-S9`, 'PUT', session('RO-S9', { currency: undefined }), 400, 2001, /^currency: /],
        [
          `${sessions}/RO-S9`,
          'PUT',
          session('RO-S9', {
            charging_periods: [{ start_date_time: '2026-11-20T10:00:00Z', dimensions: [] }],
          }),
          400,
          2001,
          /^charging_periods\[0\]\.dimensions: /,
        ],
        [`${sessions}/RO-S9`, 'PUT', session('RO-OTHER'), 400, 2001, /^id: RO-OTHER does not match/],
        [
          `${sessions}/RO-S9`,
          'PUT',
          session('RO-S9', { party_id: 'XYZ' }),
          400,
          2001,
          /^party_id: XYZ does not match/,
        ],
        [`${sessions}/RO-S1`, 'PATCH', { kwh: 1 }, 400, 2001, /^last_updated: /],
        [
          `${sessions}/RO-S1`,
          'PATCH',
          { status: 'DONE', last_updated: '2026-11-20T10:40:00Z' },
          400,
          2001,
          /^status: /,
        ],
        [
          `${sessions}/RO-S9`,
          'PATCH',
          { kwh: 1, last_updated: '2026-11-20T10:40:00Z' },
          404,
          2000,
          /Unknown session RO-S9/,
        ],
        [
          '/ocpi/emsp/2.2.1/sessions/NL/OTH/RO-S9',
          'PUT',
          session('RO-S9', { country_code: 'NL', party_id: 'OTH' }),
          403,
          2000,
          /not one of your CPO parties/,
        ],
      ]
      for (const [path, method, body, http, code, message] of cases) {
        const r = await send(bec, method, path, body)
        expect(r.body.status_code, `${method} ${path} ${JSON.stringify(r.body)}`).toBe(code)
        expect(r.body.status_message, `${method} ${path}`).toMatch(message)
        expect(r.status, `${method} ${path}`).toBe(http)
      }
      expect(await count('ev_session', bec.id)).toBe(before)
      expect((await held('RO-S1'))?.ocpi_body).toBe(heldBody)
    })

    it('takes a CDR whose totals match its tariff: not flagged, the session completed with its totals, its URL answers it', async () => {
      const kwh = 12.36
      const expected = priced(kwh)
      const total = { excl_vat: expected.excl / 100, incl_vat: expected.incl / 100 }
      const body = cdr('RO-CDR-1', 'RO-S1', kwh, total)
      const posted = await send(bec, 'POST', '/ocpi/emsp/2.2.1/cdrs', body)
      expect(posted.body, JSON.stringify(posted.body)).toMatchObject({ status_code: 1000 })
      const location = posted.response.headers.location
      expect(location).toMatch(new RegExp(`^${BASE}/ocpi/emsp/2\\.2\\.1/cdrs/\\d+$`))
      cdrPath = String(location).replace(BASE, '')

      const rows = await cdrRows()
      expect(rows).toHaveLength(1)
      const completed = await held('RO-S1')
      expect(rows[0]).toMatchObject({
        cdr_id: 'RO-CDR-1',
        country_code: 'BE',
        party_id: 'BEC',
        entity_code: 'EMSP',
        session_id: completed?.id,
        currency: 'EUR',
        total_excl_vat: expected.excl,
        total_incl_vat: expected.incl,
        our_total_excl_vat: expected.excl,
        flagged: 0,
        flag_reason: null,
      })
      expect(cdrPath).toBe(`/ocpi/emsp/2.2.1/cdrs/${String(rows[0]?.id)}`)
      expect(completed).toMatchObject({
        status: 'COMPLETED',
        energy_wh: 12_360,
        total_excl_vat: expected.excl,
        total_incl_vat: expected.incl,
        cost_energy_excl_vat: expected.excl,
        cost_energy_incl_vat: expected.incl,
        end_date_time: Date.UTC(2026, 10, 20, 11, 0, 0),
        invoice_reference_id: 'RO-CDR-1',
      })
      const listed = await emspSessions('RO-S1')
      expect(listed[0]).toMatchObject({ status: 'COMPLETED', total_cost: total, kwh: 12.36 })

      const back = await send(bec, 'GET', cdrPath)
      expect(back.status).toBe(200)
      expect(ocpiCdr.parse(back.body.data)).toEqual(ocpiCdr.parse(body))
      // A later Session PUT does not reopen what the CDR completed.
      expect((await send(bec, 'PUT', `${sessions}/RO-S1`, session('RO-S1'))).body.status_code).toBe(1000)
      expect((await held('RO-S1'))?.status).toBe('COMPLETED')
    })

    it('keeps the first copy of a CDR posted twice: one row, one URL, the session as the first left it', async () => {
      const kwh = 12.36
      const expected = priced(kwh)
      const body = cdr('RO-CDR-1', 'RO-S1', kwh, {
        excl_vat: expected.excl / 100,
        incl_vat: expected.incl / 100,
      })
      const again = await send(bec, 'POST', '/ocpi/emsp/2.2.1/cdrs', body)
      expect(again.body.status_code).toBe(1000)
      expect(String(again.response.headers.location).replace(BASE, '')).toBe(cdrPath)
      expect(await cdrRows()).toHaveLength(1)

      // A retry that differs (a partner's mistake) changes neither the CDR nor the session it completed.
      const changed = cdr('RO-CDR-1', 'RO-S1', 99, { excl_vat: 24.75, incl_vat: 27.23 })
      const retried = await send(bec, 'POST', '/ocpi/emsp/2.2.1/cdrs', changed)
      expect(retried.body.status_code).toBe(1000)
      expect(String(retried.response.headers.location).replace(BASE, '')).toBe(cdrPath)
      const rows = await cdrRows()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ total_excl_vat: expected.excl, flagged: 0 })
      expect(await held('RO-S1')).toMatchObject({
        energy_wh: 12_360,
        total_excl_vat: expected.excl,
        total_incl_vat: expected.incl,
      })
      expect(ocpiCdr.parse((await send(bec, 'GET', cdrPath)).body.data).total_energy).toBe(kwh)
    })

    it('flags a CDR whose total is 5 cents off our pricing, saying why; makes its session when none was sent', async () => {
      const kwh = 10
      const expected = priced(kwh)
      const body = cdr('RO-CDR-2', 'RO-S2', kwh, {
        excl_vat: (expected.excl + 5) / 100,
        incl_vat: (expected.incl + 5) / 100,
      })
      const posted = await send(bec, 'POST', '/ocpi/emsp/2.2.1/cdrs', body)
      expect(posted.body.status_code, JSON.stringify(posted.body)).toBe(1000)
      const row = (await cdrRows()).find((r) => r.cdr_id === 'RO-CDR-2')
      expect(row).toMatchObject({
        flagged: 1,
        our_total_excl_vat: expected.excl,
        total_excl_vat: expected.excl + 5,
      })
      expect(row?.flag_reason).toMatch(/2\.50/)
      expect(row?.flag_reason).toMatch(/2\.55/)
      // The CDR's totals are authoritative: its session (made from it) carries them.
      const session = await held('RO-S2')
      expect(session).toMatchObject({
        status: 'COMPLETED',
        total_excl_vat: expected.excl + 5,
        protocol: 'OCPI',
        driver_id: (await driverOf(DEMO_TOKENS.valid)).driver_id,
      })
      expect(row?.session_id).toBe(session?.id)

      // One cent off is within the tolerance.
      const near = cdr('RO-CDR-4', 'RO-S4', kwh, {
        excl_vat: (expected.excl + 1) / 100,
        incl_vat: (expected.incl + 1) / 100,
      })
      expect((await send(bec, 'POST', '/ocpi/emsp/2.2.1/cdrs', near)).body.status_code).toBe(1000)
      expect((await cdrRows()).find((r) => r.cdr_id === 'RO-CDR-4')).toMatchObject({
        flagged: 0,
        flag_reason: null,
      })
    })

    it('does not flag a CDR priced by a tariff our pricing refuses (min_power): the reason says it was not priced', async () => {
      const kwh = 10
      const body = cdr(
        'RO-CDR-3',
        'RO-S3',
        kwh,
        { excl_vat: 9.99, incl_vat: 10.99 },
        { tariffs: [tariff('T-KWH', { min_power: 11 })] },
      )
      const posted = await send(bec, 'POST', '/ocpi/emsp/2.2.1/cdrs', body)
      expect(posted.body.status_code, JSON.stringify(posted.body)).toBe(1000)
      const row = (await cdrRows()).find((r) => r.cdr_id === 'RO-CDR-3')
      expect(row).toMatchObject({ flagged: 0, our_total_excl_vat: null, total_excl_vat: 999 })
      expect(row?.flag_reason).toMatch(/^Not priced here: .*min_power/)
    })

    it('refuses a bad CDR naming the field and stores nothing; another partner cannot read one', async () => {
      const rows = JSON.stringify(await cdrRows())
      const sessionsBefore = await count('ev_session', bec.id)
      const good = cdr('RO-CDR-9', 'RO-S9', 10, { excl_vat: 2.5, incl_vat: 2.75 })
      const spec = example('cdr_example.json')
      const cases: [unknown, number, number, RegExp][] = [
        [{ ...good, total_energy: undefined }, 400, 2001, /^total_energy: /],
        [{ ...good, charging_periods: [] }, 400, 2001, /^charging_periods: /],
        [
          { ...good, cdr_location: { ...(spec.cdr_location as object), evse_uid: 'E'.repeat(37) } },
          400,
          2001,
          /^cdr_location\.evse_uid: /,
        ],
        [{ ...good, total_cost: { incl_vat: 2.75 } }, 400, 2001, /^total_cost\.excl_vat: /],
        [
          {
            ...good,
            tariffs: [
              {
                ...tariff('T-KWH'),
                elements: [{ price_components: [{ type: 'KWH', price: 1, step_size: 1 }] }],
              },
            ],
          },
          400,
          2001,
          /^tariffs\[0\]\.elements\[0\]\.price_components\[0\]\.type: /,
        ],
        [{ ...good, credit: true }, 400, 2001, /^credit_reference_id: /],
        [{ ...good, end_date_time: 'yesterday' }, 400, 2001, /^end_date_time: /],
        [{ ...good, country_code: 'NL', party_id: 'OTH' }, 403, 2000, /not one of your CPO parties/],
      ]
      for (const [body, http, code, message] of cases) {
        const r = await send(bec, 'POST', '/ocpi/emsp/2.2.1/cdrs', body)
        expect(r.body.status_code, JSON.stringify(r.body)).toBe(code)
        expect(r.body.status_message).toMatch(message)
        expect(r.status).toBe(http)
        expect(r.response.headers.location).toBeUndefined()
      }
      expect(JSON.stringify(await cdrRows())).toBe(rows)
      expect(await count('ev_session', bec.id)).toBe(sessionsBefore)
      expect(await count('ocpi_cdr', oth.id)).toBe(0)

      // Only the partner that sent it reads it back; an id that is not a CDR is 404 too.
      const stranger = await send(oth, 'GET', cdrPath)
      expect(stranger.status).toBe(404)
      expect(stranger.body.status_code).toBe(2000)
      expect(stranger.body.data).toBeUndefined()
      for (const path of [
        '/ocpi/emsp/2.2.1/cdrs/999999',
        '/ocpi/emsp/2.2.1/cdrs/abc',
        '/ocpi/emsp/2.2.1/cdrs/0',
      ])
        expect((await send(bec, 'GET', path)).status, path).toBe(404)
    })
  })

  describe('Sessions and CDRs, as the CPO sender', () => {
    it('answers each partner its own sessions and CDRs only, paged with X-Total-Count', async () => {
      // A token partner SG/EMA gave us, and two of its drivers' sessions on a charger of ours.
      expect(
        (
          await send(
            ema,
            'PUT',
            '/ocpi/cpo/2.2.1/tokens/SG/EMA/EMA-DRIVER-1',
            partnerToken('EMA', 'EMA-DRIVER-1'),
          )
        ).body.status_code,
      ).toBe(1000)
      const site = await insertEvSite(t.app.db, { entity: 'CPO', key: 'ro-cpo', at: Date.UTC(2026, 10, 20) })
      const start = Date.UTC(2026, 10, 20, 8, 0, 0)
      for (const [i, partner] of [ema.id, ema.id, emb.id].entries())
        await insertEvSession(t.app.db, site, {
          uid: `ro-cpo-session-${String(i)}`,
          start_date_time: start + i * 3_600_000,
          currency: 'SGD',
          energy_wh: 5_000,
          total_excl_vat: 250,
          total_incl_vat: 273,
          ocpi_partner_id: partner,
          ocpi_party: partner === ema.id ? 'SGEMA' : 'SGEMB',
          ocpi_token_uid: partner === ema.id ? 'EMA-DRIVER-1' : 'EMB-DRIVER-1',
          authorization_reference: `auth-${String(i)}`,
          ocpi_auth_method: 'WHITELIST',
        })
      const now = Date.now()
      const outCdr = (partnerId: number, party: string, id: string, at: number) => ({
        entity_code: 'CPO',
        partner_id: partnerId,
        direction: 'out',
        country_code: 'SG',
        party_id: 'SPK',
        cdr_id: id,
        session_id: null,
        currency: 'SGD',
        total_excl_vat: 250,
        total_incl_vat: 273,
        our_total_excl_vat: null,
        flagged: 0,
        flag_reason: null,
        body: JSON.stringify({ id, party }),
        last_updated: at,
        created_at: at,
      })
      await t.app.db
        .insertInto('ocpi_cdr')
        .values([
          outCdr(ema.id, 'SGEMA', 'ro-cdr-a1', now - 2_000),
          outCdr(ema.id, 'SGEMA', 'ro-cdr-a2', now - 1_000),
          outCdr(emb.id, 'SGEMB', 'ro-cdr-b1', now),
        ])
        .execute()

      const sessionsA = await send(ema, 'GET', '/ocpi/cpo/2.2.1/sessions?limit=1')
      expect(sessionsA.status, JSON.stringify(sessionsA.body)).toBe(200)
      expect(sessionsA.response.headers['x-total-count']).toBe('2')
      expect(sessionsA.response.headers['x-limit']).toBe('1')
      const next = nextOf(sessionsA.response.headers.link)
      expect(next).toBe('/ocpi/cpo/2.2.1/sessions?offset=1&limit=1')
      const pageTwo = await send(ema, 'GET', next ?? '')
      expect(pageTwo.response.headers.link).toBeUndefined()
      const listed = [...(sessionsA.body.data as unknown[]), ...(pageTwo.body.data as unknown[])].map((s) => {
        const parsed = ocpiSession.safeParse(s)
        expect(parsed.success, `${JSON.stringify(s)} ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
        return ocpiSession.parse(s)
      })
      expect(listed.map((s) => s.id)).toEqual(['ro-cpo-session-0', 'ro-cpo-session-1'])
      expect(listed[0]).toMatchObject({
        country_code: 'SG',
        party_id: 'SPK',
        location_id: 'ro-cpo-location',
        evse_uid: 'ro-cpo-evse',
        kwh: 5,
        currency: 'SGD',
        total_cost: { excl_vat: 2.5, incl_vat: 2.73 },
        auth_method: 'WHITELIST',
        authorization_reference: 'auth-0',
        cdr_token: { country_code: 'SG', party_id: 'EMA', uid: 'EMA-DRIVER-1', type: 'RFID' },
        status: 'COMPLETED',
      })

      const sessionsB = await send(emb, 'GET', '/ocpi/cpo/2.2.1/sessions')
      expect(sessionsB.response.headers['x-total-count']).toBe('1')
      expect((sessionsB.body.data as { id: string }[]).map((s) => s.id)).toEqual(['ro-cpo-session-2'])
      const sessionsPul = await send(pul, 'GET', '/ocpi/cpo/2.2.1/sessions')
      expect(sessionsPul.response.headers['x-total-count']).toBe('0')
      expect(sessionsPul.body.data).toEqual([])

      const cdrsA = await send(ema, 'GET', '/ocpi/cpo/2.2.1/cdrs?limit=1')
      expect(cdrsA.response.headers['x-total-count']).toBe('2')
      expect(cdrsA.body.data).toEqual([{ id: 'ro-cdr-a1', party: 'SGEMA' }])
      const cdrsA2 = await send(ema, 'GET', nextOf(cdrsA.response.headers.link) ?? '')
      expect(cdrsA2.body.data).toEqual([{ id: 'ro-cdr-a2', party: 'SGEMA' }])
      const cdrsB = await send(emb, 'GET', '/ocpi/cpo/2.2.1/cdrs')
      expect(cdrsB.response.headers['x-total-count']).toBe('1')
      expect(cdrsB.body.data).toEqual([{ id: 'ro-cdr-b1', party: 'SGEMB' }])
      // The CDRs partners sent our eMSP are not the CPO's to send.
      const fromBec = await send(bec, 'GET', '/ocpi/cpo/2.2.1/cdrs')
      expect(fromBec.status).toBe(404)
    })
  })

  describe('Tokens, pulled from a partner eMSP', () => {
    const page = '/2.2.1/tokens?offset=0&limit=100'
    const syncOf = async () =>
      (
        await call<{ data: OcpiPartner }>(t.app, 'GET', `/api/main/ocpi/partners/${String(pul.id)}`, {
          token: cpoAdmin,
        })
      ).body.data.sync.find((s) => s.module === 'tokens')
    const pull = async () => {
      const before = (await syncOf())?.last_pull_at ?? null
      const r = await call<{ data: { queued: boolean } }>(
        t.app,
        'POST',
        `/api/main/ocpi/partners/${String(pul.id)}/sync`,
        { token: cpoAdmin, body: { module: 'tokens' } },
      )
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.queued).toBe(true)
      return until('the tokens pull', async () => {
        const s = await syncOf()
        return s?.last_pull_at != null && s.last_pull_at !== before ? s : undefined
      })
    }

    it('stores the tokens it lists, refuses the bad and foreign ones, and forgets those a later pull no longer lists', async () => {
      const card = partnerToken('PUL', 'PUL-CARD-1', { whitelist: 'ALWAYS' })
      const app = partnerToken('PUL', 'PUL-APP-1', { type: 'APP_USER', whitelist: 'NEVER' })
      const { whitelist: _w, ...invalid } = partnerToken('PUL', 'PUL-BAD-1')
      const foreign = partnerToken('EMA', 'EMA-VIA-PUL')
      pullStub.answers.set(page, { status: 200, body: envelope([card, app, invalid, foreign]) })
      const first = await pull()
      expect(first.last_pull_result).toMatch(/^ok: 2 tokens, 2 refused \(first: whitelist: /)
      expect(
        pullStub.received.some(
          (r) => r.method === 'GET' && r.url === page && r.authorization === ocpiAuthorization('Puller-b'),
        ),
      ).toBe(true)
      const held = await heldTokens(pul.id)
      expect(held.map((h) => `${h.country_code}${h.party_id}/${h.uid}/${h.type}/${h.whitelist}`)).toEqual([
        'SGPUL/PUL-APP-1/APP_USER/NEVER',
        'SGPUL/PUL-CARD-1/RFID/ALWAYS',
      ])
      expect(JSON.parse(held[1]?.body ?? '{}')).toEqual(card)
      // What another partner gave us is not touched by this one's pull.
      expect((await heldTokens(ema.id)).some((h) => h.uid === 'EMA-VIA-PUL')).toBe(false)
      const emaBefore = (await heldTokens(ema.id)).length

      pullStub.answers.set(page, { status: 200, body: envelope([{ ...card, valid: false }]) })
      const second = await pull()
      expect(second.last_pull_result).toBe('ok: 1 tokens, 1 gone')
      const after = await heldTokens(pul.id)
      expect(after.map((h) => `${h.uid}/${h.type}/${String(h.valid)}`)).toEqual(['PUL-CARD-1/RFID/0'])
      expect((await heldTokens(ema.id)).length).toBe(emaBefore)
    })
  })

  describe('Real-time authorization of partners’ tokens on our chargers', () => {
    let charger: RPCClient
    const authorize = async (idTag: string) =>
      (await charger.call('Authorize', { idTag })) as { idTagInfo: { status: string } }

    it('answers from the tokens partners gave us (whitelist ALWAYS), asks the partner that sends tokens, and refuses what nobody knows', async () => {
      for (const [uid, valid] of [
        ['EMA-ALWAYS-OK', true],
        ['EMA-ALWAYS-NO', false],
      ] as const) {
        const put = await send(
          ema,
          'PUT',
          `/ocpi/cpo/2.2.1/tokens/SG/EMA/${uid}`,
          partnerToken('EMA', uid, { whitelist: 'ALWAYS', valid }),
        )
        expect(put.body.status_code).toBe(1000)
      }
      charger = testCharger({ port, identity: CP16, protocols: ['ocpp1.6'], password: PASSWORD })
      open.push(charger)
      await charger.connect()
      const askedBefore = pullStub.received.length
      expect(await authorize('EMA-ALWAYS-OK')).toEqual({ idTagInfo: { status: 'Accepted' } })
      expect(await authorize('EMA-ALWAYS-NO')).toEqual({ idTagInfo: { status: 'Invalid' } })
      // ALWAYS: decided from what we hold, nobody asked.
      expect(pullStub.received.length).toBe(askedBefore)

      // A token nobody gave us: the partner that sends tokens is asked, and does not know it.
      const unknownPath = '/2.2.1/tokens/NOBODY-KNOWS-1/authorize?type=RFID'
      pullStub.answers.set(unknownPath, {
        status: 404,
        body: { status_code: 2004, status_message: 'Unknown token', timestamp: new Date().toISOString() },
      })
      expect(await authorize('NOBODY-KNOWS-1')).toEqual({ idTagInfo: { status: 'Invalid' } })
      expect(pullStub.received.some((r) => r.method === 'POST' && r.url === unknownPath)).toBe(true)

      // One it knows and allows is Accepted on its word.
      const askedPath = '/2.2.1/tokens/PUL-ASKED-1/authorize?type=RFID'
      pullStub.answers.set(askedPath, {
        status: 200,
        body: envelope({
          allowed: 'ALLOWED',
          token: partnerToken('PUL', 'PUL-ASKED-1'),
          authorization_reference: 'REF-PUL-1',
        }),
      })
      expect(await authorize('PUL-ASKED-1')).toEqual({ idTagInfo: { status: 'Accepted' } })

      // Our own eMSP's driver is still decided by the portal's own rules.
      expect(await authorize(DEMO_TOKENS.valid)).toEqual({ idTagInfo: { status: 'Accepted' } })
    })
  })
})
