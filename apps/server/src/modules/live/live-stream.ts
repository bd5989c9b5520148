import type { ServerResponse } from 'node:http'
import { LIVE_REAUTH, LIVE_RESYNC } from '@portal/contract'
import type { Db } from '../../db/database'
import type { AuthContext } from '../iam/auth/auth-context'
import { sessionStillValid } from '../iam/auth/auth.service'
import type { Audience } from './live-audience'
import { audienceOf, hears } from './live-audience'
import type { LiveFeed } from './live-feed'
import type { StoredLiveEvent } from './live.repository'
import { entityEventsBetween, liveEventBounds } from './live.repository'

export interface LiveStreamOptions {
  /** A comment line this often (15 s: the figure). */
  keepAliveMs: number
  /** How often the session is checked (revoked, signed out, moved to another entity: the stream ends). */
  sessionCheckMs: number
  /** The permissions are read again every this many session checks. */
  audienceEvery: number
  /** A client that lets this much pile up unread is cut off; it resumes from its last event. */
  maxBufferedBytes: number
  /** Events a resuming stream is sent at most before it is told to read everything again instead. */
  maxBacklog: number
  /** What the client waits before reconnecting (the `retry:` field). */
  retryMs: number
  /** Streams one user may hold at once (a tab each; more is a leak or an attack). */
  maxPerUser: number
}

export const DEFAULT_STREAM_OPTIONS: LiveStreamOptions = {
  keepAliveMs: 15_000,
  sessionCheckMs: 30_000,
  audienceEvery: 10,
  maxBufferedBytes: 1024 * 1024,
  maxBacklog: 2_000,
  retryMs: 3_000,
  maxPerUser: 10,
}

/** One event in the text/event-stream format. The data is JSON on one line, so it can never break the framing. */
export function frame(event: { id?: number; name: string; data: string }): string {
  const id = event.id === undefined ? '' : `id: ${String(event.id)}\n`
  return `${id}event: ${event.name}\ndata: ${event.data}\n\n`
}

/**
 * One open stream: it hears the feed, sends what its audience may see, keeps proxies awake, and checks now and then
 * that its session still stands. It ends when the client goes, the session ends, the client reads too slowly, or the
 * server shuts down; the client then resumes from the last id it got.
 */
export class LiveStream {
  private buffering: StoredLiveEvent[] | null = []
  private unlisten: () => void = () => undefined
  private readonly timers: NodeJS.Timeout[] = []
  private checks = 0
  private ended = false
  private onEnd: () => void = () => undefined

  constructor(
    private readonly res: ServerResponse,
    private readonly db: Db,
    private readonly feed: LiveFeed,
    readonly auth: AuthContext,
    private audience: Audience,
    private readonly options: LiveStreamOptions,
    private readonly log: { warn(message: string): void },
  ) {}

  /** Calls back once when the stream has ended, whatever ended it. */
  whenEnded(callback: () => void): void {
    this.onEnd = callback
  }

  /** Starts the stream: the head, what the client missed since `lastEventId`, then the feed as it comes. */
  async open(headers: Record<string, string | number | string[] | undefined>, lastEventId: number | null) {
    this.res.on('close', () => this.end())
    this.res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx buffers responses unless told otherwise.
      'x-accel-buffering': 'no',
      // A stream's connection is not reused: once it ends (shutdown, reauth, a slow reader) the socket goes too,
      // and nothing holds a closing server open.
      connection: 'close',
    })
    this.write(`retry: ${String(this.options.retryMs)}\n: connected\n\n`)
    this.unlisten = this.feed.listen((events) => {
      if (this.buffering) this.buffering.push(...events)
      else this.send(events)
    })
    const sent = lastEventId === null ? new Set<number>() : await this.resume(lastEventId)
    const held = this.buffering ?? []
    this.buffering = null
    this.send(held.filter((e) => !sent.has(e.id)))
    this.timers.push(
      setInterval(() => this.write(': keep-alive\n\n'), this.options.keepAliveMs),
      setInterval(() => void this.check(), this.options.sessionCheckMs),
    )
  }

  /** Ends the stream (the server is shutting down, or something below decided so). */
  end(): void {
    if (this.ended) return
    this.ended = true
    this.unlisten()
    for (const t of this.timers) clearInterval(t)
    if (!this.res.writableEnded) this.res.end()
    this.onEnd()
  }

  /** Sends what the client missed, or tells it to read everything again when that cannot be known or is too much. */
  private async resume(lastEventId: number): Promise<Set<number>> {
    const sent = new Set<number>()
    try {
      if (lastEventId > this.feed.position) await this.feed.pull()
      const upTo = this.feed.position
      const { oldest } = await liveEventBounds(this.db)
      const pruned = lastEventId < upTo && (oldest === null || lastEventId < oldest - 1)
      const unknown = lastEventId > upTo
      const backlog =
        pruned || unknown
          ? null
          : await entityEventsBetween(
              this.db,
              this.audience.entityCode,
              lastEventId,
              upTo,
              this.options.maxBacklog,
            )
      if (backlog === null || backlog.length >= this.options.maxBacklog) {
        this.write(frame({ name: LIVE_RESYNC, data: '{}' }))
        return sent
      }
      for (const e of backlog) sent.add(e.id)
      this.send(backlog)
    } catch (err) {
      this.log.warn(`live: resuming a stream failed: ${(err as Error).message}`)
      this.write(frame({ name: LIVE_RESYNC, data: '{}' }))
    }
    return sent
  }

  private send(events: readonly StoredLiveEvent[]): void {
    let text = ''
    for (const e of events)
      if (hears(this.audience, e)) text += frame({ id: e.id, name: e.name, data: e.data })
    if (text !== '') this.write(text)
  }

  private write(text: string): void {
    if (this.ended) return
    this.res.write(text)
    if (this.res.writableLength > this.options.maxBufferedBytes) {
      this.log.warn(
        `live: a stream of ${this.auth.username} fell behind by ${String(this.res.writableLength)} bytes; ended`,
      )
      this.end()
    }
  }

  /** The session still stands (else `reauth` and the end); now and then the permissions are read again. */
  private async check(): Promise<void> {
    try {
      if (!(await sessionStillValid(this.db, this.auth))) {
        this.write(frame({ name: LIVE_REAUTH, data: '{}' }))
        this.end()
        return
      }
      this.checks += 1
      // The membership the token was read with is left out, so a member removed from the entity meanwhile loses
      // what their membership gave.
      if (this.checks % this.options.audienceEvery === 0)
        this.audience = await audienceOf(this.db, { ...this.auth, membership: undefined })
    } catch (err) {
      // The database is away: keep the stream; the next check decides.
      this.log.warn(`live: checking a stream's session failed: ${(err as Error).message}`)
    }
  }
}
