import type { ErrorBody, Tariff, TariffDetail, TariffElement } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../db/database'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import { insertEvConnector, insertEvSite, insertEvTariff } from '../../../test-support/ev-fixtures'

const LIST = '/api/charging/pricing/tariffs'
/**
 * The fixture tariffs were last updated in January 2020, far from the demo seed's 90 days before TEST_NOW, so a
 * date range around F0 shows only them whatever the demo seed holds.
 */
const F0 = Date.UTC(2020, 0, 10, 2, 0, 0)
const MIN = 60_000
const RANGE = `date_from=${String(F0)}&date_to=${String(F0 + 86_400_000)}`
/** A child entity of VOLT (A §3: entities nest), with tariffs of its own. */
const CHILD = 'VOLT-EAST'

interface FixtureTariff {
  uid: string
  entity: string
  externalId: string
  updated: number
}

const ELEMENTS: TariffElement[] = [
  {
    price_components: [{ type: 'ENERGY', price: 0.62, vat: 9, step_size: 1 }],
    restrictions: { day_of_week: ['MONDAY', 'TUESDAY'], start_time: '07:00', end_time: '23:00' },
  },
  {
    price_components: [
      { type: 'ENERGY', price: 0.44, vat: 9, step_size: 100 },
      { type: 'PARKING_TIME', price: 12, vat: 9, step_size: 60 },
      { type: 'FLAT', price: 1, vat: 9, step_size: 1 },
    ],
  },
]

async function insertFixtures(db: Db): Promise<FixtureTariff[]> {
  const now = F0
  await db
    .insertInto('entity')
    .values({
      code: CHILD,
      name: 'Voltnet East',
      logo_url: null,
      preferred_identifier: null,
      industries: JSON.stringify(['voltnet_cpo']),
      roles: JSON.stringify(['CPO']),
      ev_backend_url: null,
      parent_code: 'VOLT',
      currency_code: 'SGD',
      time_zone: 'Asia/Singapore',
      created_at: now,
      updated_at: now,
    })
    .execute()
  const plan: [string, number, string][] = [
    // 30 CPO tariffs: paging has a full page, a short one, and the probe's one row.
    ['CPO', 30, 'CPO-{AC|DC}-FX{n}-SG'],
    ['VOLT', 6, 'VOLT-{AC|DC}-FX{n}-MY'],
    [CHILD, 3, 'VOLTEAST-{AC|DC}-FX{n}-SG'],
    ['BUS', 4, 'BUS-{AC|DC}-FX{n}-SG'],
  ]
  const out: FixtureTariff[] = []
  let i = 0
  for (const [entity, count, pattern] of plan) {
    for (let k = 0; k < count; k++, i++) {
      const t: FixtureTariff = {
        uid: `fx-tariff-${entity}-${String(k)}`,
        entity,
        externalId: pattern.replace('{AC|DC}', k % 3 === 0 ? 'DC' : 'AC').replace('{n}', String(k)),
        updated: F0 + i * MIN,
      }
      out.push(t)
      await insertEvTariff(db, {
        entity_code: entity,
        uid: t.uid,
        external_id: t.externalId,
        name: `${entity} fixture ${String(k)}`,
        currency: entity === 'VOLT' ? 'MYR' : 'SGD',
        type: k % 2 === 0 ? 'REGULAR' : null,
        elements: JSON.stringify(ELEMENTS),
        min_price_excl_vat: k === 0 ? 150 : null,
        max_price_excl_vat: k === 0 ? 8000 : null,
        start_date_time: k === 1 ? F0 - 86_400_000 : null,
        end_date_time: k === 1 ? F0 + 30 * 86_400_000 : null,
        created_at: F0 - 86_400_000,
        updated_at: t.updated,
      })
    }
  }
  // One odd external id: the contains filter must match % and _ literally.
  await insertEvTariff(db, {
    entity_code: 'CPO',
    uid: 'fx-tariff-CPO-percent',
    external_id: 'CPO-50%_OFF',
    name: 'Half price',
    type: null,
    elements: JSON.stringify(ELEMENTS),
    created_at: F0 - 86_400_000,
    updated_at: F0 - 1,
  })
  return out
}

