import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { createTestApp, DIALECTS, until } from '../test-support'
import { startDemoNetwork } from './demo-network'

/*
 * `npm start`'s demo network (issue 14): the seeded chargers driven by simulated ones over the real endpoint, at a
 * pace of seconds instead of hours, until a session has run from start to stop through the central system.
 */

describe.each(DIALECTS)('the simulated demo network on %s', (dialect) => {
  let t: TestApp
  let stop: () => Promise<void> = () => Promise.resolve()

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await stop()
    await t.close()
  })

  it('boots the communicating demo chargers over OCPP and runs sessions from start to stop', async () => {
    const address = t.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const lines: string[] = []
    stop = await startDemoNetwork(t.app.db, { host: '127.0.0.1', port }, (line) => lines.push(line), {
      heartbeatS: 1,
      meterS: 0.2,
      idleMinutes: [0.001, 0.005],
      chargeMinutes: [0.01, 0.02],
    })
    const booted = await until('the chargers to boot', async () => {
      const rows = await t.app.db
        .selectFrom('ev_charge_point')
        .where('vendor', '=', 'Portal Simulator')
        .select(['entity_code', 'ocpp_version'])
        .execute()
      return rows.length >= 3 ? rows : undefined
    })
    expect(new Set(booted.map((r) => r.ocpp_version))).toEqual(new Set(['ocpp1.6', 'ocpp2.0.1']))
    const completed = await until('a simulated session to complete', () =>
      t.app.db
        .selectFrom('ev_session')
        .where('ocpp_key', 'is not', null)
        .where('status', '=', 'COMPLETED')
        .selectAll()
        .executeTakeFirst(),
    )
    expect(completed).toMatchObject({
      entity_code: 'CPO',
      emsp_entity_code: 'EMSP',
      stop_reason: 'VEHICLE_MANUAL_STOP',
    })
    expect(completed.energy_wh).toBeGreaterThan(0)
    // The test bay waits for real chargers: the demo network leaves it alone.
    const bay = await t.app.db
      .selectFrom('ev_charge_point')
      .where('ocpp_identity', 'like', 'SPK-TEST-%')
      .where('vendor', '=', 'Portal Simulator')
      .select('id')
      .execute()
    expect(bay).toEqual([])
    expect(lines.filter((l) => l.includes('failed'))).toEqual([])
  }, 40_000)
})
