import type { Summary } from './stats'

export const TARGET_P95_MS = 15
export const TARGET_RATIO = 2

/** HTTP at concurrency 1 beside the raw query, measured in alternating blocks. */
export interface Pair {
  http: Summary
  raw: Summary
  errors: number
  ratioP95: number
  targets: { p95Under15ms: boolean; ratioAtMost2: boolean }
}

export interface ScenarioResult {
  key: string
  label: string
  request: unknown
  /** `data.count` of the response: how many machines match. */
  matches: number
  rows: number
  responseBytes: number
  /** The app as it ships, asked the same thing again and again: the count comes from its count cache. */
  cached: Pair & { throughput: Throughput }
  /** The count computed on every request, as for the first request of a filter (each search keystroke). */
  uncached: Pair
  bare: { latency: Summary; throughput: Throughput }
}

export interface Throughput {
  concurrency: number
  requests: number
  errors: number
  perSecond: number
  latency: Summary
}

export interface Breakdown {
  key: string
  pageQuery: Summary
  countQuery: Summary
  setsQuery: Summary
  encodeAndStringify: Summary
}

export function table(headers: string[], rows: string[][], rightAligned: (i: number) => boolean): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [line(headers), rule, ...rows.map(line)].join('\n')
}

export const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v.toFixed(1)) : '-')
export const int = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-')

const yes = (ok: boolean) => (ok ? 'yes' : 'NO')
const ratio = (p: Pair) => `${p.ratioP95.toFixed(2)}x`

export function cachedTable(results: ScenarioResult[]): string {
  const headers = [
    'scenario',
    'matches',
    'HTTP p50',
    'p95',
    'p99',
    'req/s c8',
    'raw p50',
    'raw p95',
    'HTTP/raw p95',
    'bare p95',
    'bare req/s',
    'p95<15ms',
    'ratio<=2',
  ]
  const rows = results.map((r) => [
    r.label,
    int(r.matches),
    ms(r.cached.http.p50),
    ms(r.cached.http.p95),
    ms(r.cached.http.p99),
    int(r.cached.throughput.perSecond),
    ms(r.cached.raw.p50),
    ms(r.cached.raw.p95),
    ratio(r.cached),
    ms(r.bare.latency.p95),
    int(r.bare.throughput.perSecond),
    yes(r.cached.targets.p95Under15ms),
    yes(r.cached.targets.ratioAtMost2),
  ])
  return table(headers, rows, (i) => i > 0 && i < 11)
}

export function uncachedTable(results: ScenarioResult[]): string {
  const headers = [
    'scenario',
    'HTTP p50',
    'p95',
    'p99',
    'raw p50',
    'raw p95',
    'HTTP/raw p95',
    'p95<15ms',
    'ratio<=2',
  ]
  const rows = results.map((r) => [
    r.label,
    ms(r.uncached.http.p50),
    ms(r.uncached.http.p95),
    ms(r.uncached.http.p99),
    ms(r.uncached.raw.p50),
    ms(r.uncached.raw.p95),
    ratio(r.uncached),
    yes(r.uncached.targets.p95Under15ms),
    yes(r.uncached.targets.ratioAtMost2),
  ])
  return table(headers, rows, (i) => i > 0 && i < 7)
}

export function verdict(results: ScenarioResult[], pick: (r: ScenarioResult) => Pair): string {
  const missed = results.filter((r) => !(pick(r).targets.p95Under15ms && pick(r).targets.ratioAtMost2))
  return (
    `Targets (HTTP p95 < ${TARGET_P95_MS} ms and HTTP p95 <= ${TARGET_RATIO}x raw p95): ` +
    `${results.length - missed.length}/${results.length} scenarios hold` +
    (missed.length ? `; missed: ${missed.map((r) => r.label).join(', ')}` : '')
  )
}

export function breakdownTable(breakdowns: Breakdown[], results: ScenarioResult[]): string {
  const headers = ['scenario', 'page query', 'count query', 'sets query', 'zod encode+JSON', 'HTTP - raw p50']
  const rows = breakdowns.map((b) => {
    const r = results.find((x) => x.key === b.key)
    return [
      r?.label ?? b.key,
      ms(b.pageQuery.p50),
      ms(b.countQuery.p50),
      ms(b.setsQuery.p50),
      ms(b.encodeAndStringify.p50),
      r ? ms(r.uncached.http.p50 - r.uncached.raw.p50) : '-',
    ]
  })
  return table(headers, rows, (i) => i > 0)
}
