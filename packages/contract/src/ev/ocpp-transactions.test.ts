import { describe, expect, it } from 'vitest'
import type { MeteredSession, OcppSampledValue } from './ocpp-transactions'
import { CHARGING_PERIOD_MS, meteredCharging, meterReadingOf, stopReasonOfOcpp } from './ocpp-transactions'

const T0 = Date.UTC(2026, 10, 20, 2, 0, 0)
const MIN = 60_000

describe('meterReadingOf', () => {
  it.each<[string, OcppSampledValue[], ReturnType<typeof meterReadingOf>]>([
    ['1.6: the default measurand is the register, in Wh', [{ value: '1500' }], { registerWh: 1500 }],
    ['1.6: a register in kWh', [{ value: '12.345', unit: 'kWh' }], { registerWh: 12_345 }],
    [
      '2.0.1: a number with a kWh unit and a multiplier',
      [{ value: 1.5, unitOfMeasure: { unit: 'kWh', multiplier: 1 } }],
      { registerWh: 15_000 },
    ],
    [
      'an interval value and power in kW',
      [
        { value: '250', measurand: 'Energy.Active.Import.Interval' },
        { value: '7.2', measurand: 'Power.Active.Import', unit: 'kW' },
      ],
      { intervalWh: 250, powerW: 7200 },
    ],
    [
      'the total wins over the phases',
      [{ value: '100', phase: 'L1' }, { value: '300' }],
      { registerWh: 300 },
    ],
    [
      'phases alone are summed',
      [
        { value: '100', phase: 'L1' },
        { value: '110', phase: 'L2' },
        { value: '120', phase: 'L3' },
      ],
      { registerWh: 330 },
    ],
    ["the EV's and the inlet's meters are not the outlet's", [{ value: '9', location: 'EV' }], {}],
    ['signed data cannot be read', [{ value: 'AbCd==', format: 'SignedData' }], {}],
    ['text that is not a number', [{ value: 'twelve' }], {}],
    ['an empty value', [{ value: ' ' }], {}],
    ['a negative register', [{ value: '-5' }], {}],
    ['a unit an energy cannot have', [{ value: '5', unit: 'Celsius' }], {}],
    ['a measurand the portal does not use', [{ value: '32', measurand: 'Current.Import', unit: 'A' }], {}],
  ])('%s', (_label, samples, expected) => {
    expect(meterReadingOf(samples)).toEqual(expected)
  })
})

const session = (over: Partial<MeteredSession>): MeteredSession => ({
  start: T0,
  meterStartWh: 10_000,
  readings: [],
  until: T0,
  ...over,
})
const energyOf = (r: ReturnType<typeof meteredCharging>) =>
  r.periods.flatMap((p) => p.dimensions.filter((d) => d.type === 'ENERGY')).reduce((s, d) => s + d.volume, 0)

