import { LiveEventName } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { createTestApp, DIALECTS, until } from '../../test-support'
import { OcpiStubPartner } from '../../test-support/ocpi-stub-partner'
import { dequeueSent, queueEvse, queuedEvses } from './ocpi-push-queue.repository'

/*
 * EVSE status pushes (decision 0113, "Push storms"): a burst of changes becomes at most one waiting row per partner
 * and EVSE, drained as PATCHes of the latest status; a partner that refuses keeps what it missed queued; a change
 * that arrives while its EVSE is being sent stays queued for the next batch.
 */

describe.each(DIALECTS)('OCPI EVSE pushes on %s', (dialect) => {
  let t: TestApp
  let stub: OcpiStubPartner
  let partnerId: number
  const evses: { id: number; uid: string; location_id: number; location_uid: string }[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      scale: 0.005,
      build: {
        ocpi: { publicUrl: () => 'http://portal.test', pullEveryMs: 0 },
        background: { jobs: { pollMs: 50 } },
      },
    })
    stub = await OcpiStubPartner.start()
    const now = Date.now()
    const row = await t.database.db
      .insertInto('ocpi_partner')
      .values({
        entity_code: 'CPO',
        name: 'Storm eMSP',
        status: 'connected',
        initiated_by: 'them',
        roles: JSON.stringify([{ role: 'EMSP', country_code: 'SG', party_id: 'STM' }]),
        incoming_token_hash: null,
        outgoing_token: 'storm-token',
        partner_versions_url: stub.versionsUrl,
        version: '2.2.1',
        endpoints: JSON.stringify([
          { identifier: 'locations', role: 'RECEIVER', url: `${stub.base}/locations` },
        ]),
        created_at: now,
        created_by: 'test',
        updated_at: now,
        connected_at: now,
        last_message_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    partnerId = row.id
    evses.push(
      ...(await t.database.db
        .selectFrom('ev_evse as e')
        .innerJoin('ev_location as l', 'l.id', 'e.location_id')
        .where('e.entity_code', '=', 'CPO')
        .where((eb) =>
          eb.exists(eb.selectFrom('ev_connector as c').whereRef('c.evse_ref', '=', 'e.id').select('c.id')),
        )
        .select(['e.id', 'e.uid', 'e.location_id', 'l.uid as location_uid'])
        .orderBy('e.id')
        .limit(12)
        .execute()),
    )
    for (const e of evses)
      stub.answers.set(`/locations/SG/SPK/${e.location_uid}/${e.uid}`, {
        status: 200,
        body: { status_code: 1000, timestamp: new Date().toISOString() },
      })
  })
  afterAll(async () => {
    await t.close()
    await stub.close()
  })

  const change = async (evse: (typeof evses)[number], status: string) => {
    await t.database.db
      .updateTable('ev_evse')
      .set({ status, updated_at: Date.now() })
      .where('id', '=', evse.id)
      .execute()
    t.app.live.tell({
      name: LiveEventName.connectorStatus,
      entities: ['CPO'],
      data: { charge_point: 'storm', location_id: evse.location_id, evse_id: evse.id, status },
    })
  }
  const lastSent = (evse: (typeof evses)[number]) => {
    const sent = stub.received.filter(
      (r) => r.method === 'PATCH' && r.url === `/locations/SG/SPK/${evse.location_uid}/${evse.uid}`,
    )
    const body = sent.at(-1)?.body
    return body === undefined ? undefined : (JSON.parse(body) as { status: string }).status
  }

  it('drains a burst as PATCHes of each EVSE’s latest status, coalescing what waited', async () => {
    const burst = evses.slice(0, 10)
    for (const status of ['CHARGING', 'AVAILABLE', 'BLOCKED'])
      for (const evse of burst) await change(evse, status)
    await until('every EVSE’s last status at the partner', () =>
      Promise.resolve(burst.every((e) => lastSent(e) === 'BLOCKED') ? true : undefined),
    )
    const patches = stub.received.filter((r) => r.method === 'PATCH')
    // At least one push per EVSE, at most one per change: OCPI needs only the latest state.
    expect(patches.length).toBeGreaterThanOrEqual(10)
    expect(patches.length).toBeLessThanOrEqual(30)
    expect(patches[0]?.authorization).toBe(`Token ${btoa('storm-token')}`)
    expect(Object.keys(JSON.parse(patches[0]?.body ?? '{}') as object).sort()).toEqual([
      'last_updated',
      'status',
    ])
    await until('the queue empty', async () =>
      (await queuedEvses(t.database.db, partnerId, 100)).length === 0 ? true : undefined,
    )
  })

  it('keeps what a refusing partner missed queued, and the failure on the partner screen', async () => {
    const [down] = evses.slice(10, 11)
    if (!down) throw new Error('no EVSE')
    const path = `/locations/SG/SPK/${down.location_uid}/${down.uid}`
    stub.answers.set(path, { status: 503, body: { status_code: 3000, timestamp: new Date().toISOString() } })
    await change(down, 'OUTOFORDER')
    await until('the failure recorded', async () => {
      const sync = await t.database.db
        .selectFrom('ocpi_sync')
        .where('partner_id', '=', partnerId)
        .where('module', '=', 'locations')
        .select('last_push_result')
        .executeTakeFirst()
      return sync?.last_push_result?.includes('HTTP 503') === true ? true : undefined
    })
    expect((await queuedEvses(t.database.db, partnerId, 100)).map((q) => q.evse_id)).toEqual([down.id])
  })

  it('leaves a change that arrived while its EVSE was being sent for the next batch', async () => {
    const [evse] = evses.slice(11, 12)
    if (!evse) throw new Error('no EVSE')
    const db = t.database.db
    // The partner refuses this EVSE, so no drain running meanwhile (the sweeper's) can take its row away.
    stub.answers.set(`/locations/SG/SPK/${evse.location_uid}/${evse.uid}`, {
      status: 503,
      body: { status_code: 3000, timestamp: new Date().toISOString() },
    })
    await queueEvse(db, [partnerId], evse.id, evse.location_id, 1_000)
    const read = (await queuedEvses(db, partnerId, 100)).filter((q) => q.evse_id === evse.id)
    await queueEvse(db, [partnerId], evse.id, evse.location_id, 2_000)
    await dequeueSent(db, partnerId, read)
    expect((await queuedEvses(db, partnerId, 100)).find((q) => q.evse_id === evse.id)?.queued_at).toBe(2_000)
    await dequeueSent(db, partnerId, [{ evse_id: evse.id, location_id: evse.location_id, queued_at: 2_000 }])
    expect((await queuedEvses(db, partnerId, 100)).find((q) => q.evse_id === evse.id)).toBeUndefined()
  })
})
