import { tmpdir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@portal/contract'
import { z } from 'zod'

/**
 * The only place that reads process.env. Everything else receives a Config, so tests build apps with
 * whatever configuration they need without touching the environment.
 */
export const ENVIRONMENTS = ['dev', 'uat', 'staging', 'prod'] as const

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'DATABASE_URL must start with sqlite: or postgres://')
    .default('sqlite:./data/portal.sqlite'),
  PORTAL_ENV: z.enum(ENVIRONMENTS).default('dev'),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().positive().default(900),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  PORTAL_TEST_MODE: z.enum(['0', '1']).default('0'),
  UPLOADS_DIR: z.string().optional(),
  EXPORTS_DIR: z.string().optional(),
  PORTAL_CLOSED_LOOP_NEXT_REFRESH_TIME: z.enum(['0', '1']).default('0'),
  PORTAL_MAP_TILE_URL: z.string().trim().default(DEFAULT_MAP_TILE_URL),
  PORTAL_MAP_TILE_ATTRIBUTION: z.string().trim().default(DEFAULT_MAP_TILE_ATTRIBUTION),
  PORTAL_USER_INFO_HOST: z
    .string()
    .trim()
    .regex(
      /^(https?:\/\/\S+)?$/,
      'PORTAL_USER_INFO_HOST must be an http(s) URL, or empty to turn the lookup off',
    )
    .default(''),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(0),
})

export interface Config {
  port: number
  host: string
  databaseUrl: string
  portalEnv: (typeof ENVIRONMENTS)[number]
  production: boolean
  logLevel: string
  /** Folder of the built web app; null when the server runs API-only (tests). */
  webDist: string | null
  accessTokenTtlS: number
  seedDemo: boolean
  /** Lets browser tests shorten the portal's idle timings; always off in production. */
  testMode: boolean
  /** Where uploaded images are kept (served at /uploads). */
  uploadsDir: string
  /** Where export job files are written (served only through GET /exports/{uuid}/download). */
  exportsDir: string
  /** Show Next Refresh Time on quota employees (closed loop, B §3's environment flag). */
  closedLoopNextRefreshTime: boolean
  /** The charge-location map's tile URL template ('' = no tiles) and its attribution (docs/decisions/0021). */
  mapTileUrl: string
  mapTileAttribution: string
  /**
   * The external user-info host (`POST {host}/users/getinfo`, A §7) the driver pages ask for a driver's profile;
   * null (the default) turns the lookup off (docs/decisions/0031-user-info-lookup.md).
   */
  userInfoHost: string | null
  /** PostgreSQL: how long a request waits for a database connection before it answers 503 (docs/scaling.md). */
  dbConnectTimeoutMs: number
  /** PostgreSQL: statements running longer are cancelled by the database; 0 = no limit. */
  dbStatementTimeoutMs: number
}

/** The repository root: relative SQLite paths and the web build are found from here, whatever the cwd. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/** `sqlite:./data/x.sqlite` means `<repo>/data/x.sqlite`, whether started from the root or from apps/server. */
export function resolveDatabaseUrl(url: string, root = REPO_ROOT): string {
  if (!url.startsWith('sqlite:')) return url
  const file = url.slice('sqlite:'.length)
  if (file === '' || file === ':memory:' || isAbsolute(file)) return url
  return `sqlite:${resolve(root, file)}`
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: resolveDatabaseUrl(e.DATABASE_URL),
    portalEnv: e.PORTAL_ENV,
    production,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? resolve(REPO_ROOT, 'apps/web/dist'),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    seedDemo: !production && e.SEED_DEMO === 'auto',
    testMode: !production && e.PORTAL_TEST_MODE === '1',
    uploadsDir: resolve(REPO_ROOT, e.UPLOADS_DIR ?? 'data/uploads'),
    exportsDir: resolve(REPO_ROOT, e.EXPORTS_DIR ?? 'data/exports'),
    closedLoopNextRefreshTime: e.PORTAL_CLOSED_LOOP_NEXT_REFRESH_TIME === '1',
    mapTileUrl: e.PORTAL_MAP_TILE_URL,
    mapTileAttribution: e.PORTAL_MAP_TILE_ATTRIBUTION,
    userInfoHost: e.PORTAL_USER_INFO_HOST === '' ? null : e.PORTAL_USER_INFO_HOST.replace(/\/+$/, ''),
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
  }
}

/** Defaults for tests: an API-only app on the given database. */
export function testConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    portalEnv: 'dev',
    production: false,
    logLevel: 'silent',
    webDist: null,
    accessTokenTtlS: 900,
    seedDemo: false,
    testMode: false,
    uploadsDir: resolve(REPO_ROOT, 'data/test-uploads'),
    // Job files are named by uuid, so suites may share one temporary folder.
    exportsDir: join(tmpdir(), 'portal-test-exports'),
    closedLoopNextRefreshTime: false,
    mapTileUrl: DEFAULT_MAP_TILE_URL,
    mapTileAttribution: DEFAULT_MAP_TILE_ATTRIBUTION,
    userInfoHost: null,
    dbConnectTimeoutMs: 5_000,
    dbStatementTimeoutMs: 0,
    ...overrides,
  }
}
