import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

describe.each(DIALECTS)('entities and users on %s', (dialect) => {
  let t: TestApp
  let vending: string
  let admin: string
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    vending = await loginAs(t.app, 'vending')
    admin = await loginAs(t.app, 'admin')
  })
  afterAll(() => t.close())

  it('returns the entity fields of A §3 by code and by id', async () => {
    const byCode = await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: vending })
    expect(byCode.status).toBe(200)
    expect(byCode.body.data).toMatchObject({
      code: 'VEND',
      industries: ['vending'],
      roles: [],
      currency_code: 'SGD',
    })
    const byId = await call(t.app, 'GET', `/api/main/iam/entities/${byCode.body.data.id}`, { token: vending })
    expect(byId.body.data.code).toBe('VEND')
  })

  it('answers 404 for another entity, exactly as for one that does not exist', async () => {
    const other = await call(t.app, 'GET', '/api/main/iam/entities/CPO', { token: vending })
    const missing = await call(t.app, 'GET', '/api/main/iam/entities/NOPE', { token: vending })
    expect(other.status).toBe(404)
    expect(other.body).toEqual(missing.body)
  })

  it('lets the platform administrator read any entity', async () => {
    const r = await call(t.app, 'GET', '/api/main/iam/entities/CPO', { token: admin })
    expect(r.status).toBe(200)
    expect(r.body.data.roles).toEqual(['CPO'])
  })

  it('returns a user with entity paths by relation', async () => {
    const login = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'viewer', password: 'demo1234' },
    })
    const me = await call(t.app, 'GET', `/api/main/iam/users/${login.body.data.user_uuid}`, {
      token: login.body.data.token,
    })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({
      username: 'viewer',
      owned_entities: [],
      admin_entities: [],
      authorised_entities: ['VEND'],
    })
    // The owner of VEND sees its authorised member; the owner of CPO does not.
    expect(
      (await call(t.app, 'GET', `/api/main/iam/users/${login.body.data.user_uuid}`, { token: vending }))
        .status,
    ).toBe(200)
    const cpo = await loginAs(t.app, 'cpo')
    expect(
      (await call(t.app, 'GET', `/api/main/iam/users/${login.body.data.user_uuid}`, { token: cpo })).status,
    ).toBe(404)
  })

  it('checks policies for the current entity', async () => {
    const owner = await call(t.app, 'POST', '/api/main/iam/policies/check', {
      token: vending,
      body: { app_code: 'iam', resource_code: 'users/*' },
    })
    expect(owner.body.data.allowed_action).toEqual([{ action_code: '*', set_code: '*' }])
    const viewer = await loginAs(t.app, 'viewer')
    const denied = await call(t.app, 'POST', '/api/main/iam/policies/check', {
      token: viewer,
      body: { app_code: 'iam', resource_code: 'users/*' },
    })
    expect(denied.body.data.allowed_action).toEqual([])
    const bad = await call(t.app, 'POST', '/api/main/iam/policies/check', {
      token: viewer,
      body: { app_code: '' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('body.app_code')
    expect(bad.body.error.message).toContain('body.resource_code')
  })
})

describe.each(DIALECTS)('entity administration and switching on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
  })
  afterAll(() => t.close())

  it('lists the user’s entities with their relation; a platform administrator sees every entity', async () => {
    const vending = await loginAs(t.app, 'vending')
    const mine = await call(t.app, 'GET', '/api/main/iam/entities', { token: vending })
    expect(
      mine.body.data.entities.map((e: { code: string; relation: number }) => [e.code, e.relation]),
    ).toEqual([['VEND', 0]])
    const results = await call(t.app, 'GET', '/api/main/entity', { token: vending })
    expect(results.body.results.map((e: { code: string }) => e.code)).toEqual(['VEND'])
    const admin = await loginAs(t.app, 'admin')
    const all = await call(t.app, 'GET', '/api/main/iam/entities', { token: admin })
    // Every entity: the demo accounts' twelve and the carbon programme's partners that have no users.
    const entities = await t.database.db.selectFrom('entity').select('code').execute()
    expect(entities.length).toBeGreaterThan(12)
    expect(all.body.data.entities.map((e: { code: string }) => e.code).sort()).toEqual(
      entities.map((e) => e.code).sort(),
    )
  })

  it('the charging client lists the user’s entities and every CPO and EMSP', async () => {
    const emsp = await loginAs(t.app, 'emsp')
    const r = await call(t.app, 'GET', '/api/charging/iam/entities?limit=1000', { token: emsp })
    expect(r.body.data.entities.map((e: { code: string }) => e.code).sort()).toEqual(['CPO', 'EMSP', 'VOLT'])
  })

  it('switches only to an entity the user belongs to; the session then acts there', async () => {
    const admin = await loginAs(t.app, 'admin')
    const r = await call(t.app, 'POST', '/api/main/iam/entities/switch', {
      token: admin,
      body: { entity_code: 'CPO' },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      entity_code: 'CPO',
      entity: { code: 'CPO' },
      can_view_apps: ['iam', 'iot', 'payment', 'ev', 'carbon'],
    })
    const machines = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: admin,
      body: { limit: 5, offset: 0 },
    })
    // The session now reads CPO's machines (its POS kiosks), none of VEND's.
    const cpoMachines = await t.app.db
      .selectFrom('machine')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity_code', '=', 'CPO')
      .executeTakeFirstOrThrow()
    expect(machines.body.data.count).toBe(cpoMachines.n)
    expect(cpoMachines.n).toBeLessThan(100)
    const vending = await loginAs(t.app, 'vending')
    const refused = await call(t.app, 'POST', '/api/main/iam/entities/switch', {
      token: vending,
      body: { entity_code: 'CPO' },
    })
    expect(refused.status).toBe(404)
    const audit = await t.database.db
      .selectFrom('audit_log')
      .where('action', '=', 'entity_switched')
      .selectAll()
      .execute()
    expect(audit.length).toBe(1)
  })

  it('creates entities (platform administrators only) and clinics; updates only its own entity', async () => {
    const admin = await loginAs(t.app, 'admin')
    const vending = await loginAs(t.app, 'vending')
    const body = { code: 'newco', name: 'New Co', industries: ['vending'] }
    expect((await call(t.app, 'POST', '/api/main/iam/entities', { token: vending, body })).status).toBe(403)
    const created = await call(t.app, 'POST', '/api/main/iam/entities', { token: admin, body })
    expect(created.body.data).toMatchObject({ code: 'NEWCO', industries: ['vending'], currency_code: 'SGD' })
    const dup = await call(t.app, 'POST', '/api/main/iam/entities', { token: admin, body })
    expect(dup.body.error.issues[0].path).toBe('body.code')
    const bad = await call(t.app, 'POST', '/api/main/iam/entities', {
      token: admin,
      body: { code: 'X', name: '', industries: [] },
    })
    expect(bad.body.error.message).toContain('body.code')
    expect(bad.body.error.message).toContain('body.name')
    expect(bad.body.error.message).toContain('body.industries')

    const renamed = await call(t.app, 'PUT', '/api/main/iam/entities/VEND', {
      token: vending,
      body: { name: 'Kopi & Snacks Vending' },
    })
    expect(renamed.body.data.name).toBe('Kopi & Snacks Vending')
    expect(
      (await call(t.app, 'PUT', '/api/main/iam/entities/CPO', { token: vending, body: { name: 'Mine' } }))
        .status,
    ).toBe(404)
    const viewer = await loginAs(t.app, 'viewer')
    expect(
      (await call(t.app, 'PUT', '/api/main/iam/entities/VEND', { token: viewer, body: { name: 'Mine' } }))
        .status,
    ).toBe(403)

    const filter = await call(t.app, 'POST', '/api/main/iam/entities/filter', {
      token: admin,
      body: { limit: 50, offset: 0, industry: 'cpo' },
    })
    expect(filter.body.data.entities.map((e: { code: string }) => e.code)).toEqual(['CPO'])
  })
})

