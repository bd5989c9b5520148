import { z } from 'zod'
import type { Service } from '../services'
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, SERVICES } from '../services'

export type { Service } from '../services'

/** GET /api/config: what the web app needs before it renders. */
export const runtimeConfig = z.object({
  portal_env: z.enum(['dev', 'uat', 'staging', 'prod']),
  services: z.object(
    Object.fromEntries(SERVICES.map((s) => [s, z.string()])) as Record<Service, z.ZodString>,
  ),
  /** Browser tests may shorten the idle timings (never in production): docs/decisions/0010-idle-watcher.md. */
  test_mode: z.boolean(),
  /**
   * Shows Next Refresh Time on quota employees (the second employee variant of B §3), from
   * PORTAL_CLOSED_LOOP_NEXT_REFRESH_TIME (docs/decisions/0019-closed-loop.md). Defaults to off.
   */
  closed_loop_next_refresh_time: z.boolean().default(false),
  /**
   * Tile URL template ({z}/{x}/{y}, optional {s}) of the charge-location map, from PORTAL_MAP_TILE_URL; empty: no
   * tiles, the map draws its pins on a plain background (docs/decisions/0021-charge-locations.md).
   */
  map_tile_url: z.string().default(DEFAULT_MAP_TILE_URL),
  /** The tiles' attribution, shown on the map (PORTAL_MAP_TILE_ATTRIBUTION). */
  map_tile_attribution: z.string().default(DEFAULT_MAP_TILE_ATTRIBUTION),
  /** Single sign-on is configured (PORTAL_OIDC_ISSUER and PORTAL_OIDC_CLIENT_ID): the login page offers it. */
  sso_enabled: z.boolean().default(false),
})
export type RuntimeConfig = z.infer<typeof runtimeConfig>
