import type { OcpiPartnerCreated } from '@portal/contract'
import { ocpiAuthorization, ocpiLocation, ocpiTariff } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import { OcpiStubPartner } from '../../test-support/ocpi-stub-partner'
import { ocpiMessageExportSource } from './ocpi-message.export'
import { OCPI_ROUTES } from './ocpi-scope'

/*
 * The OCPI side (issue 17, decision 0113): every endpoint refuses a missing, malformed, unknown or suspended token
 * with OCPI's envelope; a bad credentials object gets 2001 naming the field and changes nothing; the handshake's
 * failures say which (3001, 3002); request ids are echoed; and the CPO's Locations validate against 2.2.1, page with
 * Link / X-Total-Count / X-Limit, filter by date, and answer 2003 for an unknown location.
 */

interface Envelope {
  data?: unknown
  status_code: number
  status_message?: string
  timestamp: string
}

describe.each(DIALECTS)('OCPI protocol on %s', (dialect) => {
  let t: TestApp
  let stub: OcpiStubPartner
  let cpoAdmin: string
  const base = 'http://portal.test'

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.02 })
    stub = await OcpiStubPartner.start()
    cpoAdmin = await loginAs(t.app, 'cpo')
  })
  afterAll(async () => {
    await t.close()
    await stub.close()
  })

  const ocpi = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    call<Envelope>(t.app, method, url, {
      headers: { ...(token === null ? {} : { authorization: ocpiAuthorization(token) }), ...headers },
      ...(body === undefined ? {} : { body }),
    })

  /** A partner of CPO, pending with its token A. */
  const pending = async (partyId = 'STB') => {
    const r = await call<{ data: OcpiPartnerCreated }>(t.app, 'POST', '/api/main/ocpi/partners', {
      token: cpoAdmin,
      body: { name: `Stub ${partyId}`, roles: [{ role: 'EMSP', country_code: 'SG', party_id: partyId }] },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  const credentialsOf = (token: string, partyId = 'STB') => ({
    token,
    url: stub.versionsUrl,
    roles: [{ role: 'EMSP', country_code: 'SG', party_id: partyId, business_details: { name: 'Stub eMSP' } }],
  })
  /** A connected partner of CPO, and the token C it calls us with. */
  const connected = async (partyId: string) => {
    const partner = await pending(partyId)
    const r = await ocpi(
      'POST',
      '/ocpi/2.2.1/credentials',
      partner.token_a,
      credentialsOf(`stub-b-${partyId}`, partyId),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return { partner, tokenC: (r.body.data as { token: string }).token }
  }
  const partnerRow = (id: number) =>
    t.database.db.selectFrom('ocpi_partner').where('id', '=', id).selectAll().executeTakeFirstOrThrow()

  it('every OCPI endpoint refuses no token, a malformed one, an unknown one and a suspended partner', async () => {
    // Every module's routes, as both roles (a module that stopped registering would leave them untested).
    expect(OCPI_ROUTES.length).toBeGreaterThanOrEqual(30)
    const { partner, tokenC } = await connected('SUS')
    await call(t.app, 'PUT', `/api/main/ocpi/partners/${String(partner.id)}`, {
      token: cpoAdmin,
      body: { status: 'suspended' },
    })
    const headersOf: Record<string, string>[] = [
      {},
      { authorization: 'Token' },
      { authorization: 'Bearer abc' },
      { authorization: `Token ${'x'.repeat(500)}` },
      { authorization: ocpiAuthorization('no-such-token') },
      { authorization: ocpiAuthorization(tokenC) },
    ]
    for (const route of OCPI_ROUTES) {
      const url = route.url.replace(/:[a-z_]+/g, 'x')
      for (const headers of headersOf) {
        const r = await call<Envelope>(t.app, route.method, url, { headers })
        expect(r.status, `${route.method} ${url} ${JSON.stringify(headers).slice(0, 60)}`).toBe(401)
        expect(r.body.status_code).toBe(2000)
        expect(r.body.timestamp).toMatch(/Z$/)
        expect(r.body.data).toBeUndefined()
      }
    }
  })

  it('takes the token Base64-encoded as 2.2.1 says, and as written for older partners; echoes the request ids', async () => {
    const partner = await pending('ECH')
    const raw = await call<Envelope>(t.app, 'GET', '/ocpi/versions', {
      headers: {
        authorization: `Token ${partner.token_a}`,
        'x-request-id': 'req-1',
        'x-correlation-id': 'corr-1',
      },
    })
    expect(raw.status).toBe(200)
    expect(raw.body).toMatchObject({
      status_code: 1000,
      data: [{ version: '2.2.1', url: `${base}/ocpi/2.2.1` }],
    })
    expect(raw.response.headers['x-request-id']).toBe('req-1')
    expect(raw.response.headers['x-correlation-id']).toBe('corr-1')
    const details = await ocpi('GET', '/ocpi/2.2.1', partner.token_a)
    expect(details.body.data).toMatchObject({
      version: '2.2.1',
      endpoints: expect.arrayContaining([
        { identifier: 'credentials', role: 'RECEIVER', url: `${base}/ocpi/2.2.1/credentials` },
        { identifier: 'locations', role: 'SENDER', url: `${base}/ocpi/cpo/2.2.1/locations` },
      ]) as unknown,
    })
    const unknown = await ocpi('GET', '/ocpi/2.2.1/nothing', partner.token_a)
    expect(unknown.status).toBe(404)
    expect(unknown.body.status_code).toBe(2000)
  })

  it('a bad credentials object gets 2001 naming the field, and nothing changes', async () => {
    const partner = await pending('BAD')
    const before = await partnerRow(partner.id)
    const cases: [unknown, RegExp][] = [
      [{ ...credentialsOf('b'), roles: [] }, /^roles: /],
      [{ ...credentialsOf('b'), url: 'not a url' }, /^url: /],
      [{ ...credentialsOf('b'), token: 'has space' }, /^token: /],
      [
        { ...credentialsOf('b'), roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'TOOLONG' }] },
        /roles\[0\]\.(business_details|party_id)/,
      ],
      [
        {
          ...credentialsOf('b'),
          roles: [{ role: 'KING', country_code: 'SG', party_id: 'BAD', business_details: { name: 'x' } }],
        },
        /roles\[0\]\.role/,
      ],
      [credentialsOf('b', 'XYZ'), /roles: expected EMSP SG\/BAD/],
    ]
    for (const [body, message] of cases) {
      const r = await ocpi('POST', '/ocpi/2.2.1/credentials', partner.token_a, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.status_code, JSON.stringify(r.body)).toBe(2001)
      expect(r.body.status_message).toMatch(message)
    }
    const notAnObject = await call<Envelope>(t.app, 'POST', '/ocpi/2.2.1/credentials', {
      headers: { authorization: ocpiAuthorization(partner.token_a), 'content-type': 'application/json' },
      body: '"just a string"',
    })
    expect(notAnObject.body).toMatchObject({
      status_code: 2001,
      status_message: expect.stringMatching(/^body: /) as unknown,
    })
    const malformed = await call<Envelope>(t.app, 'POST', '/ocpi/2.2.1/credentials', {
      headers: { authorization: ocpiAuthorization(partner.token_a), 'content-type': 'application/json' },
      body: '{"token": ',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.status_code).toBe(2000)
    // Only the log moved on (each request is in it).
    expect({ ...(await partnerRow(partner.id)), last_message_at: null }).toEqual({
      ...before,
      last_message_at: null,
    })
  })

  it("the partner's API failing is 3001, an unsupported version 3002; the token A still works after", async () => {
    const partner = await pending('FLR')
    stub.answers.set('/versions', {
      status: 200,
      body: {
        data: [{ version: '2.1.1', url: `${stub.base}/2.1.1` }],
        status_code: 1000,
        timestamp: '2026-11-29T00:00:00Z',
      },
    })
    const old = await ocpi('POST', '/ocpi/2.2.1/credentials', partner.token_a, credentialsOf('b', 'FLR'))
    expect(old.body.status_code).toBe(3002)
    expect(old.body.status_message).toMatch(/offers 2\.1\.1; we speak 2\.2\.1/)
    stub.answers.set('/versions', { status: 500, raw: '<html>down</html>' })
    const down = await ocpi('POST', '/ocpi/2.2.1/credentials', partner.token_a, credentialsOf('b', 'FLR'))
    expect(down.body.status_code).toBe(3001)
    expect(down.body.status_message).toMatch(/HTTP 500 without an OCPI envelope/)
    stub.answers.delete('/versions')
    const row = await partnerRow(partner.id)
    expect(row.status).toBe('pending')
    const ok = await ocpi('POST', '/ocpi/2.2.1/credentials', partner.token_a, credentialsOf('b', 'FLR'))
    expect(ok.body.status_code).toBe(1000)
    // Registered: a second POST is refused (405), even with the new token.
    const again = await ocpi(
      'POST',
      '/ocpi/2.2.1/credentials',
      (ok.body.data as { token: string }).token,
      credentialsOf('b', 'FLR'),
    )
    expect(again.status).toBe(405)
  })

  it('two registrations racing on one token A: one wins, the other changes nothing', async () => {
    const partner = await pending('RAC')
    const results = await Promise.all([
      ocpi('POST', '/ocpi/2.2.1/credentials', partner.token_a, credentialsOf('b-one', 'RAC')),
      ocpi('POST', '/ocpi/2.2.1/credentials', partner.token_a, credentialsOf('b-two', 'RAC')),
    ])
    const won = results.filter((r) => r.body.status_code === 1000)
    expect(won).toHaveLength(1)
    const row = await partnerRow(partner.id)
    const winner = won[0]?.body.data as { token: string }
    expect((await ocpi('GET', '/ocpi/2.2.1/credentials', winner.token)).body.status_code).toBe(1000)
    expect(['b-one', 'b-two']).toContain(row.outgoing_token)
  })

  it("exports a partner's message log with the list's filters, tokens masked; another entity's partner is refused", async () => {
    const { partner, tokenC } = await connected('EXP')
    await ocpi('GET', '/ocpi/versions', tokenC)
    // A request is logged once its answer is out: wait for both rows (they may land in either order).
    await until('both requests logged', async () => {
      const logged = await t.database.db
        .selectFrom('ocpi_message')
        .where('partner_id', '=', partner.id)
        .where('direction', '=', 'in')
        .select('id')
        .execute()
      return logged.length === 2 ? true : undefined
    })
    const rows: { direction: string; method: string; request_body: string | null; module: string | null }[] =
      []
    for await (const row of ocpiMessageExportSource.rows(
      t.database.db,
      { entityCode: 'CPO', setIds: null },
      { partner_id: partner.id, direction: 'in' },
    ))
      rows.push(row)
    expect(rows.map((r) => `${r.direction} ${r.method}`).sort()).toEqual(['in GET', 'in POST'])
    expect(rows.find((r) => r.method === 'POST')?.request_body).toContain('"token":"…')
    expect(rows.some((r) => (r.request_body ?? '').includes('stub-b-EXP'))).toBe(false)
    expect(ocpiMessageExportSource.columns.map((c) => c.header)).toContain('ocpi_status')
    const foreign = ocpiMessageExportSource.rows(
      t.database.db,
      { entityCode: 'EMSP', setIds: null },
      { partner_id: partner.id },
    )
    await expect(foreign[Symbol.asyncIterator]().next()).rejects.toThrow(/not one of EMSP's/)
  })

  it('update (PUT) exchanges the tokens again; the old token C stops working', async () => {
    const { tokenC } = await connected('UPD')
    const r = await ocpi('PUT', '/ocpi/2.2.1/credentials', tokenC, credentialsOf('stub-b-new', 'UPD'))
    expect(r.body.status_code).toBe(1000)
    const next = (r.body.data as { token: string }).token
    expect(next).not.toBe(tokenC)
    expect((await ocpi('GET', '/ocpi/versions', tokenC)).status).toBe(401)
    expect((await ocpi('GET', '/ocpi/versions', next)).status).toBe(200)
  })

  it("sends the CPO's tariffs: valid 2.2.1 objects, paged", async () => {
    const { tokenC } = await connected('TRF')
    const own = await t.database.db
      .selectFrom('ev_tariff')
      .where('entity_code', '=', 'CPO')
      .select(['uid', 'name'])
      .execute()
    expect(own.length).toBeGreaterThan(1)
    const first = await ocpi('GET', '/ocpi/cpo/2.2.1/tariffs?limit=1', tokenC)
    expect(first.response.headers['x-total-count']).toBe(String(own.length))
    expect(first.response.headers.link).toMatch(/offset=1&limit=1>; rel="next"$/)
    const all = await ocpi('GET', '/ocpi/cpo/2.2.1/tariffs?limit=500', tokenC)
    const tariffs = all.body.data as unknown[]
    expect(tariffs).toHaveLength(own.length)
    for (const tariff of tariffs) {
      const parsed = ocpiTariff.safeParse(tariff)
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true)
    }
    expect(tariffs).toContainEqual(
      expect.objectContaining({
        id: own[0]?.uid,
        party_id: 'SPK',
        tariff_alt_text: [{ language: 'en', text: own[0]?.name }],
      }),
    )
  })

  it("sends the CPO's locations: valid 2.2.1 objects, paged with Link, X-Total-Count and X-Limit, filtered by date", async () => {
    const { tokenC } = await connected('LOC')
    const total = Number(
      (
        await t.database.db
          .selectFrom('ev_location')
          .where('entity_code', '=', 'CPO')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(total).toBeGreaterThan(3)
    const seen: string[] = []
    let url: string | null = '/ocpi/cpo/2.2.1/locations?limit=3'
    while (url !== null) {
      const page = await ocpi('GET', url, tokenC)
      expect(page.status, JSON.stringify(page.body).slice(0, 300)).toBe(200)
      expect(page.response.headers['x-total-count']).toBe(String(total))
      expect(page.response.headers['x-limit']).toBe('3')
      expect(page.response.headers['ocpi-from-party-id']).toBe('SPK')
      for (const location of page.body.data as unknown[]) {
        const parsed = ocpiLocation.safeParse(location)
        expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true)
        if (parsed.success) {
          expect(parsed.data).toMatchObject({ country_code: 'SG', party_id: 'SPK' })
          seen.push(parsed.data.id)
        }
      }
      const link = page.response.headers.link
      const next = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined
      url = next === undefined ? null : next.replace(base, '')
    }
    expect(new Set(seen).size).toBe(total)

    // One location, one of its EVSEs, one connector; an unknown location is 2003.
    const first = seen[0] ?? ''
    const one = await ocpi('GET', `/ocpi/cpo/2.2.1/locations/${first}`, tokenC)
    const location = ocpiLocation.parse(one.body.data)
    const evse = location.evses?.[0]
    expect(evse).toBeDefined()
    const evseAnswer = await ocpi('GET', `/ocpi/cpo/2.2.1/locations/${first}/${evse?.uid ?? ''}`, tokenC)
    expect(evseAnswer.body.data).toEqual(evse)
    const connector = evse?.connectors[0]
    const connectorAnswer = await ocpi(
      'GET',
      `/ocpi/cpo/2.2.1/locations/${first}/${evse?.uid ?? ''}/${connector?.id ?? ''}`,
      tokenC,
    )
    expect(connectorAnswer.body.data).toEqual(connector)
    const unknown = await ocpi('GET', '/ocpi/cpo/2.2.1/locations/no-such-location', tokenC)
    expect(unknown.status).toBe(404)
    expect(unknown.body.status_code).toBe(2003)

    // A change to one EVSE brings its location (only) into a date_from window.
    const changedAt = Date.now() + 60_000
    const evseRow = await t.database.db
      .selectFrom('ev_evse')
      .where('uid', '=', evse?.uid ?? '')
      .select('id')
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('ev_evse')
      .set({ updated_at: changedAt })
      .where('id', '=', evseRow.id)
      .execute()
    const from = new Date(changedAt - 1000).toISOString().replace(/\.\d+Z$/, 'Z')
    const windowed = await ocpi('GET', `/ocpi/cpo/2.2.1/locations?date_from=${from}`, tokenC)
    expect((windowed.body.data as { id: string }[]).map((l) => l.id)).toEqual([first])
    expect(windowed.response.headers['x-total-count']).toBe('1')
    const before = await ocpi('GET', `/ocpi/cpo/2.2.1/locations?date_to=${from}&limit=1000`, tokenC)
    expect(before.response.headers['x-total-count']).toBe(String(total - 1))
    expect(before.response.headers['x-limit']).toBe('500')

    const bad = await ocpi('GET', '/ocpi/cpo/2.2.1/locations?date_from=yesterday', tokenC)
    expect(bad.status).toBe(400)
    expect(bad.body.status_code).toBe(2001)
    expect(bad.body.status_message).toMatch(/^date_from: /)
    // A hub naming another receiver.
    const elsewhere = await ocpi('GET', '/ocpi/cpo/2.2.1/locations', tokenC, undefined, {
      'OCPI-to-country-code': 'NL',
      'OCPI-to-party-id': 'ABC',
    })
    expect(elsewhere.body.status_code).toBe(4001)
  })
})
