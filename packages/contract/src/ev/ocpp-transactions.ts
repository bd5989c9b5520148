import type { StopReason } from '../enums/ev-charging'
import type { ChargingPeriod } from './ocpi'

/*
 * Charging sessions from what chargers report (issue 14): their meter readings (OCPP 1.6 SampledValue, 2.0.1
 * SampledValueType) become the session's energy and OCPI charging periods; their stop reasons become the portal's.
 * Pure, so the server, the simulator and the tests agree (docs/decisions/0103-ocpp-transactions.md).
 */

/** What one meter reading says, normalised to Wh and W. */
export interface MeterReading {
  /** Energy.Active.Import.Register: the meter's running total. */
  registerWh?: number
  /** Energy.Active.Import.Interval: the energy since the previous reading. */
  intervalWh?: number
  /** Power.Active.Import: the power being delivered. */
  powerW?: number
}

/** One sampled value of either version: 1.6 sends the value as text with a unit, 2.0.1 as a number with a multiplier. */
export interface OcppSampledValue {
  value: string | number
  measurand?: string
  phase?: string
  location?: string
  format?: string
  /** 1.6 */
  unit?: string
  /** 2.0.1 */
  unitOfMeasure?: { unit?: string; multiplier?: number }
}

const ENERGY_REGISTER = 'Energy.Active.Import.Register'
const ENERGY_INTERVAL = 'Energy.Active.Import.Interval'
const POWER = 'Power.Active.Import'

/** A unit's factor to Wh (energy) or W (power); undefined for a unit the measurand cannot have. */
const ENERGY_UNITS: Record<string, number> = { Wh: 1, kWh: 1000 }
const POWER_UNITS: Record<string, number> = { W: 1, kW: 1000 }

function numberOf(value: string | number): number | undefined {
  const n = typeof value === 'number' ? value : Number(value.trim())
  return Number.isFinite(n) && (typeof value === 'number' || value.trim() !== '') ? n : undefined
}

/** One value in base units (Wh or W), or undefined when it cannot be read (signed data, an unknown unit, not a number). */
function baseValue(
  sample: OcppSampledValue,
  units: Record<string, number>,
  defaultUnit: string,
): number | undefined {
  if (sample.format === 'SignedData') return undefined
  const raw = numberOf(sample.value)
  if (raw === undefined) return undefined
  const unit = sample.unitOfMeasure?.unit ?? sample.unit ?? defaultUnit
  if (!Object.hasOwn(units, unit)) return undefined
  const multiplier = sample.unitOfMeasure?.multiplier ?? 0
  return raw * (units[unit] ?? 1) * 10 ** multiplier
}

/**
 * The reading of one meter value: the charger's total (no phase) where it sends one, else the sum of its phases; the
 * outlet's meter, not the inlet's or the EV's. Both versions default the measurand to the energy register and 1.6 the
 * unit to Wh.
 */
export function meterReadingOf(samples: readonly OcppSampledValue[]): MeterReading {
  const reading: MeterReading = {}
  const pick = (measurand: string, units: Record<string, number>, defaultUnit: string) => {
    const matching = samples.filter(
      (s) =>
        (s.measurand ?? ENERGY_REGISTER) === measurand &&
        (s.location === undefined || s.location === 'Outlet'),
    )
    const total = matching.find((s) => s.phase === undefined)
    const values = (total ? [total] : matching.filter((s) => /^L[123]$/.test(s.phase ?? ''))).map((s) =>
      baseValue(s, units, defaultUnit),
    )
    if (values.length === 0 || values.some((v) => v === undefined || v < 0)) return undefined
    return (values as number[]).reduce((sum, v) => sum + v, 0)
  }
  const register = pick(ENERGY_REGISTER, ENERGY_UNITS, 'Wh')
  const interval = pick(ENERGY_INTERVAL, ENERGY_UNITS, 'Wh')
  const power = pick(POWER, POWER_UNITS, 'W')
  if (register !== undefined) reading.registerWh = Math.round(register)
  if (interval !== undefined) reading.intervalWh = Math.round(interval)
  if (power !== undefined) reading.powerW = Math.round(power)
  return reading
}

/** A reading at a time, as the server keeps them per session (one per timestamp). */
export interface TimedReading extends MeterReading {
  at: number
}

/** Charging periods are at most this long: the seed's length, and fine enough for time-of-day tariffs. */
export const CHARGING_PERIOD_MS = 15 * 60_000

const HOUR = 3_600_000
const round3 = (n: number) => Math.round(n * 1000) / 1000
const round6 = (n: number) => Math.round(n * 1e6) / 1e6

export interface MeteredSession {
  /** When the transaction started, and the meter's total then (1.6 meterStart; 2.0.1's Transaction.Begin value). */
  start: number
  meterStartWh: number | null
  /** The readings so far, any order; readings before the start count from the start. */
  readings: readonly TimedReading[]
  /** The end of the last period: the stop time, or now for a running session. */
  until: number
}

