import type { Writable } from 'node:stream'
import { ZipWriter } from './zip-writer'

/**
 * A streaming .xlsx writer: the sheet XML is produced row by row and deflated into the zip as it goes, so memory
 * does not grow with the row count. Strings are inline strings (no shared-string table to hold in memory), which
 * spreadsheets never evaluate as formulas. A sheet holds at most 1,048,576 rows; longer exports continue on the
 * next sheet with the header repeated. The zip is deflated by Node's zlib (zip-writer.ts);
 * docs/decisions/0015-export-jobs.md says why this and not exceljs.
 */

export type Cell = string | number | null | undefined

const MAX_SHEET_ROWS = 1_048_576
/** Excel's limit of characters in one cell. */
const MAX_CELL_CHARS = 32_767
// XML 1.0 forbids most control characters; a stray one would make the whole file unreadable.
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
// A literal CR would be read back as LF (XML normalizes line ends); as a character reference it survives.
const XML_SPECIAL = /[&<>"\r]/g
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
}

export function xmlText(value: string): string {
  const clipped = value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value
  return clipped.replace(INVALID_XML, '').replace(XML_SPECIAL, (c) => ESCAPES[c] ?? c)
}

export function columnLetters(index: number): string {
  let n = index + 1
  let letters = ''
  while (n > 0) {
    const rem = (n - 1) % 26
    letters = String.fromCharCode(65 + rem) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const SHEET_HEAD =
  `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" ' +
  'state="frozen"/></sheetView></sheetViews><sheetData>'
const SHEET_TAIL = '</sheetData></worksheet>'

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '</styleSheet>'

export class XlsxWriter {
  private readonly zip: ZipWriter
  private readonly letters: string[]
  private readonly sheetTitle: string
  private sheetOpen = false
  private sheetCount = 0
  private sheetRow = 0
  private buffer = ''
  private mustDrain = false

  /** Writes the workbook to `out`; the caller ends `out` after `finish()`. */
  constructor(
    private readonly headers: readonly string[],
    out: Writable,
    sheetTitle = 'Export',
    private readonly flushAt = 256 * 1024,
  ) {
    this.zip = new ZipWriter(out)
    this.letters = headers.map((_h, i) => columnLetters(i))
    // Sheet names: at most 31 characters, none of []:*?/\ (room is left for a " 2" suffix).
    this.sheetTitle = sheetTitle.replace(/[[\]:*?/\\]/g, ' ').slice(0, 27) || 'Export'
  }

  private openSheet(): void {
    this.sheetCount += 1
    // Level 1: the sheet XML is very repetitive, so fast deflate already shrinks it about tenfold.
    this.zip.open(`xl/worksheets/sheet${String(this.sheetCount)}.xml`, 1)
    this.sheetOpen = true
    this.sheetRow = 0
    this.buffer = SHEET_HEAD
    this.writeRow(this.headers, ' s="1"')
  }

  private async closeSheet(): Promise<void> {
    if (!this.sheetOpen) return
    this.buffer += SHEET_TAIL
    this.flush()
    this.sheetOpen = false
    await this.zip.close()
  }

  private writeRow(values: readonly Cell[], style = ''): void {
    this.sheetRow += 1
    const r = String(this.sheetRow)
    let xml = `<row r="${r}">`
    for (let i = 0; i < values.length; i++) {
      const v = values[i]
      if (v === null || v === undefined || v === '') continue
      const ref = `${this.letters[i] ?? columnLetters(i)}${r}`
      if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += `<c r="${ref}"${style}><v>${String(v)}</v></c>`
      } else {
        xml += `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`
      }
    }
    this.buffer += `${xml}</row>`
  }

  private flush(): void {
    if (this.buffer.length === 0) return
    if (!this.zip.push(this.buffer)) this.mustDrain = true
    this.buffer = ''
  }

  /**
   * Adds one data row. False asks the caller to `await drain()` before the next row: the compressor or the file
   * is full, or the sheet is full and the next one must be started.
   */
  addRow(values: readonly Cell[]): boolean {
    if (!this.sheetOpen) this.openSheet()
    this.writeRow(values)
    if (this.buffer.length >= this.flushAt) this.flush()
    if (this.sheetRow >= MAX_SHEET_ROWS) this.mustDrain = true
    return !this.mustDrain
  }

  async drain(): Promise<void> {
    this.mustDrain = false
    if (this.sheetRow >= MAX_SHEET_ROWS) await this.closeSheet()
    await this.zip.drain()
  }

  /** Ends the last sheet and writes the workbook parts that list the sheets, then the zip directory. */
  async finish(): Promise<void> {
    if (!this.sheetOpen && this.sheetCount === 0) this.openSheet()
    await this.closeSheet()
    const sheets = Array.from({ length: this.sheetCount }, (_v, i) => i + 1)
    const title = (n: number) =>
      xmlText(this.sheetCount === 1 ? this.sheetTitle : `${this.sheetTitle} ${String(n)}`)
    this.zip.add(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        sheets
          .map(
            (n) =>
              `<Override PartName="/xl/worksheets/sheet${String(n)}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '</Types>',
    )
    this.zip.add(
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    )
    this.zip.add(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        sheets
          .map((n) => `<sheet name="${title(n)}" sheetId="${String(n)}" r:id="rId${String(n)}"/>`)
          .join('') +
        '</sheets></workbook>',
    )
    this.zip.add(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheets
          .map(
            (n) =>
              `<Relationship Id="rId${String(n)}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${String(n)}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${String(this.sheetCount + 1)}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        '</Relationships>',
    )
    this.zip.add('xl/styles.xml', STYLES)
    await this.zip.finish()
  }
}
