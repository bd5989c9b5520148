import type { RuntimeConfig } from '@portal/contract'
import {
  DEFAULT_MAP_TILE_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_SERVICE_BASES,
  runtimeConfig,
} from '@portal/contract'

let current: RuntimeConfig = {
  portal_env: 'dev',
  services: DEFAULT_SERVICE_BASES,
  test_mode: false,
  closed_loop_next_refresh_time: false,
  map_tile_url: DEFAULT_MAP_TILE_URL,
  map_tile_attribution: DEFAULT_MAP_TILE_ATTRIBUTION,
}

/**
 * Loads /api/config once before the first render: the environment (navigation colour) and each service's base
 * URL. If it cannot be read the defaults (same origin, DESIGN.md prefixes) apply and the portal still starts.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/api/config', { headers: { accept: 'application/json' } })
    if (response.ok) current = runtimeConfig.parse(await response.json())
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
