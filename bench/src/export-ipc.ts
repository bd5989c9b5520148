/** What the export benchmark tells its child, and what the child answers. */
export interface ExportJobOptions {
  url: string
  schema?: string
  format: 'csv' | 'xlsx'
  dir: string
}

export interface ExportJobResult {
  format: 'csv' | 'xlsx'
  rows: number
  seconds: number
  rowsPerSecond: number
  /** CPU time of the child's main thread and its pools (zlib) while the job ran: steadier than wall time on a busy machine. */
  cpuSeconds: number
  rowsPerCpuSecond: number
  fileMb: number
  file: string
  /** RSS when the job was queued (runtime, modules, database driver). */
  baselineRssMb: number
  /** Highest RSS sampled every 25 ms while the job ran. */
  peakRssMb: number
  /** Private memory (RssAnon) when the job was queued, and its highest sample: what the target is about. */
  baselinePrivateMb: number
  peakPrivateMb: number
  /** The kernel's maximum resident set size of the whole child. */
  maxRssMb: number
  peakHeapMb: number
}

export type ExportChildMessage =
  { type: 'result'; result: ExportJobResult } | { type: 'error'; message: string }
