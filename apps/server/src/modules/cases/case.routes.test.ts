import type { CaseDetail, CaseListItem } from '@portal/contract'
import { caseStatuses, caseUrgencies } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { memberWith } from '../../test-support/fixtures/health-campaigns'

const BASE = '/api/cases/cases'
const FILTER = `${BASE}/filter`

/** A complete, valid intake (the NRIC's check letter is right). */
const INTAKE = {
  caseTemplate: 'chest_pain_triage',
  patientName: 'Tan Mei Ling',
  idType: 'nric_fin',
  idNumber: 'S1234567D',
  dateOfBirth: '1968-04-02',
  sex: 'F',
  dialCode: '65',
  mobileNumber: '9123 4567',
  siteCode: 'TPY',
  urgency: 'urgent',
  answers: { pain_onset: 'under_1h', pain_score: 7, radiates: true, short_of_breath: false },
  notes: 'Walked in, sweating.',
  consent: true,
}

describe.each(DIALECTS)('digital health cases on %s', (dialect) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  /** Every HEALTH case (the seed's and those the tests add), newest edit first. */
  let all: CaseListItem[] = []

  const filter = async (user: string, body: object) =>
    call<{ data: { cases: CaseListItem[]; count: number } }>(t.app, 'POST', FILTER, {
      token: tokens[user],
      body,
    })
  const ok = async (user: string, body: object) => {
    const r = await filter(user, body)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  const create = (user: string, body: object) =>
    call<{ data: { case: CaseDetail } }>(t.app, 'POST', BASE, { token: tokens[user], body })
  const get = (user: string, id: string) =>
    call<{ data: { case: CaseDetail } }>(t.app, 'GET', `${BASE}/${id}`, { token: tokens[user] })
  const put = (user: string, id: string, body: object) =>
    call<{ data: { case: CaseDetail } }>(t.app, 'PUT', `${BASE}/${id}`, { token: tokens[user], body })
  const caseCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('health_case')
          .where('entity_code', '=', 'HEALTH')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const refreshAll = async () => {
    all = (await ok('health', { limit: 100 })).cases
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    await memberWith(t.database.db, 'HEALTH', 'casereader', [
      { app_code: 'health', resource_code: 'cases/*', action_code: 'read' },
    ])
    await memberWith(t.database.db, 'HEALTH', 'nocases', null)
    for (const user of ['health', 'carebridge.siti', 'cpo', 'casereader', 'nocases'])
      tokens[user] = await loginAs(t.app, user)
    await refreshAll()
  })
  afterAll(() => t.close())

  describe('the Bearer scheme (A §7)', () => {
    it('answers a Bearer token and refuses the Token scheme with a 401 naming Bearer', async () => {
      const bearer = await t.app.inject({
        method: 'POST',
        url: FILTER,
        headers: { authorization: `Bearer ${tokens.health ?? ''}` },
        payload: {},
      })
      expect(bearer.statusCode).toBe(200)
      const token = await t.app.inject({
        method: 'POST',
        url: FILTER,
        headers: { authorization: `Token ${tokens.health ?? ''}` },
        payload: {},
      })
      expect(token.statusCode).toBe(401)
      expect(token.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } })
      expect(token.json<{ error: { message: string } }>().error.message).toContain('Bearer')
    })

    it('every case route needs the token', async () => {
      for (const [method, url] of [
        ['POST', FILTER],
        ['POST', BASE],
        ['GET', `${BASE}/sites`],
        ['GET', `${BASE}/staff`],
        ['GET', `${BASE}/${all[0]?.caseId ?? 'x'}`],
        ['PUT', `${BASE}/${all[0]?.caseId ?? 'x'}`],
      ] as const) {
        const r = await call(t.app, method, url, { body: method === 'GET' ? undefined : {} })
        expect(r.status, `${method} ${url}`).toBe(401)
      }
    })
  })

  describe('POST /cases/filter', () => {
    it('holds the seeded cases of HEALTH with the columns of B §3', async () => {
      expect(all.length).toBe(await caseCount())
      expect(all.length).toBeGreaterThanOrEqual(30)
      const row = all[0]
      expect(row).toMatchObject({
        caseNo: expect.stringMatching(/^HEALTH-\d{6}$/),
        createdBy: expect.any(String),
        updatedBy: expect.any(String),
        lastEditedDate: expect.any(Number),
        caseTemplate: expect.any(String),
      })
      expect(new Set(all.map((c) => c.createdBy)).size).toBeGreaterThan(1)
    })

    it('seeds each case with a history that ends where the case is', async () => {
      for (const item of all.slice(0, 15)) {
        const d = (await get('health', item.caseId)).body.data.case
        expect(d.history).toHaveLength(d.version)
        const [newest] = d.history
        const oldest = d.history.at(-1)
        expect(oldest).toMatchObject({ action: 'created', by: d.createdBy, at: d.createdAt })
        expect(newest).toMatchObject({ by: d.updatedBy, at: d.lastEditedDate })
        // Replaying the status changes, oldest first, from Open ends at the case's status.
        let status: string | number | boolean | null = 'open'
        for (const change of [...d.history]
          .reverse()
          .flatMap((e) => e.changes.filter((c) => c.field === 'status'))) {
          expect(change.from).toBe(status)
          status = change.to
        }
        expect(status).toBe(d.status)
      }
    })

    it('sends 10 cases when no limit is asked (the service default) and pages by the limit', async () => {
      const first = await ok('health', {})
      expect(first.cases).toHaveLength(10)
      expect(first.count).toBe(all.length)
      const page1 = await ok('health', { limit: 20, offset: 0 })
      const page2 = await ok('health', { limit: 20, offset: 20 })
      expect(page1.cases).toHaveLength(20)
      expect(page2.cases.map((c) => c.caseId)).toEqual(all.slice(20, 40).map((c) => c.caseId))
      expect(page1.count).toBe(all.length)
    })

    it('sorts by the newest edit by default', () => {
      const times = all.map((c) => c.lastEditedDate)
      expect(times).toEqual([...times].sort((a, b) => b - a))
    })

    const severity = (v: string) => caseUrgencies.values.indexOf(v as never)
    const workflow = (v: string) => caseStatuses.values.indexOf(v as never)
    it.each([
      [
        'caseNo ascending',
        { caseNo: 1 },
        (a: CaseListItem, b: CaseListItem) => a.caseNo.localeCompare(b.caseNo),
      ],
      [
        'caseNo descending',
        { caseNo: -1 },
        (a: CaseListItem, b: CaseListItem) => b.caseNo.localeCompare(a.caseNo),
      ],
      [
        'createdAt ascending',
        { createdAt: 1 },
        (a: CaseListItem, b: CaseListItem) => a.createdAt - b.createdAt,
      ],
      [
        'template, then newest intake',
        { caseTemplate: 1, createdAt: -1 },
        (a: CaseListItem, b: CaseListItem) =>
          a.caseTemplate.localeCompare(b.caseTemplate) || b.createdAt - a.createdAt,
      ],
      [
        'urgency by severity, most urgent first',
        { urgency: -1 },
        (a: CaseListItem, b: CaseListItem) => severity(b.urgency) - severity(a.urgency),
      ],
      [
        'status in workflow order',
        { status: 1 },
        (a: CaseListItem, b: CaseListItem) => workflow(a.status) - workflow(b.status),
      ],
    ])('sorts by %s', async (_name, sort, compare) => {
      const rows = (await ok('health', { limit: 100, sort })).cases
      expect(rows).toHaveLength(all.length)
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]]
        if (a && b) expect(compare(a, b), `${a.caseNo} before ${b.caseNo}`).toBeLessThanOrEqual(0)
      }
    })

    const pick = () => {
      const target = all[all.length - 3]
      if (!target) throw new Error('no cases')
      return target
    }
    const filters: [string, () => object, (c: CaseListItem) => boolean][] = [
      ['caseNo in full', () => ({ caseNo: pick().caseNo }), (c) => c.caseNo === pick().caseNo],
      [
        'caseNo by its number',
        () => ({ caseNo: String(Number(pick().caseNo.slice(-6))) }),
        (c) => c.caseNo === pick().caseNo,
      ],
      ['caseNo in part', () => ({ caseNo: 'health-00000' }), (c) => c.caseNo.startsWith('HEALTH-00000')],
      [
        'templates',
        () => ({ caseTemplate: ['diabetes_review', 'fever_screening'] }),
        (c) => ['diabetes_review', 'fever_screening'].includes(c.caseTemplate),
      ],
      ['statuses', () => ({ status: ['closed'] }), (c) => c.status === 'closed'],
      [
        'urgencies',
        () => ({ urgency: ['emergency', 'urgent'] }),
        (c) => ['emergency', 'urgent'].includes(c.urgency),
      ],
      ['clinics', () => ({ siteCode: ['TPY', 'JE'] }), (c) => ['TPY', 'JE'].includes(c.siteCode)],
      [
        'created by',
        () => ({ createdBy: [pick().createdByUuid] }),
        (c) => c.createdByUuid === pick().createdByUuid,
      ],
      [
        'patient name, any case',
        () => ({ patientName: pick().patientName.slice(0, 4).toLowerCase() }),
        (c) => c.patientName.toLowerCase().includes(pick().patientName.slice(0, 4).toLowerCase()),
      ],
      [
        'created range',
        () => ({ createdFrom: pick().createdAt, createdTo: pick().createdAt + 30 * 86_400_000 }),
        (c) => c.createdAt >= pick().createdAt && c.createdAt <= pick().createdAt + 30 * 86_400_000,
      ],
      [
        'edited range',
        () => ({ editedFrom: pick().lastEditedDate - 86_400_000, editedTo: pick().lastEditedDate }),
        (c) =>
          c.lastEditedDate >= pick().lastEditedDate - 86_400_000 && c.lastEditedDate <= pick().lastEditedDate,
      ],
      [
        'several together (AND)',
        () => ({ status: ['open', 'in_review'], siteCode: ['TPY', 'TAM', 'WDL'] }),
        (c) => ['open', 'in_review'].includes(c.status) && ['TPY', 'TAM', 'WDL'].includes(c.siteCode),
      ],
    ]
    it.each(filters)('filters by %s', async (_name, body, predicate) => {
      const expected = all.filter(predicate).map((c) => c.caseId)
      const result = await ok('health', { limit: 100, ...body() })
      expect(result.cases.map((c) => c.caseId)).toEqual(expected)
      expect(result.count).toBe(expected.length)
      expect(expected.length).toBeGreaterThan(0)
    })

    it.each([
      [{ sort: { patientNmae: 1 } }, 'body.sort.patientNmae', 'Not a sortable field'],
      [{ sort: { caseNo: 'asc' } }, 'body.sort.caseNo', 'Use 1 (ascending) or -1 (descending)'],
      [{ limit: 0 }, 'body.limit', ''],
      [{ limit: 101 }, 'body.limit', ''],
      [{ offset: -1 }, 'body.offset', ''],
      [{ status: ['pending'] }, 'body.status.0', ''],
      [{ createdFrom: 100, createdTo: 50 }, 'body.createdTo', 'Must be on or after createdFrom'],
      [{ page: 1 }, 'body.page', 'Unknown field'],
    ])('refuses %j with a 400 naming %s', async (body, path, message) => {
      const r = await filter('health', body)
      expect(r.status).toBe(400)
      const issues = (r.body as unknown as { error: { issues: { path: string; message: string }[] } }).error
        .issues
      const issue = issues.find((i) => i.path === path)
      expect(issue, JSON.stringify(issues)).toBeDefined()
      expect(issue?.message).toContain(message)
    })

    it("shows another entity none of HEALTH's cases", async () => {
      const other = await ok('cpo', { limit: 100 })
      expect(other).toEqual({ cases: [], count: 0 })
    })

    it('refuses a member without the cases policy (403)', async () => {
      expect((await filter('nocases', {})).status).toBe(403)
    })
  })

  describe('the intake (POST /cases)', () => {
    it('records a case with the next number, a created entry in its history, and only the masked ID', async () => {
      const before = await caseCount()
      const r = await create('health', INTAKE)
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      const c = r.body.data.case
      expect(c).toMatchObject({
        caseNo: `HEALTH-${String(before + 1).padStart(6, '0')}`,
        caseTemplate: 'chest_pain_triage',
        status: 'open',
        urgency: 'urgent',
        patientName: 'Tan Mei Ling',
        idType: 'nric_fin',
        idNumberMasked: 'S****567D',
        dateOfBirth: '1968-04-02',
        sex: 'F',
        dialCode: '65',
        mobileNumber: '91234567',
        siteCode: 'TPY',
        siteName: 'CareBridge Toa Payoh',
        answers: INTAKE.answers,
        notes: 'Walked in, sweating.',
        createdBy: 'Hui Min Chua',
        updatedBy: 'Hui Min Chua',
        version: 1,
        canEdit: true,
      })
      expect(c.history).toEqual([
        expect.objectContaining({ action: 'created', by: 'Hui Min Chua', changes: [], comment: '' }),
      ])
      expect(JSON.stringify(r.body)).not.toContain('S1234567D')
      const stored = await t.database.db
        .selectFrom('health_case')
        .where('case_uuid', '=', c.caseId)
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(stored.id_masked).toBe('S****567D')
      expect(JSON.stringify(stored)).not.toContain('S1234567D')
      expect(await caseCount()).toBe(before + 1)
      // It is the newest edit, so the list shows it first.
      expect((await ok('health', { limit: 1 })).cases[0]?.caseId).toBe(c.caseId)
    })

    it('numbers cases one after another, also when intakes arrive together', async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          create('carebridge.siti', { ...INTAKE, patientName: `Patient ${String(i)}` }),
        ),
      )
      const numbers = results.map((r) => Number(r.body.data.case.caseNo.slice(-6))).sort((a, b) => a - b)
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201])
      expect(new Set(numbers).size).toBe(4)
      expect((numbers[3] ?? 0) - (numbers[0] ?? 0)).toBe(3)
    })

    it.each([
      ['caseTemplate', { caseTemplate: 'dental' }, 'Choose a case template'],
      ['patientName', { patientName: ' ' }, "Enter the patient's name"],
      ['idType', { idType: 'licence' }, 'Choose the ID type'],
      ['idNumber', { idNumber: 'S1234567A' }, 'This NRIC/FIN is not valid: its check letter does not match'],
      ['dateOfBirth', { dateOfBirth: '2999-01-01' }, 'The date of birth cannot be in the future'],
      ['sex', { sex: 'Q' }, "Choose the patient's sex"],
      ['dialCode', { dialCode: '1' }, 'Choose a dial code'],
      [
        'mobileNumber',
        { mobileNumber: '6123 4567' },
        'A Singapore mobile number has 8 digits and starts with 8 or 9',
      ],
      ['siteCode', { siteCode: '' }, 'Choose the clinic'],
      ['siteCode', { siteCode: 'NOPE' }, 'Choose one of your organisation’s clinics'],
      ['urgency', { urgency: 'later' }, 'Choose the urgency'],
      [
        'answers.pain_score',
        { answers: { ...INTAKE.answers, pain_score: 12 } },
        'Enter a number from 0 to 10',
      ],
      ['answers.radiates', { answers: { ...INTAKE.answers, radiates: undefined } }, 'Answer yes or no'],
      ['notes', { notes: 'n'.repeat(2001) }, 'At most 2,000 characters'],
      ['consent', { consent: false }, "Record the patient's consent to continue"],
    ])('refuses a bad %s with a 400 naming it, and writes nothing', async (field, patch, message) => {
      const before = await caseCount()
      const r = await create('health', { ...INTAKE, ...patch })
      expect(r.status).toBe(400)
      const issues = (r.body as unknown as { error: { issues: { path: string; message: string }[] } }).error
        .issues
      expect(issues).toContainEqual(expect.objectContaining({ path: `body.${field}`, message }))
      expect(await caseCount()).toBe(before)
    })

    it('refuses a reader (403) and another entity cannot take in for HEALTH', async () => {
      expect((await create('casereader', INTAKE)).status).toBe(403)
      // CPO has no clinics: its own intake names no clinic of its own.
      const other = await create('cpo', INTAKE)
      expect(other.status).toBe(400)
    })
  })

  describe('one case and its updates', () => {
    let c: CaseDetail
    beforeAll(async () => {
      c = (await create('health', { ...INTAKE, patientName: 'Update Subject' })).body.data.case
    })
    const updateOf = (d: CaseDetail, patch: object = {}) => ({
      caseTemplate: d.caseTemplate,
      patientName: d.patientName,
      idType: d.idType,
      idNumber: '',
      dateOfBirth: d.dateOfBirth,
      sex: d.sex,
      dialCode: d.dialCode,
      mobileNumber: d.mobileNumber,
      siteCode: d.siteCode,
      urgency: d.urgency,
      answers: d.answers,
      notes: d.notes,
      status: d.status,
      version: d.version,
      comment: '',
      ...patch,
    })

    it('reads the case with its history', async () => {
      const r = await get('health', c.caseId)
      expect(r.status).toBe(200)
      expect(r.body.data.case.caseNo).toBe(c.caseNo)
      expect(r.body.data.case.history).toHaveLength(1)
    })

    it('records each update in the history: who, when, what changed, and why', async () => {
      const r = await put(
        'carebridge.siti',
        c.caseId,
        updateOf(c, {
          status: 'in_review',
          answers: { ...c.answers, pain_score: 4 },
          comment: 'Pain eased after GTN.',
        }),
      )
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const d = r.body.data.case
      expect(d).toMatchObject({
        status: 'in_review',
        version: 2,
        updatedBy: 'Siti Nurhaliza Rahman',
        createdBy: 'Hui Min Chua',
      })
      expect(d.lastEditedDate).toBeGreaterThanOrEqual(c.lastEditedDate)
      expect(d.history).toHaveLength(2)
      expect(d.history[0]).toMatchObject({
        action: 'updated',
        by: 'Siti Nurhaliza Rahman',
        comment: 'Pain eased after GTN.',
        changes: [
          { field: 'status', from: 'open', to: 'in_review' },
          { field: 'answers.pain_score', from: 7, to: 4 },
        ],
      })
      expect(d.idNumberMasked).toBe('S****567D')
      c = d
    })

    it('replaces the ID when a new one is typed, and names the change masked', async () => {
      const r = await put('health', c.caseId, updateOf(c, { idType: 'passport', idNumber: 'E1234567A' }))
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.case.idNumberMasked).toBe('E****567A')
      expect(r.body.data.case.history[0]?.changes).toEqual([
        { field: 'idType', from: 'nric_fin', to: 'passport' },
        { field: 'idNumber', from: 'S****567D', to: 'E****567A' },
      ])
      c = r.body.data.case
    })

    it('adds nothing when nothing changed', async () => {
      const r = await put('health', c.caseId, updateOf(c))
      expect(r.status).toBe(200)
      expect(r.body.data.case.version).toBe(c.version)
      expect(r.body.data.case.history).toHaveLength(c.history.length)
    })

    it('refuses an update made from an older version (409) and keeps the newer one', async () => {
      const r = await put('health', c.caseId, updateOf(c, { version: c.version - 1, status: 'closed' }))
      expect(r.status).toBe(409)
      expect((r.body as unknown as { error: { message: string } }).error.message).toContain('reload')
      const now = (await get('health', c.caseId)).body.data.case
      expect(now.status).toBe(c.status)
      expect(now.history).toHaveLength(c.history.length)
    })

    it.each([
      [{ status: 'archived' }, 'body.status'],
      [{ idType: 'nric_fin', idNumber: 'S1234567A' }, 'body.idNumber'],
      [{ idType: 'nric_fin', idNumber: '' }, 'body.idNumber'],
      [{ siteCode: 'NOPE' }, 'body.siteCode'],
      [{ answers: { pain_score: 3 } }, 'body.answers.pain_onset'],
      [{ version: 0 }, 'body.version'],
      [{ consent: true }, 'body.consent'],
    ])('refuses %j with a 400 naming %s, writing nothing', async (patch, path) => {
      const r = await put('health', c.caseId, updateOf(c, patch))
      expect(r.status).toBe(400)
      const issues = (r.body as unknown as { error: { issues: { path: string }[] } }).error.issues
      expect(issues.map((i) => i.path)).toContain(path)
      expect((await get('health', c.caseId)).body.data.case.version).toBe(c.version)
    })

    it('lets a reader read but not update (canEdit false, PUT 403)', async () => {
      const r = await get('casereader', c.caseId)
      expect(r.status).toBe(200)
      expect(r.body.data.case.canEdit).toBe(false)
      expect((await put('casereader', c.caseId, updateOf(c, { status: 'closed' }))).status).toBe(403)
    })

    it("answers another entity's owner 404 with no data, for reading and updating", async () => {
      for (const r of [
        await get('cpo', c.caseId),
        await put('cpo', c.caseId, updateOf(c, { status: 'closed' })),
      ]) {
        expect(r.status).toBe(404)
        expect(Object.keys(r.body as object)).toEqual(['error'])
      }
      expect((await get('health', 'no-such-case')).status).toBe(404)
    })
  })

  describe('the form options', () => {
    it("lists the entity's clinics and staff, and none of them to another entity", async () => {
      const sites = await call<{ data: { sites: { code: string; name: string }[] } }>(
        t.app,
        'GET',
        `${BASE}/sites`,
        {
          token: tokens.health,
        },
      )
      expect(sites.body.data.sites.map((s) => s.code).sort()).toEqual(['BTM', 'JE', 'TAM', 'TPY', 'WDL'])
      const staff = await call<{ data: { users: { username: string }[] } }>(t.app, 'GET', `${BASE}/staff`, {
        token: tokens.health,
      })
      expect(staff.body.data.users.map((u) => u.username)).toEqual(
        expect.arrayContaining(['health', 'carebridge.siti', 'carebridge.lim']),
      )
      expect(staff.body.data.users.map((u) => u.username)).not.toContain('vending')
      const other = await call<{ data: { sites: unknown[] } }>(t.app, 'GET', `${BASE}/sites`, {
        token: tokens.cpo,
      })
      expect(other.body.data.sites).toEqual([])
    })
  })
})
