/**
 * The portal's service clients and their defaults (DESIGN.md). Kept apart from the zod schema of the runtime
 * configuration (api/runtime-config.ts) so that the web app's first download can use them without zod
 * (docs/decisions/0041-lazy-schemas.md).
 */
export const SERVICES = ['main', 'bus', 'charging', 'reporting', 'forms', 'cases'] as const
export type Service = (typeof SERVICES)[number]

/** Default base path of each service client (DESIGN.md); a deployment may point any of them elsewhere. */
export const DEFAULT_SERVICE_BASES: Record<Service, string> = {
  main: '/api/main',
  bus: '/api/bus',
  charging: '/api/charging',
  reporting: '/api/reporting',
  forms: '/api/forms',
  cases: '/api/cases',
}

/** The verification-form client sends Bearer; every other client sends Token (A §7). */
export const SERVICE_AUTH_SCHEME: Record<Service, 'Token' | 'Bearer'> = {
  main: 'Token',
  bus: 'Token',
  charging: 'Token',
  reporting: 'Token',
  forms: 'Token',
  cases: 'Bearer',
}

/** The charge-location map's tiles by default: OpenStreetMap's standard layer (decision 0021). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors'
