import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from './csv'
import { parseCsv } from './read-export-file'

describe('csv cells (RFC 4180, formula-safe)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+65 6123 4567', "'+65 6123 4567"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=1,2', `"'=1,2"`],
    ['', ''],
    ['中文 · தமிழ்', '中文 · தமிழ்'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes numbers as numbers (a negative number is not a formula) and null as empty', () => {
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(12.5)).toBe('12.5')
    expect(csvCell(null)).toBe('')
    expect(csvCell(Number.NaN)).toBe('')
  })

  it('ends lines with CRLF and round-trips through a parser', () => {
    const values = ['a', 'b,c', 'd"e', 'f\r\ng', 1, null]
    const line = csvLine(values)
    expect(line.endsWith('\r\n')).toBe(true)
    expect(parseCsv(line + line)).toEqual([
      ['a', 'b,c', 'd"e', 'f\r\ng', '1', ''],
      ['a', 'b,c', 'd"e', 'f\r\ng', '1', ''],
    ])
  })
})
