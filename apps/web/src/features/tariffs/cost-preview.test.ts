import { previewSessionCost } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import type { PreviewError, PreviewInput } from './cost-preview'
import { defaultPreviewInput, parseLocalDateTime, parsePreviewInput, toLocalDateTime } from './cost-preview'

const VALID: PreviewInput = {
  start: '2026-11-23T09:00',
  energyKwh: '20',
  chargingMinutes: '60',
  graceMinutes: '15',
  blackoutMinutes: '0',
  parkingMinutes: '20',
}
/** Monday 23 Nov 2026, 09:00 in Singapore (UTC+8) is 01:00 UTC. */
const MON_9AM_SGT = Date.UTC(2026, 10, 23, 1, 0)

describe('the cost preview inputs', () => {
  it('turn valid text into the sample session, the start read in UTC+8', () => {
    expect(parsePreviewInput(VALID)).toEqual({
      sample: {
        start: MON_9AM_SGT,
        energy_kwh: 20,
        charging_minutes: 60,
        grace_minutes: 15,
        blackout_minutes: 0,
        parking_minutes: 20,
      },
      errors: {},
    })
  })

  it('read blank parking fields as 0 and trim spaces', () => {
    const { sample } = parsePreviewInput({
      ...VALID,
      energyKwh: ' 7.125 ',
      graceMinutes: '',
      blackoutMinutes: ' ',
      parkingMinutes: '',
    })
    expect(sample).toMatchObject({
      energy_kwh: 7.125,
      grace_minutes: 0,
      blackout_minutes: 0,
      parking_minutes: 0,
    })
  })

  it('take another time zone', () => {
    expect(parsePreviewInput(VALID, 0).sample?.start).toBe(Date.UTC(2026, 10, 23, 9, 0))
  })

  const bad: [string, Partial<PreviewInput>, keyof PreviewInput, PreviewError][] = [
    ['a missing start', { start: '' }, 'start', { code: 'required' }],
    ['a start that is not a date', { start: 'tomorrow' }, 'start', { code: 'invalidDate' }],
    ['a start on 31 February', { start: '2026-02-31T10:00' }, 'start', { code: 'invalidDate' }],
    ['a start at 24:00', { start: '2026-02-03T24:00' }, 'start', { code: 'invalidDate' }],
    ['missing energy', { energyKwh: '' }, 'energyKwh', { code: 'required' }],
    ['energy in words', { energyKwh: 'ten' }, 'energyKwh', { code: 'notNumber' }],
    ['energy with a comma', { energyKwh: '1,5' }, 'energyKwh', { code: 'notNumber' }],
    ['negative energy', { energyKwh: '-2' }, 'energyKwh', { code: 'negative' }],
    ['energy beyond any battery', { energyKwh: '1000.5' }, 'energyKwh', { code: 'tooLarge', max: 1000 }],
    ['energy finer than Wh', { energyKwh: '1.2345' }, 'energyKwh', { code: 'decimals', max: 3 }],
    ['missing charging time', { chargingMinutes: '' }, 'chargingMinutes', { code: 'required' }],
    ['fractional minutes', { chargingMinutes: '12.5' }, 'chargingMinutes', { code: 'wholeMinutes' }],
    ['more than a day', { parkingMinutes: '1441' }, 'parkingMinutes', { code: 'tooLarge', max: 1440 }],
    ['negative grace', { graceMinutes: '-1' }, 'graceMinutes', { code: 'negative' }],
    ['blackout not a number', { blackoutMinutes: '1e3' }, 'blackoutMinutes', { code: 'notNumber' }],
    ['energy in no time', { chargingMinutes: '0' }, 'chargingMinutes', { code: 'energyNeedsTime' }],
    // 200 kWh in 6 minutes is 2,000 kW.
    [
      'energy faster than any charger',
      { energyKwh: '200', chargingMinutes: '6' },
      'energyKwh',
      { code: 'tooFast', kw: 2000, max: 1000 },
    ],
  ]
  it.each(bad)('reject %s with one message on its field, and no session', (_name, change, field, error) => {
    const { sample, errors } = parsePreviewInput({ ...VALID, ...change })
    expect(sample).toBeNull()
    expect(errors).toEqual({ [field]: error })
  })

  it('accept no energy in no time (a failed start)', () => {
    expect(parsePreviewInput({ ...VALID, energyKwh: '0', chargingMinutes: '0' }).errors).toEqual({})
  })

  it('report every bad field at once', () => {
    const { errors } = parsePreviewInput({ ...VALID, start: 'x', energyKwh: 'y', parkingMinutes: '-3' })
    expect(Object.keys(errors).sort()).toEqual(['energyKwh', 'parkingMinutes', 'start'])
  })

  it('price what the contract prices: a peak-hour session with idle parking', () => {
    // Weekdays 07:00–23:00 at 0.62, else 0.44 with parking 12.00/h per started minute, all with 9 % GST.
    const tariff = {
      currency: 'SGD',
      elements: [
        {
          price_components: [{ type: 'ENERGY' as const, price: 0.62, vat: 9, step_size: 1 }],
          restrictions: { day_of_week: ['MONDAY' as const], start_time: '07:00', end_time: '23:00' },
        },
        {
          price_components: [
            { type: 'ENERGY' as const, price: 0.44, vat: 9, step_size: 1 },
            { type: 'PARKING_TIME' as const, price: 12, vat: 9, step_size: 60 },
          ],
        },
      ],
    }
    const { sample } = parsePreviewInput(VALID)
    if (!sample) throw new Error('expected a sample')
    const price = previewSessionCost(tariff, sample)
    // 20 kWh × 0.62 = 12.40 (13.516 → 13.52 with GST); 20 min idling × 0.20 = 4.00 (4.36); grace is free.
    expect(price.energy).toEqual({ excl_vat: 1240, incl_vat: 1352 })
    expect(price.parking_time).toEqual({ excl_vat: 400, incl_vat: 436 })
    expect(price.total).toEqual({ excl_vat: 1640, incl_vat: 1788 })
  })
})

describe('local date-time text', () => {
  it.each([
    ['2026-11-23T09:00', 480, MON_9AM_SGT],
    ['2026-11-23T00:30', 480, Date.UTC(2026, 10, 22, 16, 30)],
    ['2026-11-23T09:00', 0, Date.UTC(2026, 10, 23, 9, 0)],
  ])('%s at UTC%+d min is %i', (text, offset, ms) => {
    expect(parseLocalDateTime(text, offset)).toBe(ms)
    expect(toLocalDateTime(ms, offset)).toBe(text)
  })

  it('opens on the next whole hour in tariff time', () => {
    // 01:20 UTC is 09:20 in Singapore: the preview starts at 10:00.
    expect(defaultPreviewInput(Date.UTC(2026, 10, 23, 1, 20)).start).toBe('2026-11-23T10:00')
    expect(defaultPreviewInput(MON_9AM_SGT).start).toBe('2026-11-23T09:00')
  })
})
