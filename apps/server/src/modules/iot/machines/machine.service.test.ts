import { describe, expect, it } from 'vitest'
import { cleanGeneralSettings, cleanServiceStatuses } from './machine.service'

describe('cleanServiceStatuses (A §5)', () => {
  it('keeps entries with string status and message, and readers with a numeric reader_id', () => {
    const clean = cleanServiceStatuses({
      core_service: { status: 'Ready', message: 'Running' },
      machine_service: { status: 'Error', message: 'Motor jam' },
      payment_service: { status: 'Ready', message: 'ok' },
      reader_manager: [{ reader_id: 1, status: 'Ready', message: 'Reader online' }],
    })
    expect(clean.machine_service).toEqual({ status: 'Error', message: 'Motor jam' })
    expect(clean.reader_manager).toEqual([{ reader_id: 1, status: 'Ready', message: 'Reader online' }])
  })

  it.each([
    ['a numeric status', { status: 4, message: 'x' }],
    ['a missing message', { status: 'Error' }],
    ['null', null],
    ['a string', 'Error'],
  ])('replaces a service entry with %s by "no valid status"', (_name, entry) => {
    const clean = cleanServiceStatuses({ core_service: entry })
    expect(clean.core_service).toEqual({ status: 'Unknown', message: 'No valid status reported' })
  })

  it('drops reader entries without a numeric reader_id or with non-string fields', () => {
    const clean = cleanServiceStatuses({
      reader_manager: [
        { reader_id: '1', status: 'Ready', message: 'x' },
        { status: 'Ready', message: 'x' },
        { reader_id: 2, status: 'Ready', message: 3 },
        { reader_id: 3, status: 'Error', message: 'NFC antenna fault' },
      ],
    })
    expect(clean.reader_manager).toEqual([{ reader_id: 3, status: 'Error', message: 'NFC antenna fault' }])
  })

  it('survives a missing or malformed document', () => {
    expect(cleanServiceStatuses(undefined).reader_manager).toEqual([])
    expect(cleanServiceStatuses({ reader_manager: 'x' }).reader_manager).toEqual([])
  })
})

describe('cleanGeneralSettings', () => {
  const row = { model_number: 'TCN-D720-10G', vmc_type: 8, vmc_port: '/dev/ttyS1' }
  it('fills fields stored before they existed from the machine row and defaults', () => {
    const s = cleanGeneralSettings({ cp_timeout: 45 }, row)
    expect(s.cp_timeout).toBe(45)
    expect(s.model_number).toBe('TCN-D720-10G')
    expect(s.opening_hours.monday.closed).toBe(true)
  })
  it('gives settings stored before Public Holiday existed the Sunday hours on a public holiday', () => {
    const sunday = { closed: false, open: '09:00', close: '18:00' }
    const s = cleanGeneralSettings(
      { opening_hours: { monday: { closed: false, open: '07:00', close: '22:00' }, sunday } },
      row,
    )
    expect(s.opening_hours.public_holiday).toEqual(sunday)
    expect(s.opening_hours.monday).toEqual({ closed: false, open: '07:00', close: '22:00' })
    expect(s.opening_hours.tuesday.closed).toBe(true)
  })
  it('keeps stored Public Holiday hours', () => {
    const holiday = { closed: true, open: '00:00', close: '23:59' }
    const s = cleanGeneralSettings(
      {
        opening_hours: { sunday: { closed: false, open: '09:00', close: '18:00' }, public_holiday: holiday },
      },
      row,
    )
    expect(s.opening_hours.public_holiday).toEqual(holiday)
  })
  it('falls back to defaults rather than fail on an invalid document', () => {
    const s = cleanGeneralSettings({ price_decimal_places: 99 }, row)
    expect(s.price_decimal_places).toBe(2)
  })
})
