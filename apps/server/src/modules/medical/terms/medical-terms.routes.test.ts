import type { MedicalTermsDetail, MedicalTermsVersion } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../../test-support'

const BASE = '/api/main/health/medical-terms'
const DAY = 86_400_000
/** A JSON answer: data on success, error otherwise. */
type Answer<T> = { data: T; error: { message: string } }

describe.each(DIALECTS)('Medical terms and conditions (%s)', (dialect) => {
  let t: TestApp
  let medicord: string
  let health: string
  let srs: string

  const list = (body: unknown = {}, token = medicord) =>
    call<Answer<{ terms: MedicalTermsVersion[]; count: number }>>(t.app, 'POST', `${BASE}/filter`, {
      token,
      body,
    })
  const byVersion = async (version: number, token = medicord) =>
    (await list({ limit: 200 }, token)).body.data.terms.find((v) => v.version === version)
  const publishedOf = (entity: string) =>
    t.database.db
      .selectFrom('medical_terms')
      .where('entity_code', '=', entity)
      .where('status', '=', 'published')
      .select(['version'])
      .execute()
  const draft = (overrides: Record<string, unknown> = {}) => ({
    title: 'Consent to weekly screening',
    body: '# Consent\n\nYou agree to a **weekly** test and to share the result with your employer.',
    effective_at: TEST_NOW + 60 * DAY,
    ...overrides,
  })
  const create = async (body: unknown, token = medicord) =>
    call<Answer<{ terms: MedicalTermsDetail }>>(t.app, 'POST', BASE, { token, body })

  beforeAll(async () => {
    t = await createTestApp(dialect)
    medicord = await loginAs(t.app, 'medicord')
    health = await loginAs(t.app, 'health')
    srs = await loginAs(t.app, 'srs')
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  describe('POST /health/medical-terms/filter', () => {
    it('lists the published version first, then drafts, then retired, with who accepted each', async () => {
      const r = await list()
      expect(r.status).toBe(200)
      expect(r.body.data.count).toBe(4)
      expect(r.body.data.terms.map((v) => [v.version, v.status, v.acceptance_count])).toEqual([
        [3, 'published', 1240],
        [4, 'draft', 0],
        [2, 'retired', 860],
        [1, 'retired', 410],
      ])
      expect(r.body.data.terms[0]?.updated_by).toBe('Mei Ling Wong')
      expect(r.body.data.terms[2]?.retired_at).toEqual(expect.any(Number))
    })

    it('filters by status and pages with the count of the filter', async () => {
      const retired = await list({ status_list: ['retired'], limit: 1, offset: 1 })
      expect(retired.body.data.count).toBe(2)
      expect(retired.body.data.terms.map((v) => v.version)).toEqual([1])
    })

    it('keeps each entity to its own versions', async () => {
      const r = await list({}, health)
      expect(r.body.data.terms.map((v) => [v.version, v.status])).toEqual([
        [2, 'published'],
        [1, 'retired'],
      ])
    })

    it('403 for an organisation outside the health and test programmes', async () => {
      const r = await list({}, srs)
      expect(r.status).toBe(403)
      expect(r.body.error.message).toMatch(/health and test programme/)
    })

    it.each([
      ['an unknown status', { status_list: ['archived'] }, 'body.status_list.0'],
      ['limit 0', { limit: 0 }, 'body.limit'],
      ['an unknown field', { sort: 'title' }, 'body'],
    ])('400 for %s', async (_, body, path) => {
      const r = await list(body)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(path)
    })
  })

  describe('GET /health/medical-terms/{uuid}', () => {
    it('answers a version with its text', async () => {
      const v3 = await byVersion(3)
      const r = await call<{ data: { terms: MedicalTermsDetail } }>(
        t.app,
        'GET',
        `${BASE}/${v3?.uuid ?? ''}`,
        {
          token: medicord,
        },
      )
      expect(r.status).toBe(200)
      expect(r.body.data.terms).toMatchObject({ version: 3, status: 'published', acceptance_count: 1240 })
      expect(r.body.data.terms.body).toContain('## Supervised tests')
    })

    it('404 with no data for another entity’s version or an unknown one', async () => {
      const v3 = await byVersion(3)
      for (const [token, uuid] of [
        [health, v3?.uuid ?? ''],
        [srs, v3?.uuid ?? ''],
        [medicord, 'no-such-version'],
      ] as const) {
        const r = await call(t.app, 'GET', `${BASE}/${uuid}`, { token })
        expect(r.status).toBe(404)
        expect(r.body.data).toBeUndefined()
      }
    })
  })

  describe('POST and PUT (drafts)', () => {
    it('creates a draft numbered after the newest version, audited', async () => {
      const r = await create(draft())
      expect(r.status).toBe(200)
      expect(r.body.data.terms).toMatchObject({
        version: 5,
        status: 'draft',
        title: 'Consent to weekly screening',
        acceptance_count: 0,
        published_at: null,
        updated_by: 'Mei Ling Wong',
      })
      const audit = await t.database.db
        .selectFrom('audit_log')
        .where('object_type', '=', 'medical_terms')
        .where('object_id', '=', r.body.data.terms.uuid)
        .select(['action', 'entity_code'])
        .execute()
      expect(audit).toEqual([{ action: 'medical_terms_created', entity_code: 'MEDI' }])
    })

    it('numbers two drafts created at once differently', async () => {
      const [a, b] = await Promise.all([
        create(draft({ title: 'Twin A' })),
        create(draft({ title: 'Twin B' })),
      ])
      expect(a.status).toBe(200)
      expect(b.status).toBe(200)
      expect(a.body.data.terms.version).not.toBe(b.body.data.terms.version)
    })

    it.each([
      ['a short title', { title: 'Hi' }, 'body.title'],
      ['no body', { body: undefined }, 'body.body'],
      ['a body of a few words', { body: 'I agree.' }, 'body.body'],
      ['an effective date as text', { effective_at: '2027-01-01' }, 'body.effective_at'],
      ['an effective date in 1990', { effective_at: Date.UTC(1990, 0, 1) }, 'body.effective_at'],
      ['a status', { status: 'published' }, 'body'],
    ])('400 for %s, nothing written', async (_, change, path) => {
      const before = (await list({ limit: 200 })).body.data.count
      const r = await create(draft(change))
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(path)
      expect((await list({ limit: 200 })).body.data.count).toBe(before)
    })

    it('403 for an organisation outside the programmes, nothing written', async () => {
      const r = await create(draft(), srs)
      expect(r.status).toBe(403)
      const rows = await t.database.db
        .selectFrom('medical_terms')
        .where('entity_code', '=', 'SRS')
        .selectAll()
        .execute()
      expect(rows).toEqual([])
    })

    it('edits a draft and refuses to edit a published or retired version', async () => {
      const v4 = await byVersion(4)
      const r = await call<{ data: { terms: MedicalTermsDetail } }>(
        t.app,
        'PUT',
        `${BASE}/${v4?.uuid ?? ''}`,
        {
          token: medicord,
          body: draft({ title: 'Screening terms 2027 (revised)' }),
        },
      )
      expect(r.status).toBe(200)
      expect(r.body.data.terms).toMatchObject({ version: 4, title: 'Screening terms 2027 (revised)' })
      for (const version of [3, 1]) {
        const v = await byVersion(version)
        const refused = await call(t.app, 'PUT', `${BASE}/${v?.uuid ?? ''}`, {
          token: medicord,
          body: draft(),
        })
        expect(refused.status).toBe(409)
        expect(refused.body.error.message).toMatch(/Only drafts can be edited/)
        expect((await byVersion(version))?.title).toBe(v?.title)
      }
    })

    it('400 for a bad edit, the draft unchanged', async () => {
      const v4 = await byVersion(4)
      const r = await call(t.app, 'PUT', `${BASE}/${v4?.uuid ?? ''}`, {
        token: medicord,
        body: draft({ title: '' }),
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('body.title')
      expect((await byVersion(4))?.title).toBe('Screening terms 2027 (revised)')
    })

    it('404 for another entity’s draft', async () => {
      const v4 = await byVersion(4)
      const r = await call(t.app, 'PUT', `${BASE}/${v4?.uuid ?? ''}`, { token: health, body: draft() })
      expect(r.status).toBe(404)
    })
  })

  describe('POST /health/medical-terms/{uuid}/publish', () => {
    it('refuses a draft that would take effect before the version it replaces, changing nothing', async () => {
      const early = await create(draft({ title: 'Backdated terms', effective_at: TEST_NOW - 400 * DAY }))
      const r = await call(t.app, 'POST', `${BASE}/${early.body.data.terms.uuid}/publish`, {
        token: medicord,
      })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('effective_at')
      expect(r.body.error.issues?.[0]?.path).toBe('effective_at')
      expect(await publishedOf('MEDI')).toEqual([{ version: 3 }])
    })

    it('publishes a draft and retires the published version in one step', async () => {
      const v4 = await byVersion(4)
      const r = await call<{ data: { terms: MedicalTermsDetail } }>(
        t.app,
        'POST',
        `${BASE}/${v4?.uuid ?? ''}/publish`,
        { token: medicord },
      )
      expect(r.status).toBe(200)
      expect(r.body.data.terms).toMatchObject({ version: 4, status: 'published' })
      expect(r.body.data.terms.published_at).toEqual(expect.any(Number))
      const v3 = await byVersion(3)
      expect(v3).toMatchObject({ status: 'retired', acceptance_count: 1240 })
      expect(v3?.retired_at).toEqual(expect.any(Number))
      expect(await publishedOf('MEDI')).toEqual([{ version: 4 }])
      expect((await list()).body.data.terms[0]?.version).toBe(4)
      const audit = await t.database.db
        .selectFrom('audit_log')
        .where('object_id', '=', v4?.uuid ?? '')
        .where('action', '=', 'medical_terms_published')
        .select('after')
        .execute()
      expect(audit).toHaveLength(1)
    })

    it('409 to publish a version that is not a draft', async () => {
      const v4 = await byVersion(4)
      const r = await call(t.app, 'POST', `${BASE}/${v4?.uuid ?? ''}/publish`, { token: medicord })
      expect(r.status).toBe(409)
      expect(r.body.error.message).toMatch(/Only drafts can be published/)
    })

    it('keeps one published version when two drafts are published at once', async () => {
      const a = await create(draft({ title: 'Race A', effective_at: TEST_NOW + 90 * DAY }))
      const b = await create(draft({ title: 'Race B', effective_at: TEST_NOW + 90 * DAY }))
      const results = await Promise.all(
        [a, b].map((d) =>
          call(t.app, 'POST', `${BASE}/${d.body.data.terms.uuid}/publish`, { token: medicord }),
        ),
      )
      for (const r of results) expect([200, 409]).toContain(r.status)
      const published = await publishedOf('MEDI')
      expect(published).toHaveLength(1)
      expect([a.body.data.terms.version, b.body.data.terms.version]).toContain(published[0]?.version)
    })

    it('404 for another entity’s draft, which stays a draft', async () => {
      const d = await create(draft({ title: 'Not for others' }))
      const r = await call(t.app, 'POST', `${BASE}/${d.body.data.terms.uuid}/publish`, { token: health })
      expect(r.status).toBe(404)
      expect(await publishedOf('HEALTH')).toEqual([{ version: 2 }])
    })
  })

  describe('DELETE /health/medical-terms/{uuid}', () => {
    it('deletes a draft, and keeps published and retired versions', async () => {
      const d = await create(draft({ title: 'Scratch draft' }))
      const r = await call(t.app, 'DELETE', `${BASE}/${d.body.data.terms.uuid}`, { token: medicord })
      expect(r.status).toBe(200)
      expect(r.body.data).toEqual({ uuid: d.body.data.terms.uuid })
      const gone = await call(t.app, 'GET', `${BASE}/${d.body.data.terms.uuid}`, { token: medicord })
      expect(gone.status).toBe(404)
      const v1 = await byVersion(1)
      const refused = await call(t.app, 'DELETE', `${BASE}/${v1?.uuid ?? ''}`, { token: medicord })
      expect(refused.status).toBe(409)
      expect(await byVersion(1)).toBeDefined()
    })

    it('404 for another entity’s draft, which stays', async () => {
      const d = await create(draft({ title: 'Kept draft' }))
      const r = await call(t.app, 'DELETE', `${BASE}/${d.body.data.terms.uuid}`, { token: health })
      expect(r.status).toBe(404)
      const still = await call(t.app, 'GET', `${BASE}/${d.body.data.terms.uuid}`, { token: medicord })
      expect(still.status).toBe(200)
    })
  })
})
