import type { BusEvent, EventBus } from './event-bus'
import { encodeEvent, Subscribers } from './event-bus'

/** The bus of a single instance (SQLite, tests): subscribers in this process are everyone there is. */
export class InProcessEventBus implements EventBus {
  private readonly subscribers: Subscribers
  private closed = false

  constructor(
    readonly instanceId: string,
    log: { error(m: string): void } = { error: (m) => console.error(m) },
  ) {
    this.subscribers = new Subscribers((m) => log.error(m))
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the payload type is the caller's to name (issue 13 API)
  publish<P>(topic: string, payload: P): Promise<void> {
    if (this.closed) return Promise.resolve()
    const event: BusEvent<P> = { topic, payload, origin: this.instanceId }
    try {
      // Same size rule as PostgreSQL, so a payload that works in tests works in production.
      encodeEvent(event)
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)))
    }
    this.subscribers.deliver(event)
    return Promise.resolve()
  }

  subscribe<P>(topic: string, handler: (event: BusEvent<P>) => void): () => void {
    return this.subscribers.add(topic, handler)
  }

  close(): Promise<void> {
    this.closed = true
    this.subscribers.clear()
    return Promise.resolve()
  }
}
