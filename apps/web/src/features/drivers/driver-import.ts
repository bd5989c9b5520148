import type { DriverImportReport, DriverImportRow } from '@portal/contract'
import {
  csvCell,
  DRIVER_CSV_MAX_BYTES,
  DRIVER_CSV_TEMPLATE,
  driverCsvLine,
  parseCsv,
  readDriverCsv,
} from '@portal/contract'

/** Excel opens a csv file as UTF-8 only when it starts with a byte-order mark. */
const BOM = '\uFEFF'

/** The template offered for download; the limousine one has no subscribed CPO entities column. */
export function templateCsv(subscriptions: boolean): string {
  if (subscriptions) return BOM + DRIVER_CSV_TEMPLATE
  const records = parseCsv(DRIVER_CSV_TEMPLATE)
  const drop = records[0]?.cells.indexOf('subscribedCpoEntities') ?? -1
  return (
    BOM +
    records
      .map((r) =>
        r.cells
          .filter((_, i) => i !== drop)
          .map(csvCell)
          .join(','),
      )
      .join('\r\n')
  )
}

/** Why a file cannot be sent at all (before any upload), or null. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): 'notCsv' | 'tooLarge' | 'empty' | null {
  if (!/\.(csv|txt)$/i.test(file.name)) return 'notCsv'
  if (file.size === 0) return 'empty'
  if (file.size > DRIVER_CSV_MAX_BYTES) return 'tooLarge'
  return null
}

/** A row's problems as one line: "email: not a valid email address; nationality: …". */
export function problemsOf(row: Pick<DriverImportRow, 'issues'>): string {
  return row.issues.map((i) => `${i.path}: ${i.message}`).join('; ')
}

/**
 * The rejected rows of an import as a csv file in the template's columns with a `problem` column at the end, so they
 * can be corrected and uploaded again (the import ignores the extra column). Null when the text cannot be read.
 */
export function rejectedRowsCsv(text: string, report: DriverImportReport): string | null {
  const read = readDriverCsv(text)
  if (!read.ok) return null
  const rejected = new Map(report.rows.filter((r) => r.status === 'rejected').map((r) => [r.line, r]))
  const lines = read.rows
    .filter((r) => rejected.has(r.line))
    .map((r) => {
      const row = rejected.get(r.line)
      return `${driverCsvLine(r.input)},${csvCell(row ? problemsOf(row) : '')}`
    })
  if (lines.length === 0) return null
  const header = `${parseCsv(DRIVER_CSV_TEMPLATE)[0]?.cells.join(',') ?? ''},problem`
  return BOM + [header, ...lines].join('\r\n')
}

/** Hands text to the browser as a downloaded file. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
