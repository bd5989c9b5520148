import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import type { ExportFormat } from '@portal/contract'
import { CSV_BOM, csvLine } from './csv'
import type { ExportColumn } from './export-source'
import { XlsxWriter } from './xlsx'

export interface WriteOptions<Row> {
  path: string
  format: ExportFormat
  columns: readonly ExportColumn<Row>[]
  rows: AsyncIterable<Row>
  /** The sheet's name in an xlsx file. */
  title: string
  /** Called every `progressEvery` rows (and at most every `progressMs` otherwise) with the rows written so far. */
  onProgress?: (rows: number) => Promise<void> | void
  progressEvery?: number
  progressMs?: number
  /** Stops between rows: the file is left incomplete and the promise rejects with the signal's reason. */
  signal?: AbortSignal
}

export interface WriteResult {
  rowCount: number
  size: number
}

/** Characters of CSV text gathered before one write to the file: fewer, larger writes are much faster. */
const CSV_CHUNK = 256 * 1024

/**
 * Writes every row to a file, respecting the file stream's backpressure: when the stream's buffer is full, reading
 * rows pauses (the source's async iterator is simply not asked for more) until it drains. Memory stays bounded by
 * the source's batch size plus a chunk or two, whatever the row count.
 */
export async function writeExportFile<Row>(options: WriteOptions<Row>): Promise<WriteResult> {
  const { columns, format, signal } = options
  const progressEvery = options.progressEvery ?? 10_000
  const progressMs = options.progressMs ?? 2_000
  const out = createWriteStream(options.path)
  let streamError: Error | null = null
  out.on('error', (err) => {
    streamError = err
  })
  let mustDrain = false
  const write = (chunk: string) => {
    if (!out.write(chunk)) mustDrain = true
  }
  const drain = async () => {
    if (streamError) throw streamError
    if (mustDrain) {
      mustDrain = false
      await once(out, 'drain', signal ? { signal } : {})
    }
  }

  const headers = columns.map((c) => c.header)
  const xlsx = format === 'xlsx' ? new XlsxWriter(headers, out, options.title) : null
  let csv = format === 'csv' ? CSV_BOM + csvLine(headers) : ''
  const values: (string | number | null)[] = new Array<string | number | null>(columns.length)

  let rowCount = 0
  let lastProgressAt = Date.now()
  try {
    for await (const row of options.rows) {
      signal?.throwIfAborted()
      for (let i = 0; i < columns.length; i++) values[i] = (columns[i] as ExportColumn<Row>).value(row)
      if (xlsx) {
        if (!xlsx.addRow(values)) await xlsx.drain()
      } else {
        csv += csvLine(values)
        if (csv.length >= CSV_CHUNK) {
          write(csv)
          csv = ''
        }
      }
      rowCount += 1
      if (mustDrain) await drain()
      if (options.onProgress && (rowCount % progressEvery === 0 || (rowCount & 255) === 0)) {
        const now = Date.now()
        if (rowCount % progressEvery === 0 || now - lastProgressAt >= progressMs) {
          lastProgressAt = now
          await options.onProgress(rowCount)
        }
      }
    }
    if (xlsx) await xlsx.finish()
    else if (csv.length > 0) write(csv)
    await drain()
  } catch (err) {
    out.destroy()
    // The file may still be opening (a source that fails on its first rows): the stream then opens it and closes it
    // after this. Waiting for the close means the caller's removal of the partial file comes last, and removes it.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()))
    throw err
  }
  out.end()
  await once(out, 'finish')
  if (streamError) throw streamError as Error
  return { rowCount, size: out.bytesWritten }
}
