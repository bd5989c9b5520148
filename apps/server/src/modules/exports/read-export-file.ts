import { unzipSync } from 'fflate'

/**
 * Readers of the files the runner writes, for tests and the benchmark: a full RFC 4180 parser and an xlsx reader
 * that understands what XlsxWriter produces (inline strings and numbers, cells by reference).
 */

export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const ch = body.charAt(i)
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows
}

const unescapeXml = (s: string) =>
  s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replaceAll('&amp;', '&')

function columnIndex(letters: string): number {
  let n = 0
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64)
  return n - 1
}

/** Every sheet's rows, in order; empty cells are ''. Numbers come back as numbers. */
export function readXlsx(file: Uint8Array): { sheets: string[]; rows: (string | number)[][][] } {
  const parts = unzipSync(file)
  const text = (name: string) => new TextDecoder().decode(parts[name])
  const sheets = [...text('xl/workbook.xml').matchAll(/<sheet name="([^"]*)"/g)].map((m) =>
    unescapeXml(m[1] ?? ''),
  )
  const rows = sheets.map((_name, i) => {
    const xml = text(`xl/worksheets/sheet${String(i + 1)}.xml`)
    return [...xml.matchAll(/<row r="\d+">([\s\S]*?)<\/row>/g)].map((rowMatch) => {
      const cells: (string | number)[] = []
      for (const c of (rowMatch[1] ?? '').matchAll(
        /<c r="([A-Z]+)\d+"[^>]*>(?:<is><t[^>]*>([\s\S]*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g,
      )) {
        const index = columnIndex(c[1] ?? 'A')
        while (cells.length < index) cells.push('')
        cells[index] = c[3] !== undefined ? Number(c[3]) : unescapeXml(c[2] ?? '')
      }
      return cells
    })
  })
  return { sheets, rows }
}
