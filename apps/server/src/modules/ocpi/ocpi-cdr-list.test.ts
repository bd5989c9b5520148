import type { OcpiCdrListData, OcpiCdrView, OcpiPartnerCreated } from '@portal/contract'
import type { Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { memberWith } from '../../test-support/fixtures/health-campaigns'
import type { OcpiCdrTable } from './ocpi.table'

/*
 * A partner's CDRs in the portal (issue 17): POST /api/main/ocpi/partners/{id}/cdrs/filter lists the ocpi_cdr rows of
 * one partner, both ways, newest first, filtered by direction and review flag, paged, with totals in currency units
 * by the currency's minor-unit digits. Rows are inserted directly: producing and receiving CDRs is tested elsewhere
 * (ocpi-peering.test.ts).
 */

const BASE = Date.UTC(2026, 10, 20, 12, 0, 0)

type Page = { data: OcpiCdrListData; error?: { message: string } }

describe.each(DIALECTS)('OCPI CDR list on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  let partnerId: number
  let otherPartnerId: number
  let entityCode: string
  let session: { id: number; uid: string }

  const listOf = (id: number) => `/api/main/ocpi/partners/${String(id)}/cdrs/filter`
  const list = (body: unknown, as = 'emsp', id = partnerId) =>
    call<Page>(t.app, 'POST', listOf(id), { token: tokens[as] ?? null, body })
  const ids = (r: { body: Page }) => r.body.data.cdrs.map((c) => c.cdr_id)

  /** A CDR row of the partner; `n` orders them (a higher n is newer) and names the CDR. */
  const cdr = (
    n: number,
    over: Partial<Insertable<OcpiCdrTable>> = {},
    body: Record<string, unknown> = {},
  ): Insertable<OcpiCdrTable> => ({
    entity_code: entityCode,
    partner_id: partnerId,
    direction: 'in',
    country_code: 'SG',
    party_id: 'CDR',
    cdr_id: `CDR-${String(n)}`,
    session_id: null,
    currency: 'SGD',
    total_excl_vat: 1000,
    total_incl_vat: 1090,
    our_total_excl_vat: 1000,
    flagged: 0,
    flag_reason: null,
    body: JSON.stringify({
      id: `CDR-${String(n)}`,
      start_date_time: '2026-11-20T10:00:00Z',
      end_date_time: '2026-11-20T11:30:00Z',
      total_energy: 10,
      ...body,
    }),
    last_updated: BASE + n,
    created_at: BASE + n,
    ...over,
  })

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    const db = t.app.db
    await memberWith(t.database.db, 'EMSP', 'cdrreader', [
      { app_code: 'iam', resource_code: 'roaming/*', action_code: 'read' },
    ])
    await memberWith(t.database.db, 'EMSP', 'cdrnone', null)
    for (const user of ['emsp', 'cpo', 'cdrreader', 'cdrnone']) tokens[user] = await loginAs(t.app, user)
    const add = async (name: string, party: string) => {
      const made = await call<{ data: OcpiPartnerCreated }>(t.app, 'POST', '/api/main/ocpi/partners', {
        token: tokens.emsp ?? null,
        body: { name, roles: [{ role: 'CPO', country_code: 'SG', party_id: party }] },
      })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      return made.body.data.id
    }
    partnerId = await add('CDR partner', 'CDR')
    otherPartnerId = await add('Other partner', 'OTH')
    entityCode = (
      await db
        .selectFrom('ocpi_partner')
        .where('id', '=', partnerId)
        .select('entity_code')
        .executeTakeFirstOrThrow()
    ).entity_code
    session = await db.selectFrom('ev_session').select(['id', 'uid']).orderBy('id').executeTakeFirstOrThrow()

    await db
      .insertInto('ocpi_cdr')
      .values([
        cdr(
          1,
          {
            session_id: session.id,
            total_excl_vat: 1234,
            total_incl_vat: 1345,
            our_total_excl_vat: 1100,
            flagged: 1,
            flag_reason: 'Our pricing: 11.00 excl. VAT; the CDR says 12.34',
          },
          { total_energy: 15.5 },
        ),
        cdr(2, {
          direction: 'out',
          country_code: 'SG',
          party_id: 'RMC',
          our_total_excl_vat: null,
          flag_reason: null,
        }),
        cdr(3, { currency: 'JPY', total_excl_vat: 500, total_incl_vat: 550, our_total_excl_vat: 500 }),
        cdr(4, {
          currency: 'KWD',
          total_excl_vat: 12345,
          total_incl_vat: 12999,
          our_total_excl_vat: null,
          flagged: 1,
          flag_reason: 'Our pricing: 10.000 excl. VAT',
        }),
        cdr(5, {
          our_total_excl_vat: null,
          flag_reason: 'Not priced here: a restriction on the day of the week',
        }),
        // Another partner's CDR never shows in this partner's list.
        cdr(6, { partner_id: otherPartnerId, party_id: 'OTH', flagged: 1 }),
      ])
      .execute()
  })
  afterAll(() => t.close())

  it('lists the partner’s CDRs both ways, newest first, with totals in currency units', async () => {
    const r = await list({})
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.count).toBe(5)
    expect(ids(r)).toEqual(['CDR-5', 'CDR-4', 'CDR-3', 'CDR-2', 'CDR-1'])
    const byId = new Map(r.body.data.cdrs.map((c) => [c.cdr_id, c]))
    expect(byId.get('CDR-1')).toEqual({
      id: expect.any(Number) as number,
      cdr_id: 'CDR-1',
      direction: 'in',
      session_uid: session.uid,
      start_date_time: Date.UTC(2026, 10, 20, 10, 0, 0),
      end_date_time: Date.UTC(2026, 10, 20, 11, 30, 0),
      total_energy: 15.5,
      currency: 'SGD',
      total_excl_vat: 12.34,
      total_incl_vat: 13.45,
      our_total_excl_vat: 11,
      flagged: true,
      flag_reason: 'Our pricing: 11.00 excl. VAT; the CDR says 12.34',
      created_at: BASE + 1,
    } satisfies OcpiCdrView)
    expect(byId.get('CDR-2')).toMatchObject({
      direction: 'out',
      session_uid: null,
      our_total_excl_vat: null,
      flagged: false,
      flag_reason: null,
    })
    // JPY has no minor unit, KWD three.
    expect(byId.get('CDR-3')).toMatchObject({ currency: 'JPY', total_excl_vat: 500, total_incl_vat: 550 })
    expect(byId.get('CDR-4')).toMatchObject({
      currency: 'KWD',
      total_excl_vat: 12.345,
      total_incl_vat: 12.999,
    })
    // Not priced: said why, and not flagged.
    expect(byId.get('CDR-5')).toMatchObject({
      flagged: false,
      our_total_excl_vat: null,
      flag_reason: 'Not priced here: a restriction on the day of the week',
    })
  })

  it('filters by direction and review flag', async () => {
    expect(ids(await list({ direction: 'in' }))).toEqual(['CDR-5', 'CDR-4', 'CDR-3', 'CDR-1'])
    expect(ids(await list({ direction: 'out' }))).toEqual(['CDR-2'])
    const flagged = await list({ flagged: true })
    expect(ids(flagged)).toEqual(['CDR-4', 'CDR-1'])
    expect(flagged.body.data.count).toBe(2)
    expect(ids(await list({ flagged: false }))).toEqual(['CDR-5', 'CDR-3', 'CDR-2'])
    const both = await list({ direction: 'out', flagged: true })
    expect(both.body.data).toEqual({ cdrs: [], count: 0 })
    expect(ids(await list({}, 'emsp', otherPartnerId))).toEqual(['CDR-6'])
  })

  it('pages with limit and offset, the count being of every match', async () => {
    const first = await list({ limit: 2 })
    expect(ids(first)).toEqual(['CDR-5', 'CDR-4'])
    expect(first.body.data.count).toBe(5)
    expect(ids(await list({ limit: 2, offset: 2 }))).toEqual(['CDR-3', 'CDR-2'])
    const last = await list({ limit: 2, offset: 4 })
    expect(ids(last)).toEqual(['CDR-1'])
    expect(last.body.data.count).toBe(5)
    expect((await list({ limit: 2, offset: 10 })).body.data).toEqual({ cdrs: [], count: 5 })
  })

  it('refuses a bad filter with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ direction: 'sideways' }, 'direction'],
      [{ flagged: 'yes' }, 'flagged'],
      [{ module: 'cdrs' }, 'module'],
    ]
    for (const [body, field] of cases) {
      const r = await list(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.error?.message, JSON.stringify(body)).toContain(field)
    }
  })

  it('needs read on roaming; another entity’s partner, or none, is 404', async () => {
    expect((await list({}, 'cdrreader')).status).toBe(200)
    expect((await list({}, 'cdrnone')).status).toBe(403)
    expect((await list({}, 'nobody')).status).toBe(401)
    const foreign = await list({}, 'cpo')
    expect(foreign.status).toBe(404)
    expect(JSON.stringify(foreign.body)).not.toContain('CDR-1')
    expect((await list({}, 'emsp', 999_999)).status).toBe(404)
  })
})
