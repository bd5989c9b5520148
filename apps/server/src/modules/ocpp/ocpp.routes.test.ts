import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_BAY_CHARGERS } from '../../seed/ev-network'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { verifyOcppPassword } from './ocpp-password'

describe.each(DIALECTS)('OCPP credentials on %s', (dialect) => {
  let t: TestApp
  let cpo: string
  let volt: string
  let uid: string
  const url = (u: string) => `/api/charging/charge-points/devices/${u}/ocpp-password`
  const stored = async (u: string) =>
    t.app.db
      .selectFrom('ev_charge_point')
      .where('uid', '=', u)
      .select(['ocpp_password_hash', 'ocpp_password_set_at', 'ocpp_identity'])
      .executeTakeFirstOrThrow()

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    cpo = await loginAs(t.app, 'cpo')
    volt = await loginAs(t.app, 'voltnet')
    const row = await t.app.db
      .selectFrom('ev_charge_point')
      .where('ocpp_identity', '=', TEST_BAY_CHARGERS[0])
      .select('uid')
      .executeTakeFirstOrThrow()
    uid = row.uid
  })
  afterAll(() => t.close())

  it('rotates the password: a new one of 24 characters, shown once, only its hash kept, the old one refused', async () => {
    const before = await stored(uid)
    expect(verifyOcppPassword(Buffer.from('demo1234'), before.ocpp_password_hash)).toBe(true)
    const res = await call<{ data: { identity: string; password: string; password_set_at: number } }>(
      t.app,
      'POST',
      url(uid),
      { token: cpo },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.identity).toBe(TEST_BAY_CHARGERS[0])
    expect(res.body.data.password).toMatch(/^[A-Za-z0-9]{24}$/)
    const after = await stored(uid)
    expect(after.ocpp_password_hash).not.toContain(res.body.data.password)
    expect(verifyOcppPassword(Buffer.from(res.body.data.password), after.ocpp_password_hash)).toBe(true)
    expect(verifyOcppPassword(Buffer.from('demo1234'), after.ocpp_password_hash)).toBe(false)
    expect(after.ocpp_password_set_at).toBe(res.body.data.password_set_at)

    // A second rotation replaces it again.
    const again = await call<{ data: { password: string } }>(t.app, 'POST', url(uid), { token: cpo })
    expect(again.body.data.password).not.toBe(res.body.data.password)
    expect(
      verifyOcppPassword(Buffer.from(res.body.data.password), (await stored(uid)).ocpp_password_hash),
    ).toBe(false)
  })

  it('shows on the charger page that a password is set, never the password', async () => {
    const res = await call<{ data: { device: { ocpp: Record<string, unknown> } } }>(
      t.app,
      'GET',
      `/api/charging/charge-points/devices/${uid}`,
      { token: cpo },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.device.ocpp).toMatchObject({
      identity: TEST_BAY_CHARGERS[0],
      password_set: true,
      commissioned: true,
      version: null,
    })
    expect(JSON.stringify(res.body)).not.toMatch(/sha256\$/)
  })

  it('audits the change without the secret', async () => {
    const rows = await t.app.db
      .selectFrom('audit_log')
      .where('object_type', '=', 'ev_charge_point')
      .where('object_id', '=', uid)
      .selectAll()
      .execute()
    expect(rows.map((r) => r.action)).toContain('ocpp_password_rotated')
    for (const r of rows) expect(JSON.stringify(r)).not.toMatch(/sha256\$|[A-Za-z0-9]{24}"/)
  })

  it('answers 404 for another entity’s charger and for one that does not exist', async () => {
    expect((await call(t.app, 'POST', url(uid), { token: volt })).status).toBe(404)
    expect((await call(t.app, 'POST', url('no-such-charger'), { token: cpo })).status).toBe(404)
    expect(verifyOcppPassword(Buffer.from('x'), (await stored(uid)).ocpp_password_hash)).toBe(false)
  })

  it('refuses a charger without an OCPP identity with a 400 that says why', async () => {
    const other = await t.app.db
      .selectFrom('ev_charge_point')
      .where('entity_code', '=', 'CPO')
      .where('uid', '<>', uid)
      .select('uid')
      .executeTakeFirstOrThrow()
    await t.app.db
      .updateTable('ev_charge_point')
      .set({ ocpp_identity: null })
      .where('uid', '=', other.uid)
      .execute()
    const res = await call<{ error: { message: string } }>(t.app, 'POST', url(other.uid), { token: cpo })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toMatch(/no OCPP identity/)
  })
})
