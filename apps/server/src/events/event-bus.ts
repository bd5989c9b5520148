/** One message on the bus: what happened (topic), its data, and the instance that published it. */
export interface BusEvent<P = unknown> {
  topic: string
  payload: P
  /** The publishing instance's id. */
  origin: string
}

/**
 * Tells every instance (this one included) that something happened: a job was enqueued, a cache entry is stale.
 * Delivery is best effort (an instance disconnected at the time misses it), so an event is a hint to look again,
 * never the only copy of a fact: the database stays the truth.
 */
export interface EventBus {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the payload type is the caller's to name (issue 13 API)
  publish<P>(topic: string, payload: P): Promise<void>
  /** Returns the unsubscribe function. */
  subscribe<P>(topic: string, handler: (event: BusEvent<P>) => void): () => void
  close(): Promise<void>
}

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; the cap leaves room for the envelope. */
export const MAX_EVENT_BYTES = 7_500

export class EventTooLargeError extends Error {
  constructor(topic: string, bytes: number) {
    super(`event "${topic}" is ${bytes} bytes of JSON; the bus carries at most ${MAX_EVENT_BYTES}`)
    this.name = 'EventTooLargeError'
  }
}

/** Encodes an event for the wire, refusing one too large for NOTIFY (checked on every bus alike). */
export function encodeEvent(event: BusEvent): string {
  const text = JSON.stringify(event)
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(event.topic, bytes)
  return text
}

/** The subscribers of one bus, by topic; a failing handler is logged and does not stop the others. */
export class Subscribers {
  private readonly byTopic = new Map<string, Set<(event: BusEvent) => void>>()

  constructor(private readonly onError: (message: string) => void) {}

  add<P>(topic: string, handler: (event: BusEvent<P>) => void): () => void {
    const set = this.byTopic.get(topic) ?? new Set()
    this.byTopic.set(topic, set)
    const h = handler as (event: BusEvent) => void
    set.add(h)
    return () => {
      set.delete(h)
      if (set.size === 0) this.byTopic.delete(topic)
    }
  }

  deliver(event: BusEvent): void {
    for (const handler of [...(this.byTopic.get(event.topic) ?? [])]) {
      try {
        handler(event)
      } catch (err) {
        this.onError(`event bus: a "${event.topic}" subscriber failed: ${(err as Error).message}`)
      }
    }
  }

  clear(): void {
    this.byTopic.clear()
  }
}
