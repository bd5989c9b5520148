import type { NewDriver } from './drivers'
import {
  DRIVER_CSV_MAX_ROWS,
  mobileSearchText,
  newDriverRequest,
  normalizeMobile,
  splitInternational,
} from './drivers'

/*
 * Reading a drivers csv file (docs/decisions/0024-drivers.md): RFC 4180 (quotes, doubled quotes, line breaks inside
 * quotes, CRLF or LF, a UTF-8 byte-order mark), with `;` as the separator when the header has no comma (Excel in
 * locales with a decimal comma). The same code runs in the server's import and is what the template matches.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (1-based). */
  line: number
  cells: string[]
}

/** Splits csv text into records; records whose cells are all blank are left out (their lines still count). */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const firstLine = source.slice(0, source.search(/\r?\n|$/))
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ','
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  const endRecord = () => {
    cells.push(cell)
    if (cells.some((c) => c.trim() !== '')) records.push({ line: recordLine, cells })
    cells = []
    cell = ''
  }
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i)
    if (quoted) {
      if (ch === '"') {
        if (source.charAt(i + 1) === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else {
        if (ch === '\n') line++
        cell += ch
      }
    } else if (ch === '"' && cell.trim() === '') {
      cell = ''
      quoted = true
    } else if (ch === separator) {
      cells.push(cell)
      cell = ''
    } else if (ch === '\r' && source.charAt(i + 1) === '\n') {
      // The \n that follows ends the record.
    } else if (ch === '\n' || ch === '\r') {
      endRecord()
      line++
      recordLine = line
    } else {
      cell += ch
    }
  }
  endRecord()
  return records
}

/** The columns of the template, in order. name, mobileNumber, email and nationality are required. */
export const DRIVER_CSV_COLUMNS = [
  'name',
  'dialCode',
  'mobileNumber',
  'email',
  'nationality',
  'isRegistered',
  'subscribedCpoEntities',
  'licensePlate',
] as const
export type DriverCsvColumn = (typeof DRIVER_CSV_COLUMNS)[number]
export const REQUIRED_DRIVER_CSV_COLUMNS: readonly DriverCsvColumn[] = [
  'name',
  'mobileNumber',
  'email',
  'nationality',
]

/** Header spellings people use for each column, compared without case, spaces, dashes or underscores. */
const HEADER_ALIASES: Record<string, DriverCsvColumn> = {
  name: 'name',
  fullname: 'name',
  drivername: 'name',
  users: 'name',
  dialcode: 'dialCode',
  countrycode: 'dialCode',
  mobilenumber: 'mobileNumber',
  mobile: 'mobileNumber',
  phone: 'mobileNumber',
  phonenumber: 'mobileNumber',
  email: 'email',
  emailaddress: 'email',
  nationality: 'nationality',
  isregistered: 'isRegistered',
  registered: 'isRegistered',
  subscribedcpoentities: 'subscribedCpoEntities',
  subscriptions: 'subscribedCpoEntities',
  cpoentities: 'subscribedCpoEntities',
  licenseplate: 'licensePlate',
  vehiclelicenseplate: 'licensePlate',
  plate: 'licensePlate',
}

const headerKey = (text: string) => text.toLowerCase().replace(/[\s_\-.]/g, '')

/** The template the portal offers for download: the header and two example drivers. */
export const DRIVER_CSV_TEMPLATE = [
  DRIVER_CSV_COLUMNS.join(','),
  'Tan Wei Ming,65,9123 4567,weiming.tan@example.com,Singaporean,yes,CPO;VOLT,SGX1234A',
  'Nur Aisyah binti Rahman,60,012-345 6789,aisyah.rahman@example.com,Malaysian,no,,',
].join('\r\n')

const YES = new Set(['yes', 'y', 'true', '1', 'registered'])
const NO = new Set(['no', 'n', 'false', '0', 'not registered', ''])

export interface DriverCsvIssue {
  path: string
  message: string
}

export interface DriverCsvRow {
  line: number
  /** The row's cells by column, as typed (trimmed). */
  input: Record<DriverCsvColumn, string>
  /** The driver to add when the row has no issues. */
  driver: NewDriver | null
  /** The mobile number as stored (E.164) when it could be read: duplicates are found by it. */
  mobileNumber: string | null
  issues: DriverCsvIssue[]
}

export type DriverCsvResult =
  { ok: false; message: string } | { ok: true; rows: DriverCsvRow[]; ignoredColumns: string[] }

/**
 * Reads a drivers csv file: the header row names the columns (any order, common spellings), then one driver a row.
 * Each row is checked as the add-one call checks its body; a mobile number given twice in the file is rejected the
 * second time. A file-level problem (no header, a required column missing, too many rows) is `ok: false`.
 * The dial code defaults to 65 (Singapore) when the row has none and the number has no +code of its own.
 */
