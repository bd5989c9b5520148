import type { DriverImportReport } from '@portal/contract'
import { parseCsv, readDriverCsv } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import { fileProblem, problemsOf, rejectedRowsCsv, templateCsv } from './driver-import'

describe('templateCsv', () => {
  it('the dashboard template reads back as two valid drivers with subscriptions', () => {
    const text = templateCsv(true)
    expect(text.startsWith('\uFEFF')).toBe(true)
    const read = readDriverCsv(text)
    expect(read.ok && read.rows.map((r) => r.driver?.subscribedCpoEntities)).toEqual([['CPO', 'VOLT'], []])
  })

  it('the limousine template has no subscribed CPO entities column and still reads back', () => {
    const text = templateCsv(false)
    expect(parseCsv(text)[0]?.cells).toEqual([
      'name',
      'dialCode',
      'mobileNumber',
      'email',
      'nationality',
      'isRegistered',
      'licensePlate',
    ])
    const read = readDriverCsv(text)
    expect(read.ok && read.rows.map((r) => [r.issues, r.driver?.licensePlate])).toEqual([
      [[], 'SGX1234A'],
      [[], null],
    ])
  })
})

describe('fileProblem', () => {
  it.each([
    [{ name: 'drivers.csv', size: 10 }, null],
    [{ name: 'DRIVERS.CSV', size: 10 }, null],
    [{ name: 'drivers.txt', size: 10 }, null],
    [{ name: 'drivers.xlsx', size: 10 }, 'notCsv'],
    [{ name: 'drivers.csv', size: 0 }, 'empty'],
    [{ name: 'drivers.csv', size: 1024 * 1024 }, null],
    [{ name: 'drivers.csv', size: 1024 * 1024 + 1 }, 'tooLarge'],
  ])('%j → %s', (file, problem) => {
    expect(fileProblem(file)).toBe(problem)
  })
})

describe('rejectedRowsCsv', () => {
  const text = [
    'email,name,mobileNumber,nationality',
    'a@example.com,Good One,91230001,Thai',
    'bad,"Tan, Bad Email",91230002,Thai',
    'c@example.com,Ken Sato,91230003,Japanese',
  ].join('\n')
  const report: DriverImportReport = {
    dryRun: false,
    fileName: 'x.csv',
    total: 3,
    accepted: 1,
    rejected: 2,
    ignoredColumns: [],
    rows: [
      {
        line: 2,
        name: 'Good One',
        mobileNumber: '+6591230001',
        email: 'a@example.com',
        status: 'added',
        issues: [],
        driverId: 'd1',
      },
      {
        line: 3,
        name: 'Tan, Bad Email',
        mobileNumber: '+6591230002',
        email: 'bad',
        status: 'rejected',
        issues: [{ path: 'email', message: 'not a valid email address' }],
        driverId: null,
      },
      {
        line: 4,
        name: 'Ken Sato',
        mobileNumber: '+6591230003',
        email: 'c@example.com',
        status: 'rejected',
        issues: [
          {
            path: 'nationality',
            message: 'nationality must be one of Singaporean, Malaysian, Thai, Indonesian',
          },
          { path: 'mobileNumber', message: 'a driver with this mobile number already exists (Ken)' },
        ],
        driverId: null,
      },
    ],
  }

  it('writes only the rejected rows, in the template columns, with their problems', () => {
    const csv = rejectedRowsCsv(text, report) ?? ''
    const records = parseCsv(csv)
    expect(records.map((r) => r.cells)).toEqual([
      [
        'name',
        'dialCode',
        'mobileNumber',
        'email',
        'nationality',
        'isRegistered',
        'subscribedCpoEntities',
        'licensePlate',
        'problem',
      ],
      ['Tan, Bad Email', '', '91230002', 'bad', 'Thai', '', '', '', 'email: not a valid email address'],
      [
        'Ken Sato',
        '',
        '91230003',
        'c@example.com',
        'Japanese',
        '',
        '',
        '',
        'nationality: nationality must be one of Singaporean, Malaysian, Thai, Indonesian; mobileNumber: a driver with this mobile number already exists (Ken)',
      ],
    ])
    // Uploaded again, the problem column is ignored and the rows are read as before.
    const again = readDriverCsv(csv)
    expect(again.ok && again.ignoredColumns).toEqual(['problem'])
  })

  it('is null when nothing was rejected or the text cannot be read', () => {
    expect(rejectedRowsCsv(text, { ...report, rows: report.rows.slice(0, 1) })).toBeNull()
    expect(rejectedRowsCsv('', report)).toBeNull()
  })

  it('problemsOf joins the issues', () => {
    expect(problemsOf({ issues: [] })).toBe('')
    expect(problemsOf(report.rows[2] ?? { issues: [] })).toContain('; mobileNumber:')
  })
})
