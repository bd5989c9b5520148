import type { Db } from '../../db/database'
import { isDatabaseUnavailable } from '../../db/database-errors'
import { insertOcppMessages } from './ocpp.repository'
import type { NewOcppMessageRow, OcppMessageTable } from './ocpp.table'

/** A frame longer than this is kept cut (a charger's 1 MB DataTransfer must not fill the log). */
export const MAX_LOGGED_PAYLOAD = 64 * 1024
/** Rows waiting for the database at most: past it the oldest are dropped and counted, never the process's memory. */
const MAX_QUEUED = 20_000
const FLUSH_EVERY_MS = 200
const FLUSH_ROWS = 500

export interface ParsedFrame {
  kind: OcppMessageTable['kind']
  messageId: string
  /** CALL: its action; answers: '' (the log fills in the call's). */
  action: string
}

/** What an OCPP-J frame is, without trusting it: anything that is not a well-formed array reads INVALID. */
export function parseFrame(text: string): ParsedFrame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'INVALID', messageId: '', action: '' }
  }
  if (!Array.isArray(value) || typeof value[1] !== 'string')
    return { kind: 'INVALID', messageId: '', action: '' }
  const id = value[1].slice(0, 64)
  if (value[0] === 2 && typeof value[2] === 'string')
    return { kind: 'CALL', messageId: id, action: value[2].slice(0, 64) }
  if (value[0] === 3) return { kind: 'CALLRESULT', messageId: id, action: '' }
  if (value[0] === 4) return { kind: 'CALLERROR', messageId: id, action: '' }
  return { kind: 'INVALID', messageId: id, action: '' }
}

/**
 * Every frame in and out of one charger's connection, with the answer's latency: the call's action and time are
 * remembered by message id (per direction) until its answer passes.
 */
export class ConnectionLog {
  private readonly pending = new Map<string, { action: string; at: number }>()

  constructor(
    private readonly sink: OcppMessageLog,
    private readonly charger: { id: number; entity_code: string },
  ) {}

  frame(text: string, direction: 'in' | 'out', now = Date.now()): void {
    const f = parseFrame(text)
    let action = f.action
    let latency: number | null = null
    // A call in is answered out, and the other way round: key the pending call by the direction it came from.
    if (f.kind === 'CALL') {
      if (this.pending.size >= 1_000) this.pending.clear() // a charger that never answers must not grow this
      this.pending.set(`${direction}:${f.messageId}`, { action: f.action, at: now })
    } else if (f.kind === 'CALLRESULT' || f.kind === 'CALLERROR') {
      const key = `${direction === 'in' ? 'out' : 'in'}:${f.messageId}`
      const call = this.pending.get(key)
      if (call) {
        this.pending.delete(key)
        action = call.action
        latency = now - call.at
      }
    }
    this.sink.add({
      entity_code: this.charger.entity_code,
      charge_point_id: this.charger.id,
      at: now,
      direction,
      kind: f.kind,
      message_id: f.messageId,
      action,
      payload: text.length > MAX_LOGGED_PAYLOAD ? text.slice(0, MAX_LOGGED_PAYLOAD) : text,
      latency_ms: latency,
    })
  }
}

/**
 * The frames of every connection, written in batches (one insert per 200 ms or 500 frames, not one per frame:
 * 5,000 chargers send hundreds a second). A batch that fails is retried row by row; a row that still fails is
 * reported and dropped: the log is a record of the conversation, the charger's facts are written by the handlers
 * themselves.
 */
export class OcppMessageLog {
  private queue: NewOcppMessageRow[] = []
  private timer: ReturnType<typeof setTimeout> | null = null
  private flushing: Promise<void> = Promise.resolve()
  dropped = 0

  constructor(
    private readonly db: Db,
    private readonly onError: (message: string) => void,
  ) {}

  add(row: NewOcppMessageRow): void {
    if (this.queue.length >= MAX_QUEUED) {
      this.queue.shift()
      this.dropped++
    }
    this.queue.push(row)
    if (this.queue.length >= FLUSH_ROWS) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS)
  }

  /**
   * One batch in one insert. If it fails for a row's sake (a charger deleted meanwhile: its foreign key), its rows go
   * one by one, so that only the rows that cannot be written are lost.
   */
  private async write(batch: NewOcppMessageRow[]): Promise<void> {
    try {
      await insertOcppMessages(this.db, batch)
      return
    } catch (err) {
      // The database away: row by row would wait out the connect timeout once per row. Drop the batch, say so.
      if (batch.length === 1 || isDatabaseUnavailable(err)) {
        this.dropped += batch.length
        this.onError(`ocpp: writing ${String(batch.length)} log frames failed: ${(err as Error).message}`)
        return
      }
    }
    let failed = 0
    let reason = ''
    for (const row of batch) {
      try {
        await insertOcppMessages(this.db, [row])
      } catch (err) {
        failed++
        reason = (err as Error).message
      }
    }
    if (failed > 0) {
      this.dropped += failed
      this.onError(
        `ocpp: ${String(failed)} of ${String(batch.length)} log frames could not be written: ${reason}`,
      )
    }
  }

  /** Writes what is queued; resolves when every earlier flush is done too. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const rows = this.queue
    this.queue = []
    this.flushing = this.flushing.then(async () => {
      for (let i = 0; i < rows.length; i += FLUSH_ROWS) await this.write(rows.slice(i, i + FLUSH_ROWS))
    })
    return this.flushing
  }
}