describe.each(DIALECTS)('entities below the current one, and child entities, on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
  })
  afterAll(() => t.close())

  const codes = (body: { data: { entities: { code: string }[] } }) => body.data.entities.map((e) => e.code)

  it('lists the current entity and those below it for its admins; every entity for a platform administrator', async () => {
    const vending = await loginAs(t.app, 'vending')
    const clinic = await call(t.app, 'POST', '/api/main/iam/entities/clinic', {
      token: vending,
      body: { code: 'VEND-CLINIC', name: 'Vend Staff Clinic' },
    })
    expect(clinic.status).toBe(200)
    const mine = await call(t.app, 'POST', '/api/main/iam/entities/filter', {
      token: vending,
      body: { limit: 50, offset: 0 },
    })
    expect(mine.status).toBe(200)
    expect(codes(mine.body)).toEqual(['VEND', 'VEND-CLINIC'])
    expect(mine.body.data.count).toBe(2)
    const children = await call(t.app, 'POST', '/api/main/iam/entities/filter', {
      token: vending,
      body: { limit: 50, offset: 0, parent_code: 'VEND' },
    })
    expect(codes(children.body)).toEqual(['VEND-CLINIC'])
    // Another entity's children stay out of reach, filter or not.
    const others = await call(t.app, 'POST', '/api/main/iam/entities/filter', {
      token: vending,
      body: { limit: 50, offset: 0, parent_code: 'HEALTH' },
    })
    expect(others.body.data).toEqual({ entities: [], count: 0 })

    const admin = await loginAs(t.app, 'admin')
    const all = await call(t.app, 'POST', '/api/main/iam/entities/filter', {
      token: admin,
      body: { limit: 50, offset: 0, parent_code: 'HEALTH' },
    })
    expect(codes(all.body)).toEqual(['CB-JE', 'CB-TPY'])

    // Without read on entities (an authorised member with a vending policy only): no list.
    const viewer = await loginAs(t.app, 'viewer')
    const refused = await call(t.app, 'POST', '/api/main/iam/entities/filter', {
      token: viewer,
      body: { limit: 50, offset: 0 },
    })
    expect(refused.status).toBe(403)
  })

  it('refuses entity creation to anyone but a platform administrator, and industries changes too', async () => {
    const vending = await loginAs(t.app, 'vending')
    const body = { code: 'NOT-MINE', name: 'Not Mine', industries: ['vending'] }
    const refused = await call(t.app, 'POST', '/api/main/iam/entities', { token: vending, body })
    expect(refused.status).toBe(403)
    expect(
      await t.database.db.selectFrom('entity').where('code', '=', 'NOT-MINE').select('id').executeTakeFirst(),
    ).toBeUndefined()

    const ownIndustries = await call(t.app, 'PUT', '/api/main/iam/entities/VEND', {
      token: vending,
      body: { industries: ['vending', 'cpo'] },
    })
    expect(ownIndustries.status).toBe(403)
    const admin = await loginAs(t.app, 'admin')
    const byAdmin = await call(t.app, 'PUT', '/api/main/iam/entities/LIMO', {
      token: admin,
      body: { industries: ['limo', 'fx'] },
    })
    expect(byAdmin.status).toBe(200)
    expect(byAdmin.body.data.industries).toEqual(['limo', 'fx'])
  })

  it('lets the admin of a parent read and change its child entities, from a clinic where she has no payment policy', async () => {
    const login = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'clinics', password: 'demo1234' },
    })
    const token = login.body.data.token as string
    expect(login.body.data.entity_code).toBe('CB-TPY')
    // A §5: no payment policy in the clinic, but two child entities (below HEALTH, which she administers).
    const payment = await call(t.app, 'POST', '/api/main/iam/policies/check', {
      token,
      body: { app_code: 'payment', resource_code: 'payment-configs/*' },
    })
    expect(payment.body.data.allowed_action).toEqual([])
    const children = await call(
      t.app,
      'POST',
      `/api/main/iam/users/${login.body.data.user_uuid as string}/child-entities/filter`,
      { token, body: { limit: 10 } },
    )
    expect(children.body.data).toEqual({
      entities: [
        { code: 'CB-JE', name: 'CareBridge Jurong East', parent_code: 'HEALTH' },
        { code: 'CB-TPY', name: 'CareBridge Toa Payoh', parent_code: 'HEALTH' },
      ],
      count: 2,
    })

    // Not a member of Jurong East, yet its profile is hers to read and change: she administers its parent.
    const read = await call(t.app, 'GET', '/api/main/iam/entities/CB-JE', { token })
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ code: 'CB-JE', parent_code: 'HEALTH' })
    const renamed = await call(t.app, 'PUT', '/api/main/iam/entities/CB-JE', {
      token,
      body: { name: 'CareBridge Jurong East (JEM)', preferred_identifier: 'nric' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toMatchObject({
      name: 'CareBridge Jurong East (JEM)',
      preferred_identifier: 'nric',
    })
    const industries = await call(t.app, 'PUT', '/api/main/iam/entities/CB-JE', {
      token,
      body: { industries: ['vending'] },
    })
    expect(industries.status).toBe(403)

    // Entities beside hers answer as if they did not exist.
    const cpo = await call(t.app, 'GET', '/api/main/iam/entities/CPO', { token })
    const missing = await call(t.app, 'GET', '/api/main/iam/entities/NOPE', { token })
    expect(cpo.status).toBe(404)
    expect(cpo.body).toEqual(missing.body)
    expect(
      (await call(t.app, 'PUT', '/api/main/iam/entities/VEND', { token, body: { name: 'Mine' } })).status,
    ).toBe(404)
    // The clinic's owner of the list (read on entities in the clinic) she is not: no entity list there.
    expect(
      (
        await call(t.app, 'POST', '/api/main/iam/entities/filter', {
          token,
          body: { limit: 10, offset: 0 },
        })
      ).status,
    ).toBe(403)
  })
})
