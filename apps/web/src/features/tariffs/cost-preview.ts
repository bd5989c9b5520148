import type { SampleSession } from '@portal/contract'
import { DEFAULT_TARIFF_UTC_OFFSET_MINUTES } from '@portal/contract'

/*
 * The cost preview's inputs (the tariff page): what the operator types, checked field by field, turned into the
 * contract's SampleSession for previewSessionCost. The start is read in the tariff's local time (UTC+8 for the demo
 * networks, as the pricing reads restrictions), whatever the browser's time zone, so "Mon 09:00" is peak hours.
 */

export interface PreviewInput {
  /** datetime-local text: YYYY-MM-DDTHH:MM, in the tariff's local time. */
  start: string
  energyKwh: string
  chargingMinutes: string
  graceMinutes: string
  blackoutMinutes: string
  parkingMinutes: string
}
export type PreviewField = keyof PreviewInput

export type PreviewError =
  | { code: 'required' }
  | { code: 'invalidDate' }
  | { code: 'notNumber' }
  | { code: 'negative' }
  | { code: 'tooLarge'; max: number }
  | { code: 'decimals'; max: number }
  | { code: 'wholeMinutes' }
  | { code: 'energyNeedsTime' }
  | { code: 'tooFast'; kw: number; max: number }

export type PreviewErrors = Partial<Record<PreviewField, PreviewError>>

/** A car or bus battery holds a few hundred kWh; more is a typing slip. */
export const MAX_ENERGY_KWH = 1000
/** A day of charging or parking in one session. */
export const MAX_MINUTES = 1440
/** The fastest chargers (bus pantographs, megawatt chargers) deliver about 1 MW. */
export const MAX_POWER_KW = 1000

const NUMBER = /^\d+(\.\d+)?$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

function parseNumber(
  text: string,
  options: { required: boolean; max: number; decimals: number },
): number | PreviewError {
  const value = text.trim()
  if (value === '') return options.required ? { code: 'required' } : 0
  if (value.startsWith('-') && NUMBER.test(value.slice(1))) return { code: 'negative' }
  if (!NUMBER.test(value)) return { code: 'notNumber' }
  const decimals = value.split('.')[1]?.length ?? 0
  if (decimals > options.decimals)
    return options.decimals === 0 ? { code: 'wholeMinutes' } : { code: 'decimals', max: options.decimals }
  const n = Number(value)
  if (n > options.max) return { code: 'tooLarge', max: options.max }
  return n
}

/** A datetime-local text read in a zone `offsetMinutes` east of UTC, as epoch ms; undefined when it is not one. */
export function parseLocalDateTime(text: string, offsetMinutes: number): number | undefined {
  const m = DATE_TIME.exec(text.trim())
  if (!m) return undefined
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number]
  const utc = Date.UTC(y, mo - 1, d, h, mi)
  const back = new Date(utc)
  // Date.UTC rolls 2026-02-31 over into March: such a date was not a real one.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return undefined
  return utc - offsetMinutes * 60_000
}

/** Epoch ms as datetime-local text in a zone `offsetMinutes` east of UTC. */
export function toLocalDateTime(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(d.getUTCFullYear())}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

/**
 * Checks the inputs. Each field gets at most one error; the sample session exists only when there are none.
 * Blank parking fields mean 0 minutes; energy and charging time must be given.
 */
export function parsePreviewInput(
  input: PreviewInput,
  offsetMinutes: number = DEFAULT_TARIFF_UTC_OFFSET_MINUTES,
): { sample: SampleSession | null; errors: PreviewErrors } {
  const errors: PreviewErrors = {}
  const start = input.start.trim() === '' ? undefined : parseLocalDateTime(input.start, offsetMinutes)
  if (start === undefined)
    errors.start = input.start.trim() === '' ? { code: 'required' } : { code: 'invalidDate' }

  const minutes = { required: false, max: MAX_MINUTES, decimals: 0 }
  const fields = {
    energyKwh: parseNumber(input.energyKwh, { required: true, max: MAX_ENERGY_KWH, decimals: 3 }),
    chargingMinutes: parseNumber(input.chargingMinutes, { ...minutes, required: true }),
    graceMinutes: parseNumber(input.graceMinutes, minutes),
    blackoutMinutes: parseNumber(input.blackoutMinutes, minutes),
    parkingMinutes: parseNumber(input.parkingMinutes, minutes),
  }
  const values: Partial<Record<keyof typeof fields, number>> = {}
  for (const [key, parsed] of Object.entries(fields) as [keyof typeof fields, number | PreviewError][]) {
    if (typeof parsed === 'number') values[key] = parsed
    else errors[key] = parsed
  }

  const { energyKwh, chargingMinutes } = values
  if (energyKwh !== undefined && chargingMinutes !== undefined && errors.chargingMinutes === undefined) {
    if (energyKwh > 0 && chargingMinutes === 0) errors.chargingMinutes = { code: 'energyNeedsTime' }
    else if (chargingMinutes > 0) {
      const kw = energyKwh / (chargingMinutes / 60)
      if (kw > MAX_POWER_KW) errors.energyKwh = { code: 'tooFast', kw: Math.round(kw), max: MAX_POWER_KW }
    }
  }

  if (Object.keys(errors).length > 0 || start === undefined) return { sample: null, errors }
  return {
    sample: {
      start,
      energy_kwh: energyKwh ?? 0,
      charging_minutes: chargingMinutes ?? 0,
      grace_minutes: values.graceMinutes ?? 0,
      blackout_minutes: values.blackoutMinutes ?? 0,
      parking_minutes: values.parkingMinutes ?? 0,
    },
    errors,
  }
}

/** The inputs a preview opens with: the next whole hour (tariff local time), a typical 20 kWh hour, some parking. */
export function defaultPreviewInput(
  now: number,
  offsetMinutes: number = DEFAULT_TARIFF_UTC_OFFSET_MINUTES,
): PreviewInput {
  const hour = 3_600_000
  return {
    start: toLocalDateTime(Math.ceil(now / hour) * hour, offsetMinutes),
    energyKwh: '20',
    chargingMinutes: '60',
    graceMinutes: '15',
    blackoutMinutes: '0',
    parkingMinutes: '20',
  }
}
