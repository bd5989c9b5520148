import type { RuntimeConfig, Service } from '@portal/contract'
import {
  DEFAULT_MAP_TILE_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_SERVICE_BASES,
  SERVICES,
} from '@portal/contract'

const PORTAL_ENVS: readonly RuntimeConfig['portal_env'][] = ['dev', 'uat', 'staging', 'prod']

const DEFAULT_CONFIG: RuntimeConfig = {
  portal_env: 'dev',
  services: DEFAULT_SERVICE_BASES,
  test_mode: false,
  closed_loop_next_refresh_time: false,
  map_tile_url: DEFAULT_MAP_TILE_URL,
  map_tile_attribution: DEFAULT_MAP_TILE_ATTRIBUTION,
  sso_enabled: false,
}

let current: RuntimeConfig = DEFAULT_CONFIG

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads GET /api/config as the contract's `runtimeConfig` schema does (its tests hold the two together), by hand:
 * the configuration is read before the first render, and zod is not part of the first download
 * (docs/decisions/0041-lazy-schemas.md). Answers null for a body that schema would refuse.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig | null {
  if (!isRecord(value) || !isRecord(value.services)) return null
  const { portal_env, services, test_mode } = value
  const env = PORTAL_ENVS.find((known) => known === portal_env)
  if (env === undefined || typeof test_mode !== 'boolean') return null
  const bases = {} as Record<Service, string>
  for (const service of SERVICES) {
    const base = services[service]
    if (typeof base !== 'string') return null
    bases[service] = base
  }
  const optional = <T>(key: string, fallback: T, is: (v: unknown) => v is T): T | null => {
    const v = value[key]
    if (v === undefined) return fallback
    return is(v) ? v : null
  }
  const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean'
  const isString = (v: unknown): v is string => typeof v === 'string'
  const nextRefresh = optional('closed_loop_next_refresh_time', false, isBoolean)
  const tileUrl = optional('map_tile_url', DEFAULT_MAP_TILE_URL, isString)
  const tileAttribution = optional('map_tile_attribution', DEFAULT_MAP_TILE_ATTRIBUTION, isString)
  const ssoEnabled = optional('sso_enabled', false, isBoolean)
  if (nextRefresh === null || tileUrl === null || tileAttribution === null || ssoEnabled === null) return null
  return {
    portal_env: env,
    services: bases,
    test_mode,
    closed_loop_next_refresh_time: nextRefresh,
    map_tile_url: tileUrl,
    map_tile_attribution: tileAttribution,
    sso_enabled: ssoEnabled,
  }
}

/**
 * Loads /api/config once before the first render: the environment (navigation colour) and each service's base
 * URL. If it cannot be read the defaults (same origin, DESIGN.md prefixes) apply and the portal still starts.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/api/config', { headers: { accept: 'application/json' } })
    if (response.ok) {
      const parsed = parseRuntimeConfig(await response.json())
      if (parsed) current = parsed
      else console.warn('The runtime configuration is not in the expected shape; using defaults')
    }
  } catch (err) {
    console.warn('Runtime configuration unavailable; using defaults', err)
  }
  return current
}

export function getRuntimeConfig(): RuntimeConfig {
  return current
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config
}
