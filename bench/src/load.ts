import { Agent, request } from 'node:http'
import type { LoopLimits } from './stats'
import { nowMs, timeSequential } from './stats'

/**
 * The load generator: plain node:http with a keep-alive Agent (one socket per concurrent loop), no dependency.
 * Concurrency c means c loops each sending its next request as soon as the previous answer is read, for a fixed
 * duration; requests/s is completed requests over elapsed time. The same client measures the real server and the
 * bare floor, so its own cost is in both.
 */
export interface Target {
  port: number
  path: string
  /** POST's JSON body; a GET sends none (the charging and bus lists are GETs with a query). */
  body: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
}

export interface Reply {
  status: number
  bytes: number
  text: string
}

export class Client {
  private readonly agent: Agent

  constructor(concurrency: number) {
    this.agent = new Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency })
  }

  send(target: Target, keepText = false): Promise<Reply> {
    const method = target.method ?? 'POST'
    const payload = Buffer.from(method === 'GET' ? '' : target.body)
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: target.port,
          path: target.path,
          method,
          agent: this.agent,
          headers: {
            ...(method === 'GET'
              ? {}
              : { 'content-type': 'application/json', 'content-length': payload.length }),
            ...target.headers,
          },
        },
        (res) => {
          let bytes = 0
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length
            if (keepText) chunks.push(chunk)
          })
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              bytes,
              text: keepText ? Buffer.concat(chunks).toString('utf8') : '',
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(payload)
    })
  }

  close() {
    this.agent.destroy()
  }
}

export interface LatencyRun {
  samples: number[]
  errors: number
}

/** Concurrency 1: one request at a time on one keep-alive socket (the given client's, or a new one), each timed. */
export async function measureLatency(
  target: Target,
  limits: LoopLimits,
  client?: Client,
): Promise<LatencyRun> {
  const own = client ?? new Client(1)
  let errors = 0
  try {
    const samples = await timeSequential(async () => {
      const reply = await own.send(target)
      if (reply.status !== 200) errors++
    }, limits)
    return { samples, errors }
  } finally {
    if (!client) own.close()
  }
}

export interface ThroughputRun {
  requests: number
  errors: number
  elapsedMs: number
  perSecond: number
  samples: number[]
}

/** Concurrency c for a fixed duration: requests/s, with the latency of each request under that load. */
export async function measureThroughput(
  target: Target,
  concurrency: number,
  durationMs: number,
): Promise<ThroughputRun> {
  const client = new Client(concurrency)
  const samples: number[] = []
  let errors = 0
  const start = nowMs()
  const end = start + durationMs
  const loop = async () => {
    while (nowMs() < end) {
      const t0 = nowMs()
      const reply = await client.send(target)
      samples.push(nowMs() - t0)
      if (reply.status !== 200) errors++
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, loop))
    const elapsedMs = nowMs() - start
    return {
      requests: samples.length,
      errors,
      elapsedMs,
      perSecond: (samples.length / elapsedMs) * 1000,
      samples,
    }
  } finally {
    client.close()
  }
}

/** A few hundred requests (bounded in time) so the JIT, the statement caches and the pool are warm. */
export async function warmUp(
  target: Target,
  requests: number,
  maxMs: number,
  concurrency = 2,
): Promise<void> {
  const client = new Client(concurrency)
  let sent = 0
  const end = nowMs() + maxMs
  const loop = async () => {
    while (sent < requests && nowMs() < end) {
      sent++
      await client.send(target)
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, loop))
  } finally {
    client.close()
  }
}

/** Signs a demo user in (password demo1234) and returns the access token. */
export async function signIn(port: number, username: string): Promise<string> {
  const client = new Client(1)
  try {
    const reply = await client.send(
      { port, path: '/api/main/iam/login', body: JSON.stringify({ username, password: 'demo1234' }) },
      true,
    )
    return (JSON.parse(reply.text) as { data: { token: string } }).data.token
  } finally {
    client.close()
  }
}