/** A charger of VOLT's on two locations priced by one tariff, for the detail's usage counts. */
async function connectorsOn(db: Db, tariffUid: string) {
  const tariff = await db
    .selectFrom('ev_tariff')
    .where('uid', '=', tariffUid)
    .select('id')
    .executeTakeFirstOrThrow()
  for (const n of [1, 2]) {
    const site = await insertEvSite(db, {
      entity: 'VOLT',
      key: `fx-tariff-${String(n)}`,
      at: F0,
      location: {
        name: `Fixture ${String(n)}`,
        address: `${String(n)} Jalan Fixture`,
        city: 'Kuala Lumpur',
        postal_code: '50000',
        state: 'Kuala Lumpur',
        country: 'MY',
        latitude: 3.14,
        longitude: 101.69,
        time_zone: 'Asia/Kuala_Lumpur',
      },
      evse: { evse_id: `MY*VLT*EFX${String(n)}*1`, physical_reference: `F${String(n)}` },
      connector: { tariff_id: tariff.id },
    })
    // Two connectors at the first location, one at the second: 3 connectors at 2 locations.
    if (n === 1)
      await insertEvConnector(db, {
        entity_code: 'VOLT',
        location_id: site.location,
        evse_ref: site.evse,
        uid: 'fx-tariff-1-connector-2',
        connector_id: '2',
        tariff_id: tariff.id,
        created_at: F0,
      })
  }
}