export function readDriverCsv(text: string): DriverCsvResult {
  const records = parseCsv(text)
  const [header, ...data] = records
  if (!header) return { ok: false, message: 'the file is empty: it needs a header row and one driver a row' }
  const columns = header.cells.map((c) => HEADER_ALIASES[headerKey(c)] ?? null)
  const missing = REQUIRED_DRIVER_CSV_COLUMNS.filter((c) => !columns.includes(c))
  if (missing.length > 0)
    return {
      ok: false,
      message: `the header row has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''} (expected ${DRIVER_CSV_COLUMNS.join(', ')})`,
    }
  const repeated = DRIVER_CSV_COLUMNS.filter((c) => columns.filter((x) => x === c).length > 1)
  if (repeated.length > 0) return { ok: false, message: `the header row names ${repeated.join(', ')} twice` }
  if (data.length === 0) return { ok: false, message: 'the file has a header row but no drivers' }
  if (data.length > DRIVER_CSV_MAX_ROWS)
    return {
      ok: false,
      message: `a file can hold at most ${DRIVER_CSV_MAX_ROWS.toLocaleString('en-US')} drivers (this one has ${data.length.toLocaleString('en-US')}); split it into smaller files`,
    }
  const ignoredColumns = header.cells
    .filter((c, i) => columns[i] === null && c.trim() !== '')
    .map((c) => c.trim())

  const firstLineOf = new Map<string, number>()
  const rows = data.map((record): DriverCsvRow => {
    const input = Object.fromEntries(DRIVER_CSV_COLUMNS.map((c) => [c, ''])) as Record<
      DriverCsvColumn,
      string
    >
    columns.forEach((column, i) => {
      if (column !== null) input[column] = (record.cells[i] ?? '').trim()
    })
    const row = rowOf(record.line, input)
    if (row.mobileNumber !== null) {
      const first = firstLineOf.get(row.mobileNumber)
      if (first === undefined) firstLineOf.set(row.mobileNumber, record.line)
      else {
        row.issues.push({
          path: 'mobileNumber',
          message: `the same mobile number is on line ${String(first)} of this file`,
        })
        row.driver = null
      }
    }
    return row
  })
  return { ok: true, rows, ignoredColumns }
}

function rowOf(line: number, input: Record<DriverCsvColumn, string>): DriverCsvRow {
  const issues: DriverCsvIssue[] = []
  const international = splitInternational(input.mobileNumber)
  const typedCode = input.dialCode.replace(/^\+/, '')
  const dialCode = international?.dialCode ?? (typedCode === '' ? '65' : typedCode)
  const local = international?.local ?? input.mobileNumber
  if (international && typedCode !== '' && typedCode !== international.dialCode)
    issues.push({
      path: 'dialCode',
      message: `the mobile number starts with +${international.dialCode} but the dial code is ${typedCode}`,
    })
  const registered = input.isRegistered.toLowerCase()
  const isRegistered = YES.has(registered) ? true : NO.has(registered) ? false : null
  if (isRegistered === null) issues.push({ path: 'isRegistered', message: 'use yes or no' })

  const parsed = newDriverRequest.safeParse({
    name: input.name,
    dialCode,
    mobileNumber: local,
    email: input.email,
    nationality: input.nationality,
    isRegistered: isRegistered ?? false,
    subscribedCpoEntities: input.subscribedCpoEntities.split(/[;|\s,]+/).filter((c) => c !== ''),
    licensePlate: input.licensePlate === '' ? null : input.licensePlate,
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.')
      const field = path === '' ? 'row' : (path.split('.')[0] ?? path)
      if (!issues.some((i) => i.path === field)) issues.push({ path: field, message: issue.message })
    }
  }
  const mobile = normalizeMobile(dialCode, local)
  return {
    line,
    input,
    driver: parsed.success && issues.length === 0 ? parsed.data : null,
    mobileNumber: mobile.ok ? mobile.e164 : null,
    issues,
  }
}

/** The cells of a report row for a csv of rejected rows (so they can be fixed and uploaded again). */
export function driverCsvLine(input: Record<DriverCsvColumn, string>): string {
  return DRIVER_CSV_COLUMNS.map((c) => csvCell(input[c])).join(',')
}

/** A value as a csv cell: quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** The mobile text a report row shows for a row whose number could not be read. */
export function typedMobile(input: Record<DriverCsvColumn, string>): string {
  const compact = mobileSearchText(input.mobileNumber)
  return input.dialCode === '' || compact.startsWith('+')
    ? input.mobileNumber
    : `+${input.dialCode.replace(/^\+/, '')} ${input.mobileNumber}`
}
