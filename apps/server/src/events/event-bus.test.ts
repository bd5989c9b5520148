import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/database'
import { DIALECTS, freshDatabase } from '../test-support'
import type { BusEvent } from './event-bus'
import { EventTooLargeError } from './event-bus'
import { InProcessEventBus } from './in-process-event-bus'
import { BUS_RECONNECTED, channelOf, PgEventBus } from './pg-event-bus'

/* Issue 13 §2: events reach every instance. */

const quiet = { info: () => undefined, error: () => undefined }

function next<P>(bus: { subscribe: PgEventBus['subscribe'] }, topic: string): Promise<BusEvent<P>> {
  return new Promise((resolve) => {
    const off = bus.subscribe<P>(topic, (event) => {
      off()
      resolve(event)
    })
  })
}

describe('in-process event bus', () => {
  it('delivers to every subscriber of the topic, until unsubscribed', async () => {
    const bus = new InProcessEventBus('me', quiet)
    const heard: unknown[] = []
    const off = bus.subscribe('a', (e) => heard.push(e.payload))
    bus.subscribe('b', () => heard.push('wrong topic'))
    await bus.publish('a', 1)
    off()
    await bus.publish('a', 2)
    expect(heard).toEqual([1])
    await bus.close()
  })

  it('refuses an event larger than PostgreSQL carries', async () => {
    const bus = new InProcessEventBus('me', quiet)
    await expect(bus.publish('big', 'x'.repeat(8_000))).rejects.toThrow(EventTooLargeError)
    await bus.close()
  })

  it('keeps delivering when a subscriber throws', async () => {
    const errors: string[] = []
    const bus = new InProcessEventBus('me', { error: (m) => errors.push(m) })
    const heard: unknown[] = []
    bus.subscribe('a', () => {
      throw new Error('bad subscriber')
    })
    bus.subscribe('a', (e) => heard.push(e.payload))
    await bus.publish('a', 'ok')
    expect(heard).toEqual(['ok'])
    expect(errors[0]).toContain('bad subscriber')
    await bus.close()
  })
})

it('names the channel of a schema as an identifier', () => {
  expect(channelOf('t_Run-1.x')).toBe('portal_bus_t_run_1_x')
  expect(channelOf('s'.repeat(100))).toHaveLength(63)
})

describe.runIf(DIALECTS.includes('postgres'))('PostgreSQL event bus', () => {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const fresh = await freshDatabase('postgres')
    handle = fresh.handle
    cleanup = fresh.cleanup
  })
  afterAll(async () => {
    await handle.destroy()
    await cleanup()
  })

  const busOf = (instanceId: string) =>
    new PgEventBus({
      db: handle.db,
      newClient: handle.newClient ?? (() => new pg.Client()),
      schema: handle.schema ?? 'public',
      instanceId,
      log: quiet,
      reconnectMs: { min: 20, max: 200 },
    })

  it('carries an event from one instance to the other, and to its own subscribers once', async () => {
    const one = busOf('one')
    const two = busOf('two')
    try {
      await Promise.all([one.whenListening(), two.whenListening()])
      const own: unknown[] = []
      one.subscribe('ping', (e) => own.push(e.payload))
      const heard = next<{ n: number }>(two, 'ping')
      await one.publish('ping', { n: 42 })
      expect(await heard).toEqual({ topic: 'ping', payload: { n: 42 }, origin: 'one' })
      // A second event through the database: by the time two hears it, one would have heard its own echo too.
      const second = next(two, 'ping')
      await one.publish('ping', { n: 43 })
      await second
      expect(own).toEqual([{ n: 42 }, { n: 43 }])
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  it('listens again after its connection was terminated, and hears events again', async () => {
    const one = busOf('one')
    const two = busOf('two')
    try {
      await Promise.all([one.whenListening(), two.whenListening()])
      const pid = two.listenerPid
      expect(pid).toBeGreaterThan(0)
      const reconnected = next(two, BUS_RECONNECTED)
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      await admin.query('select pg_terminate_backend($1)', [pid])
      await admin.end()
      await reconnected
      expect(two.listenerPid).not.toBe(pid)
      const heard = next(two, 'after')
      await one.publish('after', 'again')
      expect((await heard).payload).toBe('again')
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  it('refuses an event over 7,500 bytes before sending it', async () => {
    const bus = busOf('one')
    try {
      await expect(bus.publish('big', 'x'.repeat(7_600))).rejects.toThrow(/at most 7500/)
    } finally {
      await bus.close()
    }
  })
})
