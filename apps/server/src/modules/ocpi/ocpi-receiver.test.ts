import type { OcpiPartnerCreated } from '@portal/contract'
import { ocpiAuthorization } from '@portal/contract'
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { OcpiStubPartner } from '../../test-support/ocpi-stub-partner'

/*
 * The eMSP's Locations receiver (issue 17, decision 0113), fed the OCPI 2.2.1 specification's own examples: the
 * example location (BE/BEC LOC1) is stored whole, the spec's status PATCH changes one EVSE, a location PATCH merges,
 * and bad objects, another party's objects, unknown ids and ids that disagree with the URL are refused with the
 * right status code and leave what we hold as it was.
 */

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

describe.each(DIALECTS)('OCPI locations receiver on %s', (dialect) => {
  let t: TestApp
  let stub: OcpiStubPartner
  let token: string
  let partnerId: number
  const base = '/ocpi/emsp/2.2.1/locations/BE/BEC'

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    stub = await OcpiStubPartner.start()
    const admin = await loginAs(t.app, 'emsp')
    const made = await call<{ data: OcpiPartnerCreated }>(t.app, 'POST', '/api/main/ocpi/partners', {
      token: admin,
      body: {
        name: 'BeCharged',
        roles: [
          { role: 'CPO', country_code: 'BE', party_id: 'BEC' },
          { role: 'CPO', country_code: 'DE', party_id: 'ALL' },
        ],
      },
    })
    partnerId = made.body.data.id
    const registered = await call<{ data: { token: string } }>(t.app, 'POST', '/ocpi/2.2.1/credentials', {
      headers: { authorization: ocpiAuthorization(made.body.data.token_a) },
      body: {
        token: 'stub-b',
        url: stub.versionsUrl,
        roles: [
          { role: 'CPO', country_code: 'BE', party_id: 'BEC', business_details: { name: 'BeCharged' } },
          { role: 'CPO', country_code: 'DE', party_id: 'ALL', business_details: { name: 'BeCharged DE' } },
        ],
      },
    })
    token = registered.body.data.token
  })
  afterAll(async () => {
    await t.close()
    await stub.close()
  })

  const send = (method: 'PUT' | 'PATCH' | 'GET' | 'DELETE', url: string, body?: unknown) =>
    call<Envelope>(t.app, method, url, {
      headers: { authorization: ocpiAuthorization(token) },
      ...(body === undefined ? {} : { body }),
    })
  const heldEvses = () =>
    t.database.db
      .selectFrom('ev_evse')
      .innerJoin('ev_location', 'ev_location.id', 'ev_evse.location_id')
      .where('ev_location.ocpi_partner_id', '=', partnerId)
      .select(['ev_evse.external_id', 'ev_evse.status', 'ev_location.name', 'ev_location.country'])
      .orderBy('ev_evse.external_id')
      .execute()

  it("stores the spec's example location whole, answers it back, and applies the spec's status PATCH", async () => {
    const location = example('location_example.json')
    const put = await send('PUT', `${base}/LOC1`, location)
    expect(put.body, JSON.stringify(put.body)).toMatchObject({ status_code: 1000 })
    expect(await heldEvses()).toEqual([
      { external_id: '3256', status: 'AVAILABLE', name: 'Gent Zuid', country: 'BE' },
      { external_id: '3257', status: 'RESERVED', name: 'Gent Zuid', country: 'BE' },
    ])
    const back = await send('GET', `${base}/LOC1`)
    expect(back.body.data).toMatchObject({
      id: 'LOC1',
      country: 'BEL',
      evses: [{ uid: '3256' }, { uid: '3257' }],
    })

    const patch = await send('PATCH', `${base}/LOC1/3256`, example('location_patch_example_status.json'))
    expect(patch.body.status_code).toBe(1000)
    expect((await heldEvses())[0]?.status).toBe('CHARGING')
    const evse = await send('GET', `${base}/LOC1/3256`)
    expect(evse.body.data).toMatchObject({
      uid: '3256',
      status: 'CHARGING',
      last_updated: '2019-06-24T12:39:09Z',
    })

    // A location PATCH without EVSEs keeps them.
    const renamed = await send('PATCH', `${base}/LOC1`, {
      name: 'Gent Zuid P+R',
      last_updated: '2019-06-25T00:00:00Z',
    })
    expect(renamed.body.status_code).toBe(1000)
    expect((await heldEvses()).map((e) => e.name)).toEqual(['Gent Zuid P+R', 'Gent Zuid P+R'])
    // A REMOVED EVSE leaves our copy.
    await send('PATCH', `${base}/LOC1/3257`, { status: 'REMOVED', last_updated: '2019-06-26T00:00:00Z' })
    expect((await heldEvses()).map((e) => e.external_id)).toEqual(['3256'])
  })

  it('refuses bad objects naming the field, and keeps what it held', async () => {
    await send('PUT', `${base}/LOC2`, { ...example('location_example.json'), id: 'LOC2' })
    const before = JSON.stringify(await heldEvses())
    const good = example('location_example.json')
    const evses = good.evses as Record<string, unknown>[]
    const cases: [string, 'PUT' | 'PATCH', unknown, number, RegExp][] = [
      [
        `${base}/LOC2`,
        'PUT',
        { ...good, id: 'LOC2', coordinates: { latitude: 'north', longitude: '3.7' } },
        2001,
        /^coordinates\.latitude: /,
      ],
      [
        `${base}/LOC2`,
        'PUT',
        { ...good, id: 'LOC2', evses: [{ ...evses[0], connectors: [] }] },
        2001,
        /^evses\[0\]\.connectors: /,
      ],
      [
        `${base}/LOC2`,
        'PUT',
        { ...good, id: 'LOC2', evses: [{ ...evses[0], status: 'ON_FIRE' }] },
        2001,
        /^evses\[0\]\.status: /,
      ],
      [`${base}/LOC2`, 'PUT', { ...good, id: 'OTHER' }, 2001, /^id: OTHER does not match/],
      [`${base}/LOC2`, 'PATCH', { name: 'No date' }, 2001, /^last_updated: /],
      [
        `${base}/LOC2/3256`,
        'PATCH',
        { status: 'BROKEN', last_updated: '2019-06-24T12:39:09Z' },
        2001,
        /^status: /,
      ],
      [
        `${base}/NOPE`,
        'PATCH',
        { name: 'x', last_updated: '2019-06-24T12:39:09Z' },
        2003,
        /Unknown location/,
      ],
      [`${base}/NOPE/3256`, 'PUT', evses[0], 2003, /Unknown location/],
      [
        '/ocpi/emsp/2.2.1/locations/NL/ABC/LOC2',
        'PUT',
        { ...good, id: 'LOC2' },
        2000,
        /not one of your CPO parties/,
      ],
      // A NUL (PostgreSQL cannot store it) is refused before anything reads the object.
      [`${base}/LOC2`, 'PUT', { ...good, id: 'LOC2', name: 'Gent\u0000Zuid' }, 2000, /name/],
    ]
    for (const [url, method, body, code, message] of cases) {
      const r = await send(method, url, body)
      expect(r.body.status_code, `${method} ${url} ${JSON.stringify(r.body)}`).toBe(code)
      expect(r.body.status_message).toMatch(message)
      expect(r.status).toBeGreaterThanOrEqual(400)
    }
    expect(JSON.stringify(await heldEvses())).toBe(before)
  })

  it('keeps every tariff example of the specification as sent, answers it back, and deletes it on request', async () => {
    const names = readdirSync(
      new URL('../../../../../packages/contract/src/ocpi/examples/', import.meta.url),
    ).filter((n) => n.startsWith('tariff_') && n !== 'tariff_put_example.json')
    expect(names.length).toBeGreaterThanOrEqual(18)
    for (const name of names) {
      const tariff = example(name)
      const id = String(tariff.id)
      const put = await send('PUT', `/ocpi/emsp/2.2.1/tariffs/DE/ALL/${id}`, tariff)
      expect(put.body.status_code, `${name} ${JSON.stringify(put.body)}`).toBe(1000)
      const back = await send('GET', `/ocpi/emsp/2.2.1/tariffs/DE/ALL/${id}`)
      expect(back.body.data, name).toMatchObject({
        id,
        currency: tariff.currency,
        elements: (tariff.elements as { price_components: { type: string; price: number }[] }[]).map((e) => ({
          price_components: e.price_components.map((c) => ({ type: c.type, price: c.price })),
        })),
        last_updated: tariff.last_updated,
      })
    }
    // Ids repeat across the examples (versions of tariffs 12, 16 and 20): one row per id, the last one sent.
    const held = await t.database.db
      .selectFrom('ev_tariff')
      .where('ocpi_partner_id', '=', partnerId)
      .select(['external_id', 'entity_code', 'ocpi_party'])
      .execute()
    expect(new Set(held.map((h) => h.external_id)).size).toBe(held.length)
    expect(held.every((h) => h.entity_code === 'EMSP' && h.ocpi_party === 'DEALL')).toBe(true)

    // The specification's own PUT example has no last_updated: refused, naming it.
    const bad = await send('PUT', '/ocpi/emsp/2.2.1/tariffs/DE/ALL/12', example('tariff_put_example.json'))
    expect(bad.body).toMatchObject({
      status_code: 2001,
      status_message: expect.stringMatching(/^last_updated: /) as unknown,
    })
    const removed = await send('DELETE', '/ocpi/emsp/2.2.1/tariffs/DE/ALL/12')
    expect(removed.body.status_code).toBe(1000)
    expect((await send('GET', '/ocpi/emsp/2.2.1/tariffs/DE/ALL/12')).body.status_code).toBe(2000)
    expect((await send('DELETE', '/ocpi/emsp/2.2.1/tariffs/DE/ALL/12')).status).toBe(404)
  })

  it("takes a hub's routing headers: ours is served and answered from us, another receiver is 4001", async () => {
    const location = { ...example('location_example.json'), id: 'LOC9' }
    const routed = (to: string, from: string) =>
      call<Envelope>(t.app, 'PUT', `${base}/LOC9`, {
        headers: {
          authorization: ocpiAuthorization(token),
          'OCPI-to-country-code': 'SG',
          'OCPI-to-party-id': to,
          'OCPI-from-country-code': 'BE',
          'OCPI-from-party-id': from,
        },
        body: location,
      })
    const ours = await routed('RMC', 'bec')
    expect(ours.body.status_code).toBe(1000)
    expect(ours.response.headers['ocpi-from-party-id']).toBe('RMC')
    expect(ours.response.headers['ocpi-to-party-id']).toBe('BEC')
    // A from-party that is not three letters or digits is not echoed.
    expect((await routed('RMC', 'B\tC')).response.headers['ocpi-to-party-id']).toBeUndefined()
    const elsewhere = await routed('XYZ', 'BEC')
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.body.status_code).toBe(4001)
  })
})
