import type { BadgeTone } from '@/components/ui/badge/badge'

/** The three list routes of the screen (A §2), most specific first: a path belongs to the first it starts with. */
export const LOCATION_BASES = [
  '/voltnet/charge-locations',
  '/busways-charge-locations',
  '/charge-locations',
] as const
export type LocationBase = (typeof LOCATION_BASES)[number]

/** The list route a path is under (its detail pages link back to it): /voltnet/charge-locations/x → that list. */
export function baseOf(pathname: string): LocationBase {
  return LOCATION_BASES.find((b) => pathname === b || pathname.startsWith(`${b}/`)) ?? '/charge-locations'
}

export const locationHref = (base: LocationBase, locationUid: string) =>
  `${base}/${encodeURIComponent(locationUid)}`
export const evseHref = (base: LocationBase, locationUid: string, evseUid: string) =>
  `${locationHref(base, locationUid)}/${encodeURIComponent(evseUid)}`

/** How an EVSE status reads at a glance: free is green, in use blue, held amber, broken red. */
export function evseStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'AVAILABLE':
      return 'positive'
    case 'CHARGING':
      return 'info'
    case 'RESERVED':
    case 'BLOCKED':
      return 'warning'
    case 'OUTOFORDER':
      return 'error'
    default:
      return 'neutral'
  }
}

/** A connector status (OCPP) the same way. */
export function connectorStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'AVAILABLE':
      return 'positive'
    case 'CHARGING':
    case 'PREPARING':
    case 'FINISHING':
    case 'SUSPENDEDEV':
    case 'SUSPENDEDEVSE':
      return 'info'
    case 'RESERVED':
    case 'OCCUPIED':
    case 'UNAVAILABLE':
      return 'warning'
    case 'FAULTED':
      return 'error'
    default:
      return 'neutral'
  }
}

/** Pin colours by availability (contract availabilityOf), matching the badge tones. */
export const PIN_COLOURS = {
  available: '#059669',
  busy: '#0284c7',
  down: '#e11d48',
  unknown: '#64748b',
} as const

/** kW as an operator reads it: "7.4 kW", "150 kW". */
export function formatKw(kw: number | null, locale?: string): string {
  if (kw === null) return '—'
  return `${kw.toLocaleString(locale, { maximumFractionDigits: 1 })} kW`
}
