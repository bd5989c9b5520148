import type { LiveEvent } from '@portal/contract'
import { describe, expect, it, vi } from 'vitest'
import { FAILURES_BEFORE_POLLING, LiveConnection } from './live-connection'

/* The portal's end of the live stream (decision 0110): reading, resuming, reauthorizing, falling back to polling. */

/** A response whose body the test writes as it goes. */
function streamed() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
    },
  })
  const encoder = new TextEncoder()
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  }
}

function harness(responses: (() => Response)[], reauthorize = vi.fn(() => Promise.resolve(true))) {
  const opened: Record<string, string>[] = []
  const timers: (() => void)[] = []
  const connection = new LiveConnection({
    open: (headers) => {
      opened.push(headers)
      const next = responses.shift()
      return next ? Promise.resolve(next()) : Promise.reject(new TypeError('network down'))
    },
    reauthorize,
    setTimeout: (fn) => {
      timers.push(fn)
      return timers.length
    },
    clearTimeout: () => undefined,
    online: () => true,
  })
  const events: LiveEvent[] = []
  connection.onEvent((e) => events.push(e))
  /** Runs the retry that is waiting. */
  const retry = () => timers.shift()?.()
  return { connection, opened, events, retry, reauthorize }
}

const settle = () => new Promise((r) => setTimeout(r, 10))

describe('LiveConnection', () => {
  it('hands over named events with their data, once each, and goes live with the first bytes', async () => {
    const s = streamed()
    const h = harness([() => s.response])
    h.connection.start()
    expect(h.connection.status).toBe('connecting')
    s.write('retry: 1000\n: connected\n\n')
    await settle()
    expect(h.connection.status).toBe('live')
    s.write('id: 7\nevent: machine.status\ndata: {"machine_id":3}\n\n')
    s.write('id: 7\nevent: machine.status\ndata: {"machine_id":3}\n\n')
    s.write('id: 8\nevent: something.else\ndata: {}\n\n')
    await settle()
    expect(h.events).toEqual([{ id: '7', name: 'machine.status', data: { machine_id: 3 } }])
    h.connection.stop()
  })

  it('resumes after a drop with Last-Event-ID, and tells listeners to read again on resync', async () => {
    const first = streamed()
    const second = streamed()
    const h = harness([() => first.response, () => second.response])
    const resync = vi.fn()
    h.connection.onResync(resync)
    h.connection.start()
    first.write('id: 41\nevent: order.created\ndata: {"machine_id":1,"order_ids":[5]}\n\n')
    await settle()
    first.end()
    await settle()
    expect(h.connection.status).toBe('reconnecting')
    h.retry()
    await settle()
    expect(h.opened[1]).toEqual({ 'last-event-id': '41' })
    second.write('event: resync\ndata: {}\n\n')
    await settle()
    expect(resync).toHaveBeenCalledTimes(1)
    expect(h.connection.status).toBe('live')
    h.connection.stop()
  })

  it('refreshes the session and connects again when the server says reauth; stops when the session is over', async () => {
    const first = streamed()
    const second = streamed()
    const h = harness([() => first.response, () => second.response])
    h.connection.start()
    first.write('event: reauth\ndata: {}\n\n')
    first.end()
    await settle()
    expect(h.reauthorize).toHaveBeenCalledTimes(1)
    expect(h.opened).toHaveLength(2)

    const over = harness(
      [() => new Response('{}', { status: 401 })],
      vi.fn(() => Promise.resolve(false)),
    )
    over.connection.start()
    await settle()
    expect(over.connection.status).toBe('idle')
    h.connection.stop()
  })

  it(`polls after ${String(FAILURES_BEFORE_POLLING)} failed connections in a row, and is live again when one holds`, async () => {
    const s = streamed()
    const h = harness([
      () => new Response('', { status: 502 }),
      () => new Response('', { status: 502 }),
      () => new Response('', { status: 503 }),
      () => s.response,
    ])
    h.connection.start()
    for (let i = 1; i < FAILURES_BEFORE_POLLING; i++) {
      await settle()
      expect(h.connection.status).toBe('reconnecting')
      h.retry()
    }
    await settle()
    expect(h.connection.status).toBe('polling')
    h.retry()
    s.write(': connected\n\n')
    await settle()
    expect(h.connection.status).toBe('live')
    h.connection.stop()
  })
})
