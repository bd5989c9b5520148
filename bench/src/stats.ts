/** Latency samples in milliseconds and what the report reads from them. */
export interface Summary {
  n: number
  p50: number
  p95: number
  p99: number
  mean: number
  max: number
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  const total = sorted.reduce((sum, v) => sum + v, 0)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.length ? total / sorted.length : Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  }
}

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6
}

export interface LoopLimits {
  durationMs: number
  /** Stop earlier once this many iterations ran. */
  maxIterations?: number
  /** Keep going past durationMs until this many ran (slow queries), but never past 3 x durationMs. */
  minIterations?: number
}

/** Runs `fn` back to back (awaiting each) and times every call. */
export async function timeSequential(fn: () => Promise<unknown>, limits: LoopLimits): Promise<number[]> {
  const samples: number[] = []
  const start = nowMs()
  const end = start + limits.durationMs
  const hardEnd = start + 3 * limits.durationMs
  const max = limits.maxIterations ?? Number.POSITIVE_INFINITY
  const min = limits.minIterations ?? 0
  while (samples.length < max && (nowMs() < end || (samples.length < min && nowMs() < hardEnd))) {
    const start = nowMs()
    await fn()
    samples.push(nowMs() - start)
  }
  return samples
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}
