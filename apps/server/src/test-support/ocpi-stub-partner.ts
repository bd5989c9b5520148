import http from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A minimal OCPI 2.2.1 partner on loopback, for tests that need one to answer without a second portal: it lists
 * 2.2.1 with a credentials endpoint and a Commands receiver, answers a credentials POST with its own (token
 * `stub-token-c`, a CPO SG/STB), and accepts every command (CommandResponse ACCEPTED). What it was sent is kept.
 * `answer` overrides one path's reply (a broken partner).
 */

export interface StubRequest {
  method: string
  url: string
  authorization: string | undefined
  body: string
}

type Answer = { status: number; body: unknown } | { status: number; raw: string }

export class OcpiStubPartner {
  readonly received: StubRequest[] = []
  readonly answers = new Map<string, Answer>()

  private constructor(
    private readonly server: http.Server,
    readonly base: string,
  ) {}

  static async start(): Promise<OcpiStubPartner> {
    // The server answers through the stub, made once the server listens.
    const made: { stub?: OcpiStubPartner } = {}
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => made.stub?.answer(req, Buffer.concat(chunks).toString('utf8'), res))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    server.unref()
    const stub = new OcpiStubPartner(
      server,
      `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    )
    made.stub = stub
    return stub
  }

  get versionsUrl() {
    return `${this.base}/versions`
  }

  private answer(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const url = req.url ?? '/'
    this.received.push({ method: req.method ?? 'GET', url, authorization: req.headers.authorization, body })
    const envelope = (data: unknown) => ({ data, status_code: 1000, timestamp: new Date().toISOString() })
    const given = this.answers.get(url)
    let status = 200
    let text: string
    if (given) {
      status = given.status
      text = 'raw' in given ? given.raw : JSON.stringify(given.body)
    } else if (url === '/versions')
      text = JSON.stringify(envelope([{ version: '2.2.1', url: `${this.base}/2.2.1` }]))
    else if (url === '/2.2.1')
      text = JSON.stringify(
        envelope({
          version: '2.2.1',
          endpoints: [
            { identifier: 'credentials', role: 'RECEIVER', url: `${this.base}/2.2.1/credentials` },
            { identifier: 'commands', role: 'RECEIVER', url: `${this.base}/2.2.1/commands` },
          ],
        }),
      )
    else if (url === '/2.2.1/credentials' && req.method === 'POST')
      text = JSON.stringify(
        envelope({
          token: 'stub-token-c',
          url: this.versionsUrl,
          roles: [
            { role: 'CPO', country_code: 'SG', party_id: 'STB', business_details: { name: 'Stub CPO' } },
          ],
        }),
      )
    else if (url === '/2.2.1/credentials' && req.method === 'DELETE')
      text = JSON.stringify(envelope(undefined))
    else if (url.startsWith('/2.2.1/commands/') && req.method === 'POST')
      text = JSON.stringify(envelope({ result: 'ACCEPTED', timeout: 30 }))
    else {
      status = 404
      text = JSON.stringify({
        status_code: 2000,
        status_message: 'Not here',
        timestamp: new Date().toISOString(),
      })
    }
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(text)
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
