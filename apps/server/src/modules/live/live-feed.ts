import type { Db } from '../../db/database'
import type { EventBus } from '../../events/event-bus'
import { BUS_RECONNECTED } from '../../events/pg-event-bus'
import type { StoredLiveEvent } from './live.repository'
import { insertLiveEvents, liveEventBounds, liveEventsAfter } from './live.repository'
import type { LiveFact } from './live-kinds'
import { LIVE_PERMISSION } from './live-kinds'

/*
 * The live feed of one instance (docs/decisions/0110-live-stream.md). Whatever happens is written to live_event by the
 * instance that saw it, which then says so on the event bus; every instance reads the new rows (one query for all
 * its streams, however many) and hands them to its streams. The database is the truth and the bus only a hint: a
 * notification lost while the bus was away delays events until the next look (every `pollMs`), it loses none.
 *
 * On PostgreSQL ids are taken when a row is inserted and seen when its transaction commits, so a reader can see id 12
 * before id 11 commits. A gap is remembered for `gapWaitMs` and asked for again with the next read; an id that never
 * shows up (its insert rolled back) is given up after that.
 */

export const LIVE_APPENDED = 'live.appended'

export interface LiveFeedOptions {
  /** How often the feed looks for new events without being told (default 2 s). */
  pollMs?: number
  /** How long a gap in the ids is waited for (default 5 s). */
  gapWaitMs?: number
  /** Rows read at a time (default 1,000). */
  batch?: number
  log: { error(message: string): void }
  now?: () => number
}

/** A gap larger than this is not tracked id by id (a sequence jumped; nothing is waiting in it). */
const MAX_TRACKED_GAP = 1_000

export type LiveListener = (events: readonly StoredLiveEvent[]) => void

/** Told what was just recorded, on the instance that recorded it (webhooks, decision 0112). */
export type LiveRecordedHook = (facts: readonly LiveFact[]) => Promise<void>

export class LiveFeed {
  private cursor = 0
  private readonly missing = new Map<number, number>()
  private readonly listeners = new Set<LiveListener>()
  private readonly hooks = new Set<LiveRecordedHook>()
  private pulling: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | undefined
  private readonly unsubscribe: (() => void)[] = []
  private started: Promise<void> | null = null
  private closed = false
  private readonly now: () => number

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly options: LiveFeedOptions,
  ) {
    this.now = options.now ?? Date.now
  }

  /**
   * Records what happened and tells every instance. A failure is logged, never thrown: what happened was committed
   * before it was told, and the live stream is a view of it, not part of it.
   */
  async emit(facts: readonly LiveFact[]): Promise<void> {
    if (facts.length === 0 || this.closed) return
    const now = this.now()
    const rows = facts.flatMap((fact) => {
      const permission = LIVE_PERMISSION[fact.name]
      const data = JSON.stringify(fact.data)
      return [...new Set(fact.entities)].map((entity) => ({
        name: fact.name,
        entity_code: entity,
        app: permission.app,
        resource: permission.resource,
        machine_id: fact.machineId ?? null,
        user_id: fact.userId ?? null,
        data,
        created_at: now,
      }))
    })
    try {
      await insertLiveEvents(this.db, rows)
      await this.bus.publish(LIVE_APPENDED, null)
    } catch (err) {
      this.options.log.error(`live: ${String(rows.length)} event(s) not recorded: ${(err as Error).message}`)
    }
    // Whether or not the stream's copy was written: what happened happened, and the hooks keep their own record.
    for (const hook of [...this.hooks]) {
      try {
        await hook(facts)
      } catch (err) {
        this.options.log.error(
          `live: a hook failed on ${String(facts.length)} event(s): ${(err as Error).message}`,
        )
      }
    }
  }

  /**
   * Calls `hook` with what emit records on this instance, once, after it is written (each event is told on the
   * instance that saw it). A hook's failure is logged, never thrown.
   */
  onRecorded(hook: LiveRecordedHook): () => void {
    this.hooks.add(hook)
    return () => this.hooks.delete(hook)
  }

  /** Emits without waiting (the caller's answer does not depend on it); failures are logged by emit. */
  tell(...facts: LiveFact[]): void {
    void this.emit(facts)
  }

  /**
   * Starts reading with the newest event there is (streams resume from the table, not from the feed). Listeners
   * hear every event committed after that, once each, in id order except for late commits filling a gap.
   */
  ready(): Promise<void> {
    this.started ??= this.start()
    return this.started
  }

  /** The newest id read so far: a resuming stream reads the table up to here and the feed after it. */
  get position(): number {
    return this.cursor
  }

  listen(listener: LiveListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get listenerCount(): number {
    return this.listeners.size
  }

  /** Looks for new events now (the bus said so, or the poll). Concurrent calls share one read. */
  pull(): Promise<void> {
    if (this.closed || this.started === null) return Promise.resolve()
    if (this.pulling) {
      this.again = true
      return this.pulling
    }
    this.pulling = this.readAll().finally(() => {
      this.pulling = null
      if (this.again) {
        this.again = false
        void this.pull()
      }
    })
    return this.pulling
  }

  close(): void {
    this.closed = true
    clearInterval(this.timer)
    for (const off of this.unsubscribe) off()
    this.listeners.clear()
    this.hooks.clear()
  }

  private async start(): Promise<void> {
    const { newest } = await liveEventBounds(this.db)
    this.cursor = newest ?? 0
    this.unsubscribe.push(
      this.bus.subscribe(LIVE_APPENDED, () => void this.pull()),
      this.bus.subscribe(BUS_RECONNECTED, () => void this.pull()),
    )
    this.timer = setInterval(() => void this.pull(), this.options.pollMs ?? 2_000)
    this.timer.unref()
  }

  private async readAll(): Promise<void> {
    const batch = this.options.batch ?? 1_000
    try {
      for (;;) {
        this.forgetOldGaps()
        const rows = await liveEventsAfter(this.db, this.cursor, [...this.missing.keys()], batch)
        const fresh = this.take(rows)
        if (fresh.length > 0) this.deliver(fresh)
        if (rows.length < batch || this.closed) return
      }
    } catch (err) {
      // The database is away: the next poll tries again; the streams stay open meanwhile.
      this.options.log.error(`live: reading new events failed: ${(err as Error).message}`)
    }
  }

  /** The rows not delivered before, moving the cursor and remembering gaps. */
  private take(rows: readonly StoredLiveEvent[]): StoredLiveEvent[] {
    const fresh: StoredLiveEvent[] = []
    const waitUntil = this.now() + (this.options.gapWaitMs ?? 5_000)
    for (const row of rows) {
      if (this.missing.delete(row.id)) {
        fresh.push(row)
        continue
      }
      if (row.id <= this.cursor) continue
      if (row.id > this.cursor + 1 && row.id - this.cursor - 1 <= MAX_TRACKED_GAP)
        for (let id = this.cursor + 1; id < row.id; id++) this.missing.set(id, waitUntil)
      this.cursor = row.id
      fresh.push(row)
    }
    return fresh
  }

  private forgetOldGaps(): void {
    const now = this.now()
    for (const [id, until] of this.missing) if (until < now) this.missing.delete(id)
  }

  private deliver(events: readonly StoredLiveEvent[]): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(events)
      } catch (err) {
        this.options.log.error(`live: a stream failed on new events: ${(err as Error).message}`)
      }
    }
  }
}
