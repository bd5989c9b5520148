import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { createTestApp, DIALECTS, TEST_NOW } from '../../../test-support'
import { sendDemoHeartbeats } from './demo-heartbeats'

describe.each(DIALECTS)('the demo chargers’ heartbeats on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  it('keeps the communicating chargers online and leaves the offline ones silent', async () => {
    const db = t.database.db
    const before = await db
      .selectFrom('ev_charge_point')
      .select(['id', 'ocpp_status', 'last_heartbeat_at'])
      .execute()
    expect(before.some((c) => c.ocpp_status === 'UNKNOWN')).toBe(true)
    const later = TEST_NOW + 3 * 86_400_000
    await sendDemoHeartbeats(db, later)
    const after = new Map(
      (await db.selectFrom('ev_charge_point').select(['id', 'last_heartbeat_at']).execute()).map((c) => [
        c.id,
        c.last_heartbeat_at,
      ]),
    )
    for (const c of before) {
      const expected =
        c.ocpp_status !== 'UNKNOWN' && c.last_heartbeat_at !== null ? later : c.last_heartbeat_at
      expect(after.get(c.id), `charger ${String(c.id)} (${c.ocpp_status})`).toBe(expected)
    }
  })
})

describe.each(DIALECTS)('the demo heartbeats and real chargers on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
  })
  afterAll(() => t.close())

  it('never speaks for a charger that has booted over OCPP: one that goes quiet must read offline', async () => {
    const db = t.database.db
    const charger = await db
      .selectFrom('ev_charge_point')
      .where('ocpp_status', '<>', 'UNKNOWN')
      .where('last_heartbeat_at', 'is not', null)
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await db
      .updateTable('ev_charge_point')
      .set({ boot_at: TEST_NOW, last_heartbeat_at: TEST_NOW })
      .where('id', '=', charger.id)
      .execute()
    await sendDemoHeartbeats(db, TEST_NOW + 86_400_000)
    const after = await db
      .selectFrom('ev_charge_point')
      .where('id', '=', charger.id)
      .select('last_heartbeat_at')
      .executeTakeFirstOrThrow()
    expect(after.last_heartbeat_at).toBe(TEST_NOW)
  })
})