describe('meteredCharging', () => {
  it('counts a register from its start value, in periods of at most 15 minutes', () => {
    const readings = Array.from({ length: 8 }, (_, i) => ({
      at: T0 + (i + 1) * 5 * MIN,
      registerWh: 10_000 + (i + 1) * 500,
    }))
    const r = meteredCharging(session({ readings, until: T0 + 40 * MIN }))
    expect(r.energyWh).toBe(4000)
    expect(r.lastRegisterWh).toBe(14_000)
    expect(r.periods.map((p) => p.start_date_time)).toEqual([T0, T0 + 15 * MIN, T0 + 30 * MIN])
    for (const [i, p] of r.periods.entries()) {
      const next = r.periods[i + 1]?.start_date_time ?? T0 + 40 * MIN
      expect(next - p.start_date_time).toBeLessThanOrEqual(CHARGING_PERIOD_MS)
    }
    expect(energyOf(r)).toBeCloseTo(4, 6)
    expect(r.periods[0]?.dimensions).toEqual([
      { type: 'ENERGY', volume: 1.5 },
      { type: 'TIME', volume: 0.25 },
    ])
  })

  it('prices the time after the last reading up to the end, without energy', () => {
    const r = meteredCharging(
      session({ readings: [{ at: T0 + 5 * MIN, registerWh: 11_000 }], until: T0 + 30 * MIN }),
    )
    expect(r.energyWh).toBe(1000)
    const hours = r.periods
      .flatMap((p) => p.dimensions.filter((d) => d.type === 'TIME'))
      .reduce((s, d) => s + d.volume, 0)
    expect(hours).toBeCloseTo(0.5, 6)
  })

  it('gives the same answer whatever order the readings arrive in', () => {
    const readings = [3, 1, 4, 2].map((i) => ({ at: T0 + i * 4 * MIN, registerWh: 10_000 + i * 700 }))
    const shuffled = meteredCharging(session({ readings, until: T0 + 20 * MIN }))
    const sorted = meteredCharging(
      session({ readings: [...readings].sort((a, b) => a.at - b.at), until: T0 + 20 * MIN }),
    )
    expect(shuffled).toEqual(sorted)
    expect(shuffled.energyWh).toBe(2800)
  })

  it('adds interval values as they are (per-period meters)', () => {
    const readings = [1, 2, 3].map((i) => ({ at: T0 + i * MIN, intervalWh: 100 * i }))
    expect(meteredCharging(session({ meterStartWh: null, readings, until: T0 + 3 * MIN })).energyWh).toBe(600)
  })

  it('takes a register that fell (a meter restarted by a reboot) as the new baseline, counting nothing twice', () => {
    const readings = [
      { at: T0 + 5 * MIN, registerWh: 12_000 },
      // rebooted: the meter counts from zero again
      { at: T0 + 10 * MIN, registerWh: 300 },
      { at: T0 + 15 * MIN, registerWh: 1_300 },
    ]
    expect(meteredCharging(session({ readings, until: T0 + 15 * MIN })).energyWh).toBe(3000)
  })

  it('without a start value, the first register reading is the baseline', () => {
    const readings = [
      { at: T0 + 5 * MIN, registerWh: 50_000 },
      { at: T0 + 10 * MIN, registerWh: 51_000 },
    ]
    expect(meteredCharging(session({ meterStartWh: null, readings, until: T0 + 10 * MIN })).energyWh).toBe(
      1000,
    )
  })

  it('keeps the highest power of a period as MAX_POWER in kW', () => {
    const readings = [
      { at: T0 + 1 * MIN, registerWh: 10_100, powerW: 6_900 },
      { at: T0 + 2 * MIN, registerWh: 10_220, powerW: 7_200 },
    ]
    const [period] = meteredCharging(session({ readings, until: T0 + 2 * MIN })).periods
    expect(period?.dimensions).toContainEqual({ type: 'MAX_POWER', volume: 7.2 })
  })

  it('clamps readings dated before the start or after the end into the session', () => {
    const readings = [
      { at: T0 - 60 * MIN, registerWh: 10_500 },
      { at: T0 + 90 * MIN, registerWh: 11_000 },
    ]
    const r = meteredCharging(session({ readings, until: T0 + 10 * MIN }))
    expect(r.energyWh).toBe(1000)
    expect(Math.min(...r.periods.map((p) => p.start_date_time))).toBe(T0)
  })

  it('a session with no reading and no time has no periods', () => {
    expect(meteredCharging(session({})).periods).toEqual([])
  })
})

describe('stopReasonOfOcpp', () => {
  it.each([
    [undefined, 'VEHICLE_MANUAL_STOP'],
    ['Local', 'VEHICLE_MANUAL_STOP'],
    ['EVDisconnected', 'VEHICLE_MANUAL_STOP'],
    ['Remote', 'REMOTE_STOP'],
    ['EmergencyStop', 'EMERGENCY_STOP'],
    ['SOCLimitReached', 'VEHICLE_BATTERY_LIMIT_REACHED'],
    ['DeAuthorized', 'CHARGER_REJECTED'],
    ['PowerLoss', 'CHARGER_FAILURE'],
    ['Reboot', 'CHARGER_FAILURE'],
    ['Timeout', 'CHARGER_TIMEOUT'],
    ['__proto__', 'CHARGER_FAILURE'],
    ['SomethingNew', 'CHARGER_FAILURE'],
  ])('%s → %s', (reason, expected) => {
    expect(stopReasonOfOcpp(reason)).toBe(expected)
  })
})
