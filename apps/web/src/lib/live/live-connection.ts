import type { LiveEvent } from '@portal/contract'
import { isLiveEventName, LIVE_REAUTH, LIVE_RESYNC, LIVE_RETRY_MS } from '@portal/contract'
import { createParser } from 'eventsource-parser'

/*
 * The portal's end of the live stream (issue 16, docs/decisions/0110-live-stream.md). It reads GET /api/main/live with
 * fetch (the stream needs the Authorization header, which EventSource cannot send), hands each event to whoever
 * listens, and keeps the stream up: after a drop it connects again with `Last-Event-ID`, waiting longer after each
 * failure; after a few failures in a row the screens poll instead until the stream is back.
 */

/**
 * - `connecting`: the first connection is being made;
 * - `live`: events arrive as they happen;
 * - `reconnecting`: the stream dropped and is being connected again (nothing is lost: it resumes);
 * - `polling`: the stream cannot be held; screens refresh themselves on a timer meanwhile;
 * - `offline`: the browser has no network.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'polling' | 'offline'

/** After this many failed connections in a row the screens poll. */
export const FAILURES_BEFORE_POLLING = 3

export type LiveListener = (event: LiveEvent) => void

export interface LiveConnectionDeps {
  /** Opens the stream (lib/http's openStream on /live): resolves with the response, unread. */
  open: (headers: Record<string, string>, signal: AbortSignal) => Promise<Response>
  /** Refreshes the session's token; false when the session is over. */
  reauthorize: () => Promise<boolean>
  /** Timers, replaceable in tests. */
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
  online?: () => boolean
}

/** Ids remembered to drop an event received twice (a resume may repeat the last few). */
const SEEN_KEPT = 500

export class LiveConnection {
  private statusValue: LiveStatus = 'idle'
  private readonly statusListeners = new Set<() => void>()
  private readonly listeners = new Set<LiveListener>()
  private readonly resyncListeners = new Set<() => void>()
  private abort: AbortController | null = null
  private retryTimer: unknown = null
  private failures = 0
  private retryMs: number = LIVE_RETRY_MS.min
  private lastEventId: string | null = null
  private readonly seen: string[] = []
  private running = false

  constructor(private readonly deps: LiveConnectionDeps) {}

  get status(): LiveStatus {
    return this.statusValue
  }

  /** Starts (once signed in); a second call does nothing. */
  start(): void {
    if (this.running) return
    this.running = true
    this.connect('connecting')
  }

  /** Stops for good (signed out); start() begins afresh, without resuming. */
  stop(): void {
    this.running = false
    this.abort?.abort()
    this.abort = null
    this.cancelRetry()
    this.lastEventId = null
    this.seen.length = 0
    this.failures = 0
    this.setStatus('idle')
  }

  /** Connects again at once (the browser came back online, or the session changed entity). */
  reconnect(): void {
    if (!this.running) return
    this.abort?.abort()
    this.cancelRetry()
    this.connect(this.statusValue === 'live' ? 'reconnecting' : this.statusValue)
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener)
    return () => this.statusListeners.delete(listener)
  }

  onEvent(listener: LiveListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Called when events may have been missed: whatever is on screen should be read again. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener)
    return () => this.resyncListeners.delete(listener)
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.statusValue) return
    this.statusValue = status
    for (const l of [...this.statusListeners]) l()
  }

  private connect(status: LiveStatus): void {
    if (!this.running) return
    if (this.deps.online && !this.deps.online()) {
      this.setStatus('offline')
      this.scheduleRetry()
      return
    }
    this.setStatus(status)
    const abort = new AbortController()
    this.abort = abort
    void this.run(abort).then(
      (outcome) => this.after(abort, outcome),
      () => this.after(abort, 'failed'),
    )
  }

  /** One connection, read to its end: how it ended. */
  private async run(abort: AbortController): Promise<'ended' | 'failed' | 'reauth' | 'signed-out'> {
    const headers: Record<string, string> = {}
    if (this.lastEventId !== null) headers['last-event-id'] = this.lastEventId
    const response = await this.deps.open(headers, abort.signal)
    if (response.status === 401) return 'signed-out'
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      return 'failed'
    }
    let reauth = false
    const parser = createParser({
      onEvent: (message) => {
        const name = message.event ?? 'message'
        if (name === LIVE_REAUTH) {
          reauth = true
          return
        }
        if (name === LIVE_RESYNC) {
          for (const l of [...this.resyncListeners]) l()
          return
        }
        if (!isLiveEventName(name) || message.id === undefined) return
        this.lastEventId = message.id
        if (this.seen.includes(message.id)) return
        this.seen.push(message.id)
        if (this.seen.length > SEEN_KEPT) this.seen.shift()
        let data: unknown
        try {
          data = JSON.parse(message.data)
        } catch {
          return
        }
        this.deliver({ id: message.id, name, data } as LiveEvent)
      },
    })
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      // The first bytes prove the stream holds: the failures so far are forgiven.
      if (this.statusValue !== 'live') {
        this.failures = 0
        this.retryMs = LIVE_RETRY_MS.min
        this.setStatus('live')
      }
      parser.feed(value)
    }
    return reauth ? 'reauth' : 'ended'
  }

  private deliver(event: LiveEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event)
      } catch (err) {
        console.error('A live event listener failed', err)
      }
    }
  }

  private async after(abort: AbortController, outcome: 'ended' | 'failed' | 'reauth' | 'signed-out') {
    // A connection this one replaced (reconnect, stop) ends quietly.
    if (abort !== this.abort || !this.running) return
    if (outcome === 'reauth' || outcome === 'signed-out') {
      // The session moved on (refreshed, switched entity) or is over: refresh, then connect with the current token.
      if (!(await this.deps.reauthorize())) {
        this.stop()
        return
      }
      this.connect('reconnecting')
      return
    }
    if (outcome === 'failed') this.failures += 1
    this.setStatus(this.failures >= FAILURES_BEFORE_POLLING ? 'polling' : 'reconnecting')
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    this.cancelRetry()
    const wait = this.retryMs
    this.retryMs = Math.min(LIVE_RETRY_MS.max, this.retryMs * 2)
    const set = this.deps.setTimeout ?? ((fn: () => void, ms: number) => window.setTimeout(fn, ms))
    this.retryTimer = set(() => {
      this.retryTimer = null
      this.connect(this.statusValue)
    }, wait)
  }

  private cancelRetry(): void {
    if (this.retryTimer === null) return
    const clear = this.deps.clearTimeout ?? ((h: unknown) => window.clearTimeout(h as number))
    clear(this.retryTimer)
    this.retryTimer = null
  }
}
