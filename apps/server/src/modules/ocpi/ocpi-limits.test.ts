import type { OcpiPartnerCreated } from '@portal/contract'
import { ocpiAuthorization } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { pruneOcpiMessages } from './ocpi-prune'

/*
 * What keeps a partner from hurting the server (decision 0113): a flood of requests meets 429 with OCPI's envelope
 * and Retry-After, per partner (another partner is not slowed); the message log is pruned by age.
 */

describe.each(DIALECTS)('OCPI limits on %s', (dialect) => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005, config: { ocpiRateLimitPerMin: 3 } })
    admin = await loginAs(t.app, 'cpo')
  })
  afterAll(() => t.close())

  const partner = async (party: string) =>
    (
      await call<{ data: OcpiPartnerCreated }>(t.app, 'POST', '/api/main/ocpi/partners', {
        token: admin,
        body: { name: party, roles: [{ role: 'EMSP', country_code: 'SG', party_id: party }] },
      })
    ).body.data
  const versions = (token: string) =>
    call<{ status_code: number; status_message?: string }>(t.app, 'GET', '/ocpi/versions', {
      headers: { authorization: ocpiAuthorization(token) },
    })

  it('answers 429 with the envelope and Retry-After past the limit, to that partner alone', async () => {
    const flooding = await partner('FLD')
    const quiet = await partner('QUI')
    for (let i = 0; i < 3; i++) expect((await versions(flooding.token_a)).status).toBe(200)
    const refused = await versions(flooding.token_a)
    expect(refused.status).toBe(429)
    expect(refused.body.status_code).toBe(2000)
    expect(refused.body.status_message).toMatch(/at most 3 a minute/)
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0)
    expect((await versions(quiet.token_a)).status).toBe(200)
  })

  it('prunes the message log by age, keeping what is recent', async () => {
    const p = await partner('PRN')
    const now = Date.now()
    const day = 86_400_000
    await t.database.db
      .insertInto('ocpi_message')
      .values(
        [40, 31, 29, 1].map((daysAgo) => ({
          partner_id: p.id,
          direction: 'in',
          method: 'GET',
          url: `/ocpi/versions?d=${String(daysAgo)}`,
          module: 'credentials',
          http_status: 200,
          ocpi_status: 1000,
          request_id: null,
          correlation_id: null,
          request_body: null,
          response_body: null,
          latency_ms: 1,
          error: null,
          at: now - daysAgo * day,
        })),
      )
      .execute()
    expect(await pruneOcpiMessages(t.database.db, 30, now)).toBe(2)
    const kept = await t.database.db
      .selectFrom('ocpi_message')
      .where('partner_id', '=', p.id)
      .select('url')
      .orderBy('at')
      .execute()
    expect(kept.map((k) => k.url)).toEqual(['/ocpi/versions?d=29', '/ocpi/versions?d=1'])
  })
})
