import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

function multipart(bytes: Buffer, filename = 'a.png', type = 'image/png') {
  const boundary = '----usertestboundary'
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe.each(DIALECTS)('users on %s', (dialect) => {
  let t: TestApp
  let owner: string
  const uuidOf = async (username: string) =>
    (
      await t.database.db
        .selectFrom('app_user')
        .where('username', '=', username)
        .select('user_uuid')
        .executeTakeFirstOrThrow()
    ).user_uuid

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01 })
    owner = await loginAs(t.app, 'vending')
  })
  afterAll(() => t.close())

  it('lists the members of the entity with relation and grants, filtered and searched', async () => {
    const r = await call(t.app, 'POST', '/api/main/iam/users/filter', {
      token: owner,
      body: { limit: 50, offset: 0 },
    })
    const usernames = r.body.data.users.map((u: { username: string }) => u.username)
    expect(usernames).toEqual(expect.arrayContaining(['vending', 'viewer', 'finance', 'newstaff', 'mfa']))
    expect(usernames).not.toContain('cpo')
    const newstaff = r.body.data.users.find((u: { username: string }) => u.username === 'newstaff')
    expect(newstaff.grants).toEqual([
      {
        id: expect.any(Number),
        role: { id: expect.any(Number), name: 'Restocker' },
        policy: null,
        set: { id: expect.any(Number), code: 'east', name: 'East Region' },
      },
    ])
    const search = await call(t.app, 'POST', '/api/main/iam/users/filter', {
      token: owner,
      body: { limit: 50, offset: 0, search: 'farah' },
    })
    expect(search.body.data.users.map((u: { username: string }) => u.username)).toEqual(['finance'])
    const active = await call(t.app, 'POST', '/api/main/iam/users/filter', {
      token: owner,
      body: { limit: 50, offset: 0, status_list: [2] },
    })
    expect(active.body.data.count).toBe(0)
  })

  it('adds a user Pending Activation whose link sets a password and activates them', async () => {
    const role = await t.database.db
      .selectFrom('iam_role')
      .where('name', '=', 'Finance')
      .select('id')
      .executeTakeFirstOrThrow()
    const created = await call(t.app, 'POST', '/api/main/iam/users', {
      token: owner,
      body: {
        name: 'Hana Tan',
        username: 'Hana.Tan',
        email: 'hana@example.com',
        phone_number: '+65 8123 4567',
        grants: [{ role_id: role.id }],
      },
    })
    expect(created.status).toBe(200)
    expect(created.body.data.user).toMatchObject({ username: 'hana.tan', status: 2, relation: 2 })
    expect(
      (await call(t.app, 'POST', '/api/main/iam/login', { body: { username: 'hana.tan', password: 'x' } }))
        .status,
    ).toBe(401)
    const ott = (created.body.data.activation_link as string).split('/').pop() ?? ''
    expect(
      (
        await call(t.app, 'POST', `/api/main/iam/reset-password/${ott}`, {
          body: { password: 'Bukit-Timah-11' },
        })
      ).status,
    ).toBe(200)
    const token = await loginAs(t.app, 'hana.tan', 'Bukit-Timah-11')
    const check = await call(t.app, 'POST', '/api/main/iam/policies/check', {
      token,
      body: { app_code: 'payment', resource_code: 'payment-configs/*' },
    })
    expect(check.body.data.allowed_action).toEqual([{ action_code: 'read', set_code: '*' }])
  })

  it.each([
    [{ name: '', username: 'ok-name' }, 'body.name'],
    [{ name: 'A', username: 'x' }, 'body.username'],
    [{ name: 'A', username: 'good-name', email: 'not-an-email' }, 'body.email'],
    [{ name: 'A', username: 'good-name', phone_number: 'call me' }, 'body.phone_number'],
    [{ name: 'A', username: 'good-name', grants: [{}] }, 'body.grants.0.role_id'],
    [{ name: 'A', username: 'viewer' }, 'body.username'],
    [{ name: 'A', username: 'good-name', grants: [{ role_id: 99999 }] }, 'body.grants.0.role_id'],
  ])('refuses %j naming %s', async (body, field) => {
    const r = await call(t.app, 'POST', '/api/main/iam/users', { token: owner, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('lets users change their own details but not their own access', async () => {
    const login = await call(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'viewer', password: 'demo1234' },
    })
    const token = login.body.data.token as string
    const me = login.body.data.user_uuid as string
    const ok = await call(t.app, 'PUT', `/api/main/iam/users/${me}`, {
      token,
      body: { name: 'Wei Jie Ng', phone_number: '+65 9000 0001' },
    })
    expect(ok.status).toBe(200)
    const grab = await call(t.app, 'PUT', `/api/main/iam/users/${me}`, {
      token,
      body: { grants: [{ policy_id: 1 }] },
    })
    expect(grab.status).toBe(403)
    const other = await call(t.app, 'PUT', `/api/main/iam/users/${await uuidOf('finance')}`, {
      token,
      body: { name: 'Hacked' },
    })
    expect(other.status).toBe(403)
  })

  it('changes a status with an audit record; Inactive ends the sessions; never your own', async () => {
    const finance = await loginAs(t.app, 'finance')
    const uuid = await uuidOf('finance')
    const r = await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/status/update`, {
      token: owner,
      body: { status: 4 },
    })
    expect(r.body.data.status).toBe(4)
    expect((await call(t.app, 'GET', '/api/main/iam/entities/VEND', { token: finance })).status).toBe(401)
    const audit = await call(t.app, 'GET', `/api/main/iam/audit?object_type=user&object_id=${uuid}`, {
      token: owner,
    })
    expect(audit.body.data.entries[0]).toMatchObject({
      action: 'user_status_updated',
      before: { status: 1 },
      after: { status: 4 },
    })
    await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/status/update`, {
      token: owner,
      body: { status: 1 },
    })
    const self = await call(t.app, 'PUT', `/api/main/iam/users/${await uuidOf('vending')}/status/update`, {
      token: owner,
      body: { status: 4 },
    })
    expect(self.status).toBe(400)
    const bad = await call(t.app, 'PUT', `/api/main/iam/users/${uuid}/status/update`, {
      token: owner,
      body: { status: 9 },
    })
    expect(bad.body.error.message).toContain('body.status')
  })

  it('uploads images only, up to 2 MB, and serves them back', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/main/iam/img-upload',
      headers: { authorization: `Token ${owner}`, ...multipart(PNG).headers },
      payload: multipart(PNG).payload,
    })
    expect(ok.statusCode).toBe(200)
    const url = ok.json<{ data: { url: string } }>().data.url
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG)).toBe(true)

    const text = multipart(Buffer.from('<script>alert(1)</script>'), 'a.png', 'image/png')
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/main/iam/img-upload',
      headers: { authorization: `Token ${owner}`, ...text.headers },
      payload: text.payload,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(
      /^file: only PNG, JPEG, GIF or WebP/,
    )

    const big = multipart(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/main/iam/img-upload',
      headers: { authorization: `Token ${owner}`, ...big.headers },
      payload: big.payload,
    })
    expect(tooBig.statusCode).toBe(413)
  })

  it('finds members by name for whoever reads users or edits payment configs (the "Add user" picker)', async () => {
    const search = (token: string) =>
      call(t.app, 'POST', '/api/main/iam/users/search', { token, body: { query: 'restocker', limit: 5 } })
    const byOwner = await search(owner)
    expect(byOwner.status).toBe(200)
    expect(byOwner.body.data.users.map((u: { username: string }) => u.username)).toContain('restocker')

    // `payments` views payment configuration only: no member search.
    const payments = await loginAs(t.app, 'payments')
    expect((await search(payments)).status).toBe(403)
    const policy = await call(t.app, 'POST', '/api/main/iam/policies', {
      token: owner,
      body: {
        name: 'Payment editors',
        statements: [{ app_code: 'payment', resource_code: 'payment-configs/*', action_code: 'edit' }],
      },
    })
    const granted = await call(t.app, 'PUT', `/api/main/iam/users/${await uuidOf('payments')}`, {
      token: owner,
      body: { grants: [{ policy_id: policy.body.data.id as number }] },
    })
    expect(granted.status).toBe(200)
    const found = await search(payments)
    expect(found.status).toBe(200)
    expect(found.body.data.users).toEqual(byOwner.body.data.users)
    // Still no user list: the search answers names, nothing more.
    expect(
      (
        await call(t.app, 'POST', '/api/main/iam/users/filter', {
          token: payments,
          body: { limit: 5, offset: 0 },
        })
      ).status,
    ).toBe(403)
  })

  it('counts child entities for the entity-settings rule (A §5)', async () => {
    const me = await uuidOf('vending')
    const before = await call(t.app, 'POST', `/api/main/iam/users/${me}/child-entities/filter`, {
      token: owner,
      body: { limit: 1 },
    })
    expect(before.body.data.count).toBe(0)
    expect(
      (
        await call(t.app, 'POST', '/api/main/iam/entities/clinic', {
          token: owner,
          body: { code: 'VENDCLINIC', name: 'Vend Clinic' },
        })
      ).status,
    ).toBe(200)
    const after = await call(t.app, 'POST', `/api/main/iam/users/${me}/child-entities/filter`, {
      token: owner,
      body: { limit: 1 },
    })
    expect(after.body.data.count).toBe(1)
  })
})
