import { describe, expect, it } from 'vitest'
import {
  csvCell,
  DRIVER_CSV_TEMPLATE,
  driverCsvLine,
  parseCsv,
  readDriverCsv,
  type DriverCsvRow,
} from './drivers-csv'
import { DRIVER_CSV_MAX_ROWS } from './drivers'

describe('parseCsv', () => {
  it.each([
    [
      'a,b\n1,2',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', '2'] },
      ],
    ],
    [
      'a,b\r\n1,2\r\n',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', '2'] },
      ],
    ],
    [
      '\uFEFFa,b\n1,2',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', '2'] },
      ],
    ],
    [
      'a,b\n"x, y","say ""hi"""',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['x, y', 'say "hi"'] },
      ],
    ],
    [
      'a,b\n"two\nlines",z\n3,4',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['two\nlines', 'z'] },
        { line: 4, cells: ['3', '4'] },
      ],
    ],
    [
      'a,b\n\n,\n5,6',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 4, cells: ['5', '6'] },
      ],
    ],
    [
      'a;b\n1,5;2',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1,5', '2'] },
      ],
    ],
    [
      'a,b\n1,',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', ''] },
      ],
    ],
    ['', []],
  ])('%j', (text, records) => {
    expect(parseCsv(text)).toEqual(records)
  })

  it('csvCell quotes what needs it, so a line reads back as written', () => {
    const values = ['plain', 'a, b', 'say "hi"', 'semi;colon', 'two\nlines']
    expect(values.map(csvCell)).toEqual(['plain', '"a, b"', '"say ""hi"""', '"semi;colon"', '"two\nlines"'])
    expect(parseCsv(`x,y,z,p,q\n${values.map(csvCell).join(',')}`)[1]?.cells).toEqual(values)
  })
})

const HEADER = 'name,dialCode,mobileNumber,email,nationality,isRegistered,subscribedCpoEntities,licensePlate'
const rowsOf = (text: string): DriverCsvRow[] => {
  const result = readDriverCsv(text)
  if (!result.ok) throw new Error(result.message)
  return result.rows
}

describe('readDriverCsv', () => {
  it('reads the template: two valid drivers', () => {
    const rows = rowsOf(DRIVER_CSV_TEMPLATE)
    expect(rows.map((r) => [r.line, r.issues, r.mobileNumber])).toEqual([
      [2, [], '+6591234567'],
      [3, [], '+60123456789'],
    ])
    expect(rows[0]?.driver).toEqual({
      name: 'Tan Wei Ming',
      dialCode: '65',
      mobileNumber: '9123 4567',
      email: 'weiming.tan@example.com',
      nationality: 'Singaporean',
      isRegistered: true,
      subscribedCpoEntities: ['CPO', 'VOLT'],
      licensePlate: 'SGX1234A',
    })
    expect(rows[1]?.driver?.isRegistered).toBe(false)
    expect(rows[1]?.driver?.licensePlate).toBeNull()
  })

  it('takes the columns in any order and common spellings, and names the columns it ignores', () => {
    const result = readDriverCsv(
      'Email Address,Full Name,Mobile Number,Nationality,Notes\nlim@example.com,Lim Ah Kow,+65 8765 4321,Singaporean,VIP\n',
    )
    expect(result.ok && result.ignoredColumns).toEqual(['Notes'])
    expect(result.ok && result.rows[0]?.driver).toMatchObject({
      name: 'Lim Ah Kow',
      dialCode: '65',
      email: 'lim@example.com',
    })
  })

  it.each([
    ['', 'the file is empty: it needs a header row and one driver a row'],
    [`${HEADER}\n`, 'the file has a header row but no drivers'],
    [
      'name,email\nTan,t@example.com',
      'the header row has no mobileNumber, nationality columns (expected name, dialCode, mobileNumber, email, nationality, isRegistered, subscribedCpoEntities, licensePlate)',
    ],
    ['name,mobile,phone,email,nationality\na,1,2,b,c', 'the header row names mobileNumber twice'],
  ])('refuses the whole file %j', (text, message) => {
    expect(readDriverCsv(text)).toEqual({ ok: false, message })
  })

  it(`refuses a file of more than ${String(DRIVER_CSV_MAX_ROWS)} drivers`, () => {
    const lines = Array.from(
      { length: DRIVER_CSV_MAX_ROWS + 1 },
      (_, i) => `D${String(i)},65,9${String(i).padStart(7, '0')},d${String(i)}@example.com,Thai`,
    )
    const result = readDriverCsv(`name,dialCode,mobileNumber,email,nationality\n${lines.join('\n')}`)
    expect(result).toEqual({
      ok: false,
      message: 'a file can hold at most 1,000 drivers (this one has 1,001); split it into smaller files',
    })
  })

  it.each([
    ['bad email', ',65,91230001,not-an-email,Singaporean,,,', 'email', 'not a valid email address'],
    ['missing name', ',65,91230002,a@example.com,Singaporean,,,', 'name', 'name is required'],
    [
      'unknown nationality',
      'Ken Sato,65,91230003,k@example.com,Japanese,,,',
      'nationality',
      'nationality must be one of Singaporean, Malaysian, Thai, Indonesian',
    ],
    [
      'bad mobile',
      'Ken Lee,65,61230004,k@example.com,Singaporean,,,',
      'mobileNumber',
      'not a valid Singapore mobile number (for example +65 9123 4567)',
    ],
    [
      'bad registered',
      'Ken Lee,65,91230005,k@example.com,Singaporean,maybe,,',
      'isRegistered',
      'use yes or no',
    ],
    [
      'dial code and +code disagree',
      'Ken Lee,60,+65 9123 0006,k@example.com,Singaporean,,,',
      'dialCode',
      'the mobile number starts with +65 but the dial code is 60',
    ],
    [
      'bad plate',
      'Ken Lee,65,91230007,k@example.com,Singaporean,,,S#1',
      'licensePlate',
      'not a valid license plate',
    ],
  ])('rejects a row with a %s', (_what, line, path, message) => {
    const [row] = rowsOf(`${HEADER}\n${line}`)
    expect(row?.driver).toBeNull()
    expect(row?.issues).toContainEqual({ path, message })
  })

  it('defaults the dial code to 65 and reads a +code in the number', () => {
    const rows = rowsOf(
      'name,mobileNumber,email,nationality\nA,9123 0008,a@example.com,Singaporean\nB,+60 12-345 0009,b@example.com,Malaysian',
    )
    expect(rows.map((r) => r.mobileNumber)).toEqual(['+6591230008', '+60123450009'])
    expect(rows.every((r) => r.driver !== null)).toBe(true)
  })

  it('rejects a mobile number given twice in the file, naming the first line, however it was typed', () => {
    const rows = rowsOf(
      `${HEADER}\nA,65,9123 0010,a@example.com,Thai,,,\nB,65,91230011,b@example.com,Thai,,,\nC,,+65 9123-0010,c@example.com,Thai,,,`,
    )
    expect(rows.map((r) => r.driver !== null)).toEqual([true, true, false])
    expect(rows[2]?.issues).toEqual([
      { path: 'mobileNumber', message: 'the same mobile number is on line 2 of this file' },
    ])
  })

  it('driverCsvLine writes a row back in the template order', () => {
    const [row] = rowsOf('email,name,mobileNumber,nationality\n"x@example.com","Tan, Ah Kow",91230012,Thai')
    expect(row && driverCsvLine(row.input)).toBe('"Tan, Ah Kow",,91230012,x@example.com,Thai,,,')
  })
})
