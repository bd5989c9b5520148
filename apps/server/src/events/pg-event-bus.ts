import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from '../db/database'
import type { BusEvent, EventBus } from './event-bus'
import { encodeEvent, Subscribers } from './event-bus'

/** Delivered locally after the listener connection came back: events published meanwhile were missed. */
export const BUS_RECONNECTED = 'bus.reconnected'

/** The NOTIFY channel of a schema: an identifier, so only [a-z0-9_], and at most 63 bytes. */
export function channelOf(schema: string): string {
  return `portal_bus_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63)
}

export interface PgEventBusOptions {
  /** The app's database, NOTIFY goes through its pool; without it (url only), through a pool of one of the bus. */
  db?: Db
  /** A new connection outside the pool (DatabaseHandle.newClient): LISTEN holds its session. */
  newClient?: () => pg.Client
  /** Instead of db and newClient (tools, tests): the database's URL. */
  url?: string
  schema: string
  instanceId: string
  log?: { info(m: string): void; error(m: string): void }
  /** First and longest wait before connecting the listener again. Default 250 ms and 10 s. */
  reconnectMs?: { min: number; max: number }
}

/**
 * The bus between instances on one PostgreSQL database: NOTIFY through the pool, LISTEN on a connection of its own
 * that is opened again, with backoff, whenever it drops. The process never fails because the listener did.
 */
export class PgEventBus implements EventBus {
  readonly channel: string
  private readonly subscribers: Subscribers
  private readonly log: { info(m: string): void; error(m: string): void }
  private client: pg.Client | undefined
  private closed = false
  private attempt = 0
  private reconnectTimer: NodeJS.Timeout | undefined
  private listening: Promise<void>
  private markListening: () => void = () => undefined
  /** The listener's backend pid while connected (tests end it with pg_terminate_backend). */
  listenerPid: number | null = null
  private readonly newClient: () => pg.Client
  private readonly notify: (channel: string, text: string) => Promise<void>
  private readonly ownPool: pg.Pool | undefined

  constructor(private readonly options: PgEventBusOptions) {
    this.channel = channelOf(options.schema)
    const { url, db } = options
    const newClient = options.newClient ?? (url ? () => new pg.Client({ connectionString: url }) : undefined)
    if (!newClient) throw new Error('PgEventBus needs newClient or url')
    this.newClient = newClient
    if (db) {
      this.notify = async (channel, text) => {
        await sql`select pg_notify(${channel}, ${text})`.execute(db)
      }
    } else {
      const pool = new pg.Pool({ connectionString: url, max: 1 })
      pool.on('error', () => undefined)
      this.ownPool = pool
      this.notify = async (channel, text) => {
        await pool.query('select pg_notify($1, $2)', [channel, text])
      }
    }
    this.log = options.log ?? { info: (m) => console.warn(m), error: (m) => console.error(m) }
    this.subscribers = new Subscribers((m) => this.log.error(m))
    this.listening = this.nextListening()
    void this.connect()
  }

  /** Resolves once the listener is connected and listening (again, after a drop). */
  whenListening(): Promise<void> {
    return this.listening
  }

  ready(): Promise<void> {
    return this.whenListening()
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the payload type is the caller's to name (issue 13 API)
  async publish<P>(topic: string, payload: P): Promise<void> {
    if (this.closed) return
    const event: BusEvent<P> = { topic, payload, origin: this.options.instanceId }
    const text = encodeEvent(event)
    // Subscribers here hear it at once; the other instances through the database.
    this.subscribers.deliver(event)
    await this.notify(this.channel, text)
  }

  subscribe<P>(topic: string, handler: (event: BusEvent<P>) => void): () => void {
    return this.subscribers.add(topic, handler)
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.reconnectTimer)
    this.subscribers.clear()
    const client = this.client
    this.client = undefined
    if (client) await client.end().catch(() => undefined)
    await this.ownPool?.end().catch(() => undefined)
  }

  private nextListening(): Promise<void> {
    return new Promise((resolve) => (this.markListening = resolve))
  }

  private async connect(): Promise<void> {
    if (this.closed) return
    const client = this.newClient()
    this.client = client
    let dropped = false
    const onDrop = (reason: string) => {
      if (dropped) return
      dropped = true
      this.listenerPid = null
      if (this.client === client) this.client = undefined
      client.end().catch(() => undefined)
      if (this.closed) return
      this.log.error(`event bus: the listener connection dropped (${reason}); connecting again`)
      this.scheduleReconnect()
    }
    // Unheard, a connection's 'error' would end the process.
    client.on('error', (err) => onDrop(err.message))
    client.on('end', () => onDrop('connection ended'))
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return
      this.receive(message.payload)
    })
    try {
      await client.connect()
      await client.query(`listen ${this.channel}`)
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
      if (dropped || this.closed) {
        if (this.closed) await client.end().catch(() => undefined)
        return
      }
      this.listenerPid = rows[0]?.pid ?? null
      const reconnected = this.attempt > 0
      this.attempt = 0
      if (reconnected) {
        this.log.info('event bus: listening again')
        this.subscribers.deliver({ topic: BUS_RECONNECTED, payload: null, origin: this.options.instanceId })
      }
      this.markListening()
    } catch (err) {
      onDrop((err as Error).message)
    }
  }

  private scheduleReconnect(): void {
    const { min, max } = this.options.reconnectMs ?? { min: 250, max: 10_000 }
    const delay = Math.min(max, min * 2 ** this.attempt)
    this.attempt += 1
    this.listening = this.nextListening()
    clearTimeout(this.reconnectTimer)
    this.reconnectTimer = setTimeout(() => void this.connect(), delay)
    this.reconnectTimer.unref()
  }

  private receive(text: string): void {
    let event: BusEvent
    try {
      event = JSON.parse(text) as BusEvent
    } catch {
      this.log.error('event bus: an event that is not JSON was ignored')
      return
    }
    // This instance's own events were delivered locally when published.
    if (event.origin === this.options.instanceId || typeof event.topic !== 'string') return
    this.subscribers.deliver(event)
  }
}
