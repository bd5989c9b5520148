import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { InProcessEventBus } from '../../events/in-process-event-bus'
import { DIALECTS, freshDatabase } from '../../test-support'
import type { Audience } from './live-audience'
import { hears } from './live-audience'
import { LiveFeed } from './live-feed'
import type { StoredLiveEvent } from './live.repository'

/* The live feed's reading (gaps in the ids filled by late commits) and who hears what (decision 0110). */

const row = (id: number, over: Partial<StoredLiveEvent> = {}): StoredLiveEvent => ({
  id,
  name: 'machine.status',
  entity_code: 'VEND',
  app: 'iot',
  resource: 'machines/*',
  machine_id: 7,
  user_id: null,
  data: '{}',
  created_at: 0,
  ...over,
})

describe('hears', () => {
  const audience = (reach: Audience['reach']): Audience => ({ entityCode: 'VEND', userId: 1, reach })
  const everything = audience(new Map([['iot|machines/*', null]]))
  const east = audience(new Map([['iot|machines/*', new Set([7])]]))
  const none = audience(new Map([['iot|machines/*', false]]))
  it.each([
    ['its entity, with read on everything', everything, row(1), true],
    ["another entity's", everything, row(1, { entity_code: 'CPO' }), false],
    ['without the permission', none, row(1), false],
    ['a permission it has nothing on (unknown)', everything, row(1, { resource: 'orders/*' }), false],
    ['a machine of its sets', east, row(1), true],
    ['a machine outside its sets', east, row(1, { machine_id: 8 }), false],
    [
      'an event about no machine, under a grant limited to sets (sets limit machines only)',
      east,
      row(1, { machine_id: null }),
      true,
    ],
    ["another user's own event", everything, row(1, { user_id: 2 }), false],
    ['its own event', everything, row(1, { user_id: 1 }), true],
  ])('%s', (_what, who, event, expected) => {
    expect(hears(who, event)).toBe(expected)
  })
})

describe.each(DIALECTS)('the live feed on %s', (dialect) => {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  const log = { info: () => undefined, error: () => undefined }

  beforeAll(async () => {
    const fresh = await freshDatabase(dialect)
    handle = fresh.handle
    cleanup = fresh.cleanup
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.destroy()
    await cleanup()
  })

  // Far above what the table's own sequence hands out, so that emit's rows below never meet these ids.
  const BASE = 1_000_000
  const insert = (n: number) =>
    handle.db
      .insertInto('live_event')
      .values({ ...row(BASE + n), id: BASE + n, created_at: Date.now() })
      .execute()

  it('hands every event over once, an id that commits late after the ones around it, and gives up on one never seen', async () => {
    let clock = 1_000
    const feed = new LiveFeed(handle.db, new InProcessEventBus('a', log), {
      pollMs: 60_000,
      gapWaitMs: 5_000,
      log,
      now: () => clock,
    })
    // The feed starts after the newest event there is: this one, just before the test's.
    await insert(0)
    await feed.ready()
    const got: number[] = []
    feed.listen((events) => got.push(...events.map((e) => e.id - BASE)))
    await insert(1)
    await insert(3)
    await feed.pull()
    expect(got).toEqual([1, 3])
    // 2 commits late: it is still asked for, and handed over once.
    await insert(2)
    await feed.pull()
    await feed.pull()
    expect(got).toEqual([1, 3, 2])
    // 5 never commits (its insert rolled back): asked for until the wait is over, then forgotten.
    await insert(4)
    await insert(6)
    await feed.pull()
    clock += 10_000
    await feed.pull()
    await insert(5) // far too late: a reader has moved on (a resuming stream reads the table, not the feed)
    await feed.pull()
    expect(got).toEqual([1, 3, 2, 4, 6])
    feed.close()
  })

  it('emits one row per entity that hears it, with the permission of its name', async () => {
    const feed = new LiveFeed(handle.db, new InProcessEventBus('b', log), { pollMs: 60_000, log })
    await feed.emit([
      {
        name: 'session.started',
        entities: ['CPO', 'EMSP', 'CPO'],
        data: { session: 's-1', charge_point: 'cp-1', status: 'ACTIVE' },
      },
    ])
    const rows = await handle.db
      .selectFrom('live_event')
      .where('name', '=', 'session.started')
      .select(['entity_code', 'app', 'resource', 'data'])
      .orderBy('entity_code')
      .execute()
    expect(rows).toEqual([
      {
        entity_code: 'CPO',
        app: 'ev',
        resource: 'sessions/*',
        data: expect.stringContaining('s-1') as string,
      },
      {
        entity_code: 'EMSP',
        app: 'ev',
        resource: 'sessions/*',
        data: expect.stringContaining('s-1') as string,
      },
    ])
    feed.close()
  })

  it('tells its hooks what it recorded, after the insert, and only logs a hook that fails', async () => {
    const errors: string[] = []
    const feed = new LiveFeed(handle.db, new InProcessEventBus('c', log), {
      pollMs: 60_000,
      log: { error: (m) => errors.push(m) },
    })
    const seen: { names: string[]; rows: number }[] = []
    feed.onRecorded(() => Promise.reject(new Error('the hook broke')))
    const off = feed.onRecorded(async (facts) => {
      const rows = await handle.db
        .selectFrom('live_event')
        .where('name', '=', 'session.stopped')
        .select('id')
        .execute()
      seen.push({ names: facts.map((f) => f.name), rows: rows.length })
    })
    const fact = {
      name: 'session.stopped' as const,
      entities: ['CPO'],
      data: { session: 's-2', charge_point: 'cp-1' },
    }
    await expect(feed.emit([fact])).resolves.toBeUndefined()
    expect(seen).toEqual([{ names: ['session.stopped'], rows: 1 }])
    expect(errors).toEqual([expect.stringContaining('the hook broke') as string])
    off()
    await feed.emit([fact])
    expect(seen).toHaveLength(1)
    feed.close()
  })
})
