import type { Target } from './load'
import { Client, measureLatency, warmUp } from './load'
import { ms, table } from './report'
import type { Summary } from './stats'
import { summarize, timeSequential } from './stats'

/** One scenario: the request through HTTP beside its raw floor (the same service call in-process). */
export interface PairedRow {
  scenario: string
  http: Summary
  raw: Summary
  /** The p95 target in ms. */
  target: number
}

/**
 * Measures a request through HTTP and its raw floor in alternating blocks (three rounds of each), so their ratio
 * holds up while other work shares the machine. Warm-up first: JIT, statement caches, pool.
 */
export async function measurePaired(
  scenario: string,
  target: Target,
  raw: () => Promise<unknown>,
  durationMs: number,
  targetMs: number,
): Promise<PairedRow> {
  await warmUp(target, 100, 2000)
  for (let i = 0; i < 5; i++) await raw()
  let http: number[] = []
  let rawSamples: number[] = []
  const client = new Client(1)
  try {
    for (let round = 0; round < 3; round++) {
      // Bounded blocks; concat, as a spread of 100,000 samples would overflow the call stack.
      const limits = { durationMs: durationMs / 3, minIterations: 20, maxIterations: 5000 }
      const h = await measureLatency(target, limits, client)
      if (h.errors > 0) throw new Error(`${scenario}: ${String(h.errors)} failed requests`)
      http = http.concat(h.samples)
      rawSamples = rawSamples.concat(await timeSequential(raw, limits))
    }
  } finally {
    client.close()
  }
  return { scenario, http: summarize(http), raw: summarize(rawSamples), target: targetMs }
}

/** The table every paired suite prints: percentiles, the HTTP/raw ratio and whether the target holds. */
export function pairedTable(rows: readonly PairedRow[]): string {
  return table(
    ['scenario', 'http p50', 'http p95', 'raw p95', 'http/raw', 'target p95', 'met'],
    rows.map((r) => [
      r.scenario,
      ms(r.http.p50),
      ms(r.http.p95),
      ms(r.raw.p95),
      `${(r.http.p95 / Math.max(r.raw.p95, 0.001)).toFixed(2)}x`,
      `< ${String(r.target)}`,
      r.http.p95 < r.target ? 'yes' : 'NO',
    ]),
    (i) => i > 0,
  )
}