export interface MeteredCharging {
  periods: ChargingPeriod[]
  energyWh: number
  /** The meter's last total, the baseline for what comes next. */
  lastRegisterWh: number | null
}

/**
 * A session's charging periods and energy from its meter readings. Each reading closes the interval since the one
 * before: a register reading counts its rise (a register that fell means the meter restarted, as after a reboot: the
 * fall counts nothing and the new value is the baseline, so nothing is counted twice); an interval reading counts its
 * own value. Intervals are gathered into periods of up to CHARGING_PERIOD_MS, each with its ENERGY (kWh), TIME (hours)
 * and, where power was reported, MAX_POWER (kW). The time after the last reading up to `until` is a period without
 * energy, so the session's time is priced in full.
 */
export function meteredCharging(session: MeteredSession): MeteredCharging {
  const readings = [...session.readings]
    .map((r) => ({
      ...r,
      at: Math.min(Math.max(r.at, session.start), Math.max(session.until, session.start)),
    }))
    .sort((a, b) => a.at - b.at)
  const periods: ChargingPeriod[] = []
  let current: { start: number; end: number; wh: number; maxW: number | null } | null = null
  let baseline = session.meterStartWh
  let previousAt = session.start
  let energyWh = 0
  const close = () => {
    if (!current) return
    const dimensions: ChargingPeriod['dimensions'] = [
      { type: 'ENERGY', volume: round3(current.wh / 1000) },
      { type: 'TIME', volume: round6((current.end - current.start) / HOUR) },
    ]
    if (current.maxW !== null) dimensions.push({ type: 'MAX_POWER', volume: round3(current.maxW / 1000) })
    periods.push({ start_date_time: current.start, dimensions, session_stage: 'CHARGING' })
    current = null
  }
  const add = (from: number, to: number, wh: number, powerW: number | undefined) => {
    if (current && to - current.start > CHARGING_PERIOD_MS) close()
    current ??= { start: from, end: from, wh: 0, maxW: null }
    current.end = to
    current.wh += wh
    if (powerW !== undefined) current.maxW = Math.max(current.maxW ?? 0, powerW)
  }
  for (const r of readings) {
    let wh = 0
    if (r.registerWh !== undefined) {
      if (baseline !== null && r.registerWh >= baseline) wh = r.registerWh - baseline
      baseline = r.registerWh
    } else if (r.intervalWh !== undefined) {
      wh = r.intervalWh
    }
    energyWh += wh
    add(previousAt, r.at, wh, r.powerW)
    previousAt = r.at
  }
  if (session.until > previousAt) add(previousAt, session.until, 0, undefined)
  close()
  // A session that never got a reading nor lasted any time still shows when it started.
  if (periods.length === 0 && readings.length > 0) {
    periods.push({
      start_date_time: session.start,
      dimensions: [
        { type: 'ENERGY', volume: round3(energyWh / 1000) },
        { type: 'TIME', volume: 0 },
      ],
      session_stage: 'CHARGING',
    })
  }
  return { periods, energyWh, lastRegisterWh: baseline }
}

/**
 * Why a transaction stopped (1.6 Reason, 2.0.1 ReasonEnumType) as the portal's stop reason. A 1.6 StopTransaction
 * without a reason means Local (the driver stopped at the charger).
 */
const STOP_REASON_OF_OCPP: Record<string, StopReason> = {
  Local: 'VEHICLE_MANUAL_STOP',
  EVDisconnected: 'VEHICLE_MANUAL_STOP',
  StoppedByEV: 'VEHICLE_MANUAL_STOP',
  UnlockCommand: 'VEHICLE_MANUAL_STOP',
  MasterPass: 'VEHICLE_MANUAL_STOP',
  Remote: 'REMOTE_STOP',
  EmergencyStop: 'EMERGENCY_STOP',
  SOCLimitReached: 'VEHICLE_BATTERY_LIMIT_REACHED',
  EnergyLimitReached: 'VEHICLE_BATTERY_LIMIT_REACHED',
  LocalOutOfCredit: 'PRE_AUTH_AMOUNT_REACHED',
  DeAuthorized: 'CHARGER_REJECTED',
  Timeout: 'CHARGER_TIMEOUT',
  TimeLimitReached: 'CHARGER_TIMEOUT',
  PowerLoss: 'CHARGER_FAILURE',
  Reboot: 'CHARGER_FAILURE',
  HardReset: 'CHARGER_FAILURE',
  SoftReset: 'CHARGER_FAILURE',
  ImmediateReset: 'CHARGER_FAILURE',
  GroundFault: 'CHARGER_FAILURE',
  OvercurrentFault: 'CHARGER_FAILURE',
  PowerQuality: 'CHARGER_FAILURE',
  Other: 'CHARGER_FAILURE',
}

export function stopReasonOfOcpp(reason: string | undefined): StopReason {
  const key = reason ?? 'Local'
  return Object.hasOwn(STOP_REASON_OF_OCPP, key)
    ? (STOP_REASON_OF_OCPP[key] ?? 'CHARGER_FAILURE')
    : 'CHARGER_FAILURE'
}
