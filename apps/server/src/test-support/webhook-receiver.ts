import type { IncomingHttpHeaders, Server } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** What a test's receiver answers: a status (with a body and headers), or nothing at all. */
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> } | 'hang'

export interface Received {
  path: string
  headers: IncomingHttpHeaders
  /** The body's exact bytes. */
  body: Buffer
}

/**
 * A local HTTP server standing in for a webhook's receiver: it records every request and answers, per path, the
 * answers it was given in turn (the last one again and again; 200 when none was given).
 */
export class WebhookReceiver {
  readonly received: Received[] = []
  private readonly answers = new Map<string, ReceiverAnswer[]>()
  private readonly sockets = new Set<Socket>()
  private base = ''

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(
      createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (c: Buffer) => chunks.push(c))
        request.on('end', () => {
          const path = request.url ?? '/'
          receiver.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
          const queue = receiver.answers.get(path) ?? []
          const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 200, body: 'ok' }
          if (answer === 'hang') return
          response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers })
          response.end(answer.body ?? '')
        })
      }),
    )
    receiver.server.on('connection', (socket) => {
      receiver.sockets.add(socket)
      socket.on('close', () => receiver.sockets.delete(socket))
    })
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve))
    receiver.base = `http://127.0.0.1:${String((receiver.server.address() as AddressInfo).port)}`
    return receiver
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port
  }

  url(path: string): string {
    return `${this.base}${path}`
  }

  answer(path: string, ...answers: ReceiverAnswer[]): void {
    this.answers.set(path, answers)
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path)
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
