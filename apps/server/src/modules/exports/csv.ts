/**
 * CSV cells (RFC 4180): a cell is quoted when it holds a comma, a quote, CR or LF, and quotes are doubled.
 * Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading apostrophe, so
 * opening an export never evaluates what a user typed into a machine alias (OWASP "CSV injection"). Numbers are
 * written as they are: -5 is a number, not a formula.
 */
const NEEDS_QUOTES = /[",\r\n]/

/** = + - @ tab CR, by character code: this runs for every text cell of a million-row export. */
function startsLikeFormula(text: string): boolean {
  const c = text.charCodeAt(0)
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = startsLikeFormula(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  let line = ''
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ','
    line += csvCell(values[i])
  }
  return `${line}\r\n`
}

/** A byte-order mark first, so that Excel reads the file as UTF-8 (names in Chinese or Tamil stay readable). */
export const CSV_BOM = '\uFEFF'
