import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { ExportFormat, exportFormats, ExportJobStatus, exportJobStatuses } from './export'

describe('export job status: 1 Pending, 2 Ready, 3 Failed', () => {
  it.each([
    [1, 'Pending'],
    [2, 'Ready'],
    [3, 'Failed'],
    [0, 'Unknown (0)'],
  ])('%i is %s', (value, label) => {
    expect(labelOf(exportJobStatuses, value)).toBe(label)
  })

  it('has three values', () => {
    expect(exportJobStatuses.values).toEqual(Object.values(ExportJobStatus))
    expect(exportJobStatuses.values).toHaveLength(3)
  })
})

describe('export formats: csv, xlsx', () => {
  it('lists csv then xlsx', () => {
    expect(exportFormats.values).toEqual(['csv', 'xlsx'])
    expect(exportFormats.values).toEqual(Object.values(ExportFormat))
  })

  it.each([
    ['csv', 'CSV'],
    ['xlsx', 'XLSX'],
    ['pdf', 'Unknown (pdf)'],
  ])('%s is %s', (value, label) => {
    expect(labelOf(exportFormats, value)).toBe(label)
  })
})