describe.each(DIALECTS)('tariffs on %s', (dialect) => {
  let t: TestApp
  let fixtures: FixtureTariff[]
  const tokens: Record<string, string> = {}

  const get = (user: string, url: string) =>
    call<{ data: { tariffs: Tariff[]; count: number } }>(t.app, 'GET', url, { token: tokens[user] })
  const fail = (user: string, url: string) => call<ErrorBody>(t.app, 'GET', url, { token: tokens[user] })
  const list = async (user: string, query = '') => {
    const r = await get(user, `${LIST}?${RANGE}&limit=1000${query ? `&${query}` : ''}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.count).toBe(r.body.data.tariffs.length)
    return r.body.data.tariffs
  }
  const uidsOf = (rows: { uid: string }[]) => rows.map((r) => r.uid)
  const expected = (pred: (f: FixtureTariff) => boolean) =>
    fixtures
      .filter(pred)
      .sort((a, b) => b.updated - a.updated)
      .map((f) => f.uid)

  beforeAll(async () => {
    t = await createTestApp(dialect)
    fixtures = await insertFixtures(t.database.db)
    await connectorsOn(t.database.db, 'fx-tariff-VOLT-2')
    for (const user of ['cpo', 'voltnet', 'busways', 'emsp', 'vending'])
      tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  it.each([
    ['cpo', 'CPO'],
    ['voltnet', 'VOLT'],
    ['busways', 'BUS'],
  ])("%s sees its entity's tariffs, newest update first", async (user, entity) => {
    const rows = await list(user)
    expect(uidsOf(rows)).toEqual(expected((f) => f.entity === entity))
    expect(rows.every((r) => r.entity_code === entity)).toBe(true)
  })

  it('an entity without tariffs sees none, and no other entity sees them', async () => {
    expect(await list('emsp')).toEqual([])
    expect(await list('vending')).toEqual([])
  })

  it('returns the OCPI shape: elements with price components and restrictions, ms dates, prices in units', async () => {
    const [row] = await list('cpo', 'external_id=CPO-DC-FX0-SG')
    expect(row).toEqual({
      uid: 'fx-tariff-CPO-0',
      external_id: 'CPO-DC-FX0-SG',
      entity_code: 'CPO',
      name: 'CPO fixture 0',
      currency: 'SGD',
      type: 'REGULAR',
      elements: ELEMENTS,
      min_price: { excl_vat: 1.5, incl_vat: null },
      max_price: { excl_vat: 80, incl_vat: null },
      start_date_time: null,
      end_date_time: null,
      created_at: F0 - 86_400_000,
      last_updated: F0,
    })
    const [dated] = await list('cpo', 'external_id=CPO-AC-FX1-SG')
    expect(dated).toMatchObject({
      type: null,
      min_price: null,
      start_date_time: F0 - 86_400_000,
      end_date_time: F0 + 30 * 86_400_000,
    })
  })

  it('without a date range lists every tariff of the entity, the demo ones too', async () => {
    const r = await get('cpo', `${LIST}?limit=1000`)
    expect(r.status).toBe(200)
    const all = await t.database.db
      .selectFrom('ev_tariff')
      .where('entity_code', '=', 'CPO')
      .select(['uid', 'updated_at', 'id'])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    expect(uidsOf(r.body.data.tariffs)).toEqual(all.map((x) => x.uid))
    expect(r.body.data.count).toBe(all.length)
  })

  describe('the date range filters the last update, in ms: from inclusive, to exclusive', () => {
    // fx-tariff-CPO-5 was last updated at F0 + 5 min exactly.
    const at = F0 + 5 * MIN
    it.each([
      ['from at the update includes it', at, at + 1, ['fx-tariff-CPO-5']],
      ['from 1 ms after excludes it', at + 1, at + MIN, []],
      ['to at the update excludes it', at - MIN + 1, at, []],
      ['to 1 ms after includes it', at - MIN + 1, at + 1, ['fx-tariff-CPO-5']],
      [
        'a range of five minutes',
        at,
        at + 5 * MIN,
        ['fx-tariff-CPO-9', 'fx-tariff-CPO-8', 'fx-tariff-CPO-7', 'fx-tariff-CPO-6', 'fx-tariff-CPO-5'],
      ],
    ])('%s', async (_name, from, to, uids) => {
      const r = await get('cpo', `${LIST}?date_from=${String(from)}&date_to=${String(to)}`)
      expect(r.status).toBe(200)
      expect(uidsOf(r.body.data.tariffs)).toEqual(uids)
    })

    it('seconds are not ms: a range in seconds finds nothing of 2020', async () => {
      const r = await get(
        'cpo',
        `${LIST}?date_from=${String(Math.floor(F0 / 1000))}&date_to=${String(Math.floor(F0 / 1000) + 86_400)}`,
      )
      expect(r.status).toBe(200)
      expect(r.body.data.tariffs).toEqual([])
    })

    it('only date_from: everything updated since', async () => {
      const r = await get('busways', `${LIST}?date_from=${String(F0)}&limit=1000`)
      const busSince = await t.database.db
        .selectFrom('ev_tariff')
        .where('entity_code', '=', 'BUS')
        .where('updated_at', '>=', F0)
        .select('uid')
        .execute()
      expect(r.body.data.count).toBe(busSince.length)
    })

    it('only date_to: everything updated before', async () => {
      const r = await get('cpo', `${LIST}?date_to=${String(F0)}&limit=1000`)
      expect(uidsOf(r.body.data.tariffs)).toEqual(['fx-tariff-CPO-percent'])
    })
  })

  const filters: [string, string, (f: FixtureTariff) => boolean][] = [
    ['the whole external id', 'external_id=CPO-AC-FX7-SG', (f) => f.externalId === 'CPO-AC-FX7-SG'],
    ['a part of it', 'external_id=-DC-', (f) => f.entity === 'CPO' && f.externalId.includes('-DC-')],
    ['any case', 'external_id=-dc-fx1', (f) => f.entity === 'CPO' && /-DC-FX1/.test(f.externalId)],
    [
      'spaces around it',
      `external_id=${encodeURIComponent('  FX2 ')}`,
      (f) => f.entity === 'CPO' && f.externalId.includes('FX2'),
    ],
    ['nothing matching', 'external_id=NOPE', () => false],
  ]
  it.each(filters)('external_id matches %s', async (_name, query, pred) => {
    expect(uidsOf(await list('cpo', query))).toEqual(expected((f) => f.entity === 'CPO' && pred(f)))
  })

  it('external_id matches % and _ literally', async () => {
    const r = await get('cpo', `${LIST}?external_id=${encodeURIComponent('50%_')}`)
    expect(uidsOf(r.body.data.tariffs)).toEqual(['fx-tariff-CPO-percent'])
    const none = await get('cpo', `${LIST}?external_id=${encodeURIComponent('%')}&${RANGE}`)
    expect(none.body.data.tariffs).toEqual([])
  })

  it('filters combine: date range and external id', async () => {
    const from = F0 + 10 * MIN
    const rows = await get(
      'cpo',
      `${LIST}?date_from=${String(from)}&date_to=${String(F0 + 86_400_000)}&external_id=-AC-`,
    )
    expect(uidsOf(rows.body.data.tariffs)).toEqual(
      expected((f) => f.entity === 'CPO' && f.updated >= from && f.externalId.includes('-AC-')),
    )
  })

  it('pages with limit and offset; count is the number in the response (B §4)', async () => {
    const all = expected((f) => f.entity === 'CPO')
    expect(all).toHaveLength(30)
    const page = async (limit: number | null, offset: number | null) => {
      const q = [
        RANGE,
        limit === null ? '' : `limit=${String(limit)}`,
        offset === null ? '' : `offset=${String(offset)}`,
      ]
        .filter(Boolean)
        .join('&')
      const r = await get('cpo', `${LIST}?${q}`)
      expect(r.status).toBe(200)
      return r.body.data
    }
    // The default page is B §9's 25, from the start: a full page, so the portal probes.
    const first = await page(null, null)
    expect(uidsOf(first.tariffs)).toEqual(all.slice(0, 25))
    expect(first.count).toBe(25)
    // The probe: one row after the page; there is one, so page 2 exists.
    const probe = await page(1, 25)
    expect(probe).toMatchObject({ count: 1 })
    expect(uidsOf(probe.tariffs)).toEqual([all[25]])
    // Page 2 is short: 5 < 25, no probe, no page 3.
    const second = await page(25, 25)
    expect(uidsOf(second.tariffs)).toEqual(all.slice(25))
    expect(second.count).toBe(5)
    // Past the end.
    expect(await page(25, 30)).toEqual({ tariffs: [], count: 0 })
    expect(await page(1, 30)).toEqual({ tariffs: [], count: 0 })
    // Any window.
    expect(uidsOf((await page(7, 11)).tariffs)).toEqual(all.slice(11, 18))
  })

  describe('entity_codes[]', () => {
    const child = (f: FixtureTariff) => f.entity === CHILD
    const volt = (f: FixtureTariff) => f.entity === 'VOLT'
    it.each([
      ['its own entity', 'entity_codes[]=VOLT', volt],
      ['the bare key', 'entity_codes=VOLT', volt],
      ['an entity below it', `entity_codes[]=${CHILD}`, child],
      [
        'its own and the one below, repeated',
        `entity_codes[]=VOLT&entity_codes[]=${CHILD}`,
        (f: FixtureTariff) => volt(f) || child(f),
      ],
      ['a code twice', 'entity_codes[]=VOLT&entity_codes[]=VOLT', volt],
    ])('voltnet may name %s', async (_name, query, pred) => {
      expect(uidsOf(await list('voltnet', query))).toEqual(expected(pred))
    })

    it.each([
      ['another entity', 'entity_codes[]=CPO', 'query.entity_codes[]', 'CPO'],
      ['the bare key with another entity', 'entity_codes=BUS', 'query.entity_codes', 'BUS'],
      ['its own and another', 'entity_codes[]=VOLT&entity_codes[]=EMSP', 'query.entity_codes[]', 'EMSP'],
      ['an unknown entity', 'entity_codes[]=NOPE', 'query.entity_codes[]', 'NOPE'],
    ])('voltnet may not name %s: 403 naming the field', async (_name, query, field, code) => {
      const r = await fail('voltnet', `${LIST}?${query}`)
      expect(r.status).toBe(403)
      expect(r.body.error.code).toBe('FORBIDDEN')
      const message = r.body.error.message
      expect(message.startsWith(`${field}:`)).toBe(true)
      expect(message).toContain(code)
    })

    it('pages across several entities without repeats or gaps', async () => {
      const all = expected((f) => volt(f) || child(f))
      const seen: string[] = []
      for (let offset = 0; offset < all.length + 2; offset += 2) {
        const r = await get(
          'voltnet',
          `${LIST}?${RANGE}&entity_codes[]=${CHILD}&entity_codes[]=VOLT&limit=2&offset=${String(offset)}`,
        )
        expect(r.body.data.count).toBe(r.body.data.tariffs.length)
        seen.push(...uidsOf(r.body.data.tariffs))
      }
      expect(seen).toEqual(all)
    })

    it("the parent's tariffs are not the child's to read", async () => {
      // CPO is not below VOLT; and an entity is never "below" a sibling.
      const r = await get('cpo', `${LIST}?entity_codes[]=${CHILD}`)
      expect(r.status).toBe(403)
    })
  })

  describe('detail', () => {
    const detail = (user: string, uid: string) =>
      call<{ data: { tariff: TariffDetail } }>(t.app, 'GET', `${LIST}/${encodeURIComponent(uid)}`, {
        token: tokens[user],
      })

    it('shows one tariff with its elements and where it is used', async () => {
      const r = await detail('voltnet', 'fx-tariff-VOLT-2')
      expect(r.status).toBe(200)
      expect(r.body.data.tariff).toMatchObject({
        uid: 'fx-tariff-VOLT-2',
        external_id: 'VOLT-AC-FX2-MY',
        entity_code: 'VOLT',
        currency: 'MYR',
        elements: ELEMENTS,
        connector_count: 3,
        location_count: 2,
      })
      const unused = await detail('voltnet', 'fx-tariff-VOLT-1')
      expect(unused.body.data.tariff).toMatchObject({ connector_count: 0, location_count: 0 })
    })

    it("shows a tariff of an entity below the caller's", async () => {
      const r = await detail('voltnet', `fx-tariff-${CHILD}-0`)
      expect(r.status).toBe(200)
      expect(r.body.data.tariff.entity_code).toBe(CHILD)
    })

    it.each([
      ['cpo', 'fx-tariff-VOLT-2'],
      ['busways', 'fx-tariff-CPO-0'],
      ['vending', 'fx-tariff-BUS-0'],
      ['cpo', `fx-tariff-${CHILD}-0`],
      ['voltnet', 'no-such-tariff'],
    ])('%s gets 404 and no data for %s', async (user, uid) => {
      const r = await detail(user, uid)
      expect(r.status).toBe(404)
      expect(r.body).not.toHaveProperty('data')
      expect(JSON.stringify(r.body)).not.toContain('elements')
    })

    it('rejects an id over 64 characters (400 naming it)', async () => {
      const r = await fail('voltnet', `${LIST}/${'x'.repeat(65)}`)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('params.id')
    })
  })

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=1001', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['offset=-1', 'query.offset'],
    ['offset=1.5', 'query.offset'],
    ['date_from=yesterday', 'query.date_from'],
    ['date_to=2026-01-01', 'query.date_to'],
    ['date_from=-1', 'query.date_from'],
    ['date_from=100&date_to=100', 'query.date_to'],
    ['date_from=100&date_to=50', 'query.date_to'],
    ['external_id=', 'query.external_id'],
    [`external_id=${'x'.repeat(65)}`, 'query.external_id'],
    ['entity_codes[]=', 'query.entity_codes[]'],
    [Array.from({ length: 51 }, (_, i) => `entity_codes[]=E${String(i)}`).join('&'), 'query.entity_codes[]'],
    ['colour=red', 'query.colour'],
  ])('rejects %s naming %s', async (query, field) => {
    const r = await fail('cpo', `${LIST}?${query}`)
    expect(r.status).toBe(400)
    expect(r.body.error.code).toBe('BAD_REQUEST')
    expect(r.body.error.message).toContain(field)
  })

  it('needs a token (401)', async () => {
    expect((await call(t.app, 'GET', LIST)).status).toBe(401)
    expect((await call(t.app, 'GET', `${LIST}/fx-tariff-CPO-0`)).status).toBe(401)
  })
})
