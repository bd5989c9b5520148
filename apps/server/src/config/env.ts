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
  PORTAL_DEMO_SIMULATOR: z.enum(['0', '1']).default('0'),
  UPLOADS_DIR: z.string().optional(),
  EXPORTS_DIR: z.string().optional(),
  // The message never repeats the value: the URL carries the storage secret (docs/decisions/0094-file-storage.md).
  PORTAL_STORAGE_URL: z
    .string()
    .trim()
    .regex(/^(s3:\/\/\S+)?$/, 'PORTAL_STORAGE_URL must be an s3:// URL, or empty for local folders')
    .default(''),
  EXPORT_MAX_PENDING_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
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
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(20_000),
  PORTAL_DEMO_SCALE: z.coerce.number().positive().max(50).default(1),
  PORTAL_TEST_JOB_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^(rediss?:\/\/\S+)?$/, 'REDIS_URL must be a redis:// or rediss:// URL, or empty')
    .default(''),
  PORTAL_METRICS_TOKEN: z.string().trim().default(''),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // '' = the default: on only for PORTAL_ENV=dev with NODE_ENV not production (docs/decisions/0092).
  PORTAL_DEV_FEATURES: z.enum(['0', '1', '']).default(''),
  TRUST_PROXY: z.string().trim().default(''),
  OCPP_HEARTBEAT_INTERVAL_S: z.coerce.number().int().min(10).max(86_400).default(300),
  OCPP_CALL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  OCPP_MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PORTAL_OCPP_ACCEPT_UNKNOWN: z.enum(['0', '1']).default('0'),
  MACHINE_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Requests a minute one integrator key may make, per instance (docs/decisions/0114-integrator-keys.md).
  PORTAL_API_KEY_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(1_000_000).default(600),
  MACHINE_COMMAND_TTL_S: z.coerce.number().int().min(10).max(604_800).default(900),
  // The message never repeats the value: the URL may carry the mail server's password.
  PORTAL_SMTP_URL: z
    .string()
    .trim()
    .regex(/^(smtps?:\/\/\S+)?$/, 'PORTAL_SMTP_URL must be an smtp:// or smtps:// URL, or empty')
    .default(''),
  PORTAL_MAIL_FROM: z.string().trim().min(3).max(200).default('Operator Portal <alerts@portal.local>'),
  ALERT_EVALUATE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // Browser tests shorten a threshold's minute (test mode only): a charger offline "15 minutes" in 15 s.
  PORTAL_TEST_ALERT_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  // Where partners reach this deployment (OCPI versions URL and endpoints): https://portal.example.com. Empty: in
  // development http://127.0.0.1:PORT; in production roaming is off until it is set.
  OCPI_MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // A flood limit per roaming partner and instance, not a quota: a hub relaying many parties' pushes stays under it.
  OCPI_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(10_000_000).default(60_000),
  PORTAL_PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^(https?:\/\/[^\s/]+(\/[^\s]*)?)?$/, 'PORTAL_PUBLIC_URL must be an http(s) URL, or empty')
    .default(''),
  // Single sign-on (docs/decisions/0118-single-sign-on.md): on when the issuer and the client id are both set.
  PORTAL_OIDC_ISSUER: z
    .string()
    .trim()
    .regex(/^(https?:\/\/\S+)?$/, 'PORTAL_OIDC_ISSUER must be an http(s) URL, or empty to turn SSO off')
    .default(''),
  PORTAL_OIDC_CLIENT_ID: z.string().trim().default(''),
  PORTAL_OIDC_CLIENT_SECRET: z.string().default(''),
  PORTAL_OIDC_ENTITY_CLAIM: z.string().trim().default(''),
})

export interface OidcConfig {
  issuer: string
  clientId: string
  /** Empty: a public client (PKCE alone). */
  clientSecret: string
  /** The ID token claim naming the entity code the user must be a member of and acts in; null: the home entity. */
  entityClaim: string | null
}

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
  /** Development, with the demo data: simulated chargers drive the demo network over OCPP (`npm start` turns it on). */
  demoSimulator: boolean
  /** Where uploaded images are kept (served at /uploads). */
  uploadsDir: string
  /** Where export job files are written (served only through GET /exports/{uuid}/download). */
  exportsDir: string
  /** S3 bucket for uploads and exports (`s3://key:secret@host:port/bucket?...`); null = the two local folders. */
  storageUrl: string | null
  /** How many Pending/Processing exports one user may have at once (docs/decisions/0094-file-storage.md). */
  exportMaxPendingPerUser: number
  /** Finished export files are deleted this many days after they were requested. */
  exportRetentionDays: number
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
  /** How long a claimed background job is its instance's without renewal; a dead instance's jobs wait this long. */
  jobLeaseMs: number
  /** The demo seed's size (development): 1 = 2,000 machines and their data; tests start instances smaller. */
  demoScale: number
  /** Test mode only: background jobs wait this long before running, so a test can kill an instance mid-job. */
  testJobDelayMs: number
  /** Redis for login failure counters (docs/decisions/0095-login-limits.md); null = the database keeps them. */
  redisUrl: string | null
  /** The bearer token GET /metrics requires; null = only loopback callers may scrape (docs/decisions/0096). */
  metricsToken: string | null
  /** How long a SIGTERM/SIGINT shutdown may take (requests and jobs finishing) before the process exits anyway. */
  shutdownTimeoutMs: number
  /**
   * Dev routes (SMS outbox, token expiry), the development SMS outbox, demo seeding and demo heartbeats.
   * Never on outside PORTAL_ENV=dev or with NODE_ENV=production (docs/decisions/0092-security-findings.md).
   */
  devFeatures: boolean
  /** Fastify's trustProxy: false (the default), a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[]
  /** The heartbeat interval chargers are given at boot (seconds); the 15-minute offline rule allows three misses. */
  ocppHeartbeatIntervalS: number
  /** How long a call to a charger (remote start, reset...) waits for its answer. */
  ocppCallTimeoutMs: number
  /** The OCPP message log keeps frames this many days. */
  ocppMessageRetentionDays: number
  /**
   * PORTAL_OCPP_ACCEPT_UNKNOWN (off by default): an unknown identity presenting its entity's enrolment password may
   * connect, and waits Pending until an operator commissions it (docs/decisions/0107-ocpp-enrolment.md).
   */
  ocppAcceptUnknown: boolean
  /** Requests a minute one machine may make to the machine API, per instance (docs/decisions/0108). */
  machineRateLimitPerMin: number
  apiKeyRateLimitPerMin: number
  /** How long a command to a machine may take to be carried out before it is expired (docs/decisions/0109). */
  machineCommandTtlS: number
  /** Where alert e-mails go out (smtp:// or smtps://); null: the dev outbox, or no e-mail in production. */
  smtpUrl: string | null
  mailFrom: string
  /** How often the alert rules are evaluated. */
  alertEvaluateMs: number
  /** How long a minute of an alert threshold is: 60 s, except in test mode when PORTAL_TEST_ALERT_MINUTE_MS says. */
  alertMinuteMs: number
  /** Where partners reach us (OCPI), without a trailing slash; null: roaming cannot be set up (production). */
  publicUrl: string | null
  /** The OCPI message log keeps requests this many days (pruned hourly). */
  ocpiMessageRetentionDays: number
  /** Requests a partner may make a minute, per instance (429 beyond). */
  ocpiRateLimitPerMin: number
  /**
   * OpenID Connect single sign-on (docs/decisions/0118-single-sign-on.md); null when PORTAL_OIDC_ISSUER or
   * PORTAL_OIDC_CLIENT_ID is empty. The secret is never sent to the web nor logged.
   */
  oidc: OidcConfig | null
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
  const devFeatures = devFeaturesOf(e.PORTAL_DEV_FEATURES, e.PORTAL_ENV, production)
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: resolveDatabaseUrl(e.DATABASE_URL),
    portalEnv: e.PORTAL_ENV,
    production,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? resolve(REPO_ROOT, 'apps/web/dist'),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    seedDemo: devFeatures && e.SEED_DEMO === 'auto',
    testMode: devFeatures && e.PORTAL_TEST_MODE === '1',
    demoSimulator: devFeatures && e.SEED_DEMO === 'auto' && e.PORTAL_DEMO_SIMULATOR === '1',
    uploadsDir: resolve(REPO_ROOT, e.UPLOADS_DIR ?? 'data/uploads'),
    exportsDir: resolve(REPO_ROOT, e.EXPORTS_DIR ?? 'data/exports'),
    storageUrl: e.PORTAL_STORAGE_URL === '' ? null : e.PORTAL_STORAGE_URL,
    exportMaxPendingPerUser: e.EXPORT_MAX_PENDING_PER_USER,
    exportRetentionDays: e.EXPORT_RETENTION_DAYS,
    closedLoopNextRefreshTime: e.PORTAL_CLOSED_LOOP_NEXT_REFRESH_TIME === '1',
    mapTileUrl: e.PORTAL_MAP_TILE_URL,
    mapTileAttribution: e.PORTAL_MAP_TILE_ATTRIBUTION,
    userInfoHost: e.PORTAL_USER_INFO_HOST === '' ? null : e.PORTAL_USER_INFO_HOST.replace(/\/+$/, ''),
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    demoScale: e.PORTAL_DEMO_SCALE,
    testJobDelayMs: devFeatures && e.PORTAL_TEST_MODE === '1' ? e.PORTAL_TEST_JOB_DELAY_MS : 0,
    redisUrl: e.REDIS_URL === '' ? null : e.REDIS_URL,
    metricsToken: e.PORTAL_METRICS_TOKEN === '' ? null : e.PORTAL_METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    devFeatures,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    ocppHeartbeatIntervalS: e.OCPP_HEARTBEAT_INTERVAL_S,
    ocppCallTimeoutMs: e.OCPP_CALL_TIMEOUT_MS,
    ocppMessageRetentionDays: e.OCPP_MESSAGE_RETENTION_DAYS,
    ocppAcceptUnknown: e.PORTAL_OCPP_ACCEPT_UNKNOWN === '1',
    machineRateLimitPerMin: e.MACHINE_RATE_LIMIT_PER_MIN,
    apiKeyRateLimitPerMin: e.PORTAL_API_KEY_RATE_LIMIT_PER_MIN,
    machineCommandTtlS: e.MACHINE_COMMAND_TTL_S,
    smtpUrl: e.PORTAL_SMTP_URL === '' ? null : e.PORTAL_SMTP_URL,
    mailFrom: e.PORTAL_MAIL_FROM,
    alertEvaluateMs: e.ALERT_EVALUATE_MS,
    alertMinuteMs: devFeatures && e.PORTAL_TEST_MODE === '1' ? e.PORTAL_TEST_ALERT_MINUTE_MS : 60_000,
    ocpiMessageRetentionDays: e.OCPI_MESSAGE_RETENTION_DAYS,
    ocpiRateLimitPerMin: e.OCPI_RATE_LIMIT_PER_MIN,
    oidc: oidcOf(e, production),
    publicUrl:
      e.PORTAL_PUBLIC_URL !== ''
        ? e.PORTAL_PUBLIC_URL.replace(/\/+$/, '')
        : production
          ? null
          : `http://127.0.0.1:${String(e.PORT)}`,
  }
}

/**
 * Development features are an explicit choice: asking for them where they cannot be (a non-dev PORTAL_ENV or
 * NODE_ENV=production) is a contradiction the server refuses to start with, rather than silently picking one.
 */
function devFeaturesOf(
  setting: '0' | '1' | '',
  portalEnv: Config['portalEnv'],
  production: boolean,
): boolean {
  const possible = portalEnv === 'dev' && !production
  if (setting === '1' && !possible) {
    throw new Error(
      `Invalid configuration: contradictory configuration: PORTAL_DEV_FEATURES=1 needs PORTAL_ENV=dev and NODE_ENV ` +
        `not production (PORTAL_ENV=${portalEnv}${production ? ', NODE_ENV=production' : ''})`,
    )
  }
  if (setting === '0') return false
  return possible
}

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i

/**
 * TRUST_PROXY: '' = trust no proxy; a hop count (the number of proxies in front); or comma-separated addresses or
 * CIDRs of the proxies. `true` is refused: it believes any X-Forwarded-For, so any client picks its own address
 * (and escapes the per-address login limit).
 */
export function parseTrustProxy(value: string): false | number | string[] {
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY: true would believe any X-Forwarded-For; give the hop count (1, 2) or ' +
        "the proxies' addresses (127.0.0.1,10.0.0.0/8)",
    )
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) throw new Error('Invalid configuration: TRUST_PROXY: a hop count must be between 1 and 10')
    return hops
  }
  const entries = value.split(',').map((s) => s.trim())
  for (const entry of entries) {
    if (!IPV4_OR_CIDR.test(entry) && !IPV6_OR_CIDR.test(entry)) {
      throw new Error(
        `Invalid configuration: TRUST_PROXY: "${entry}" is not an IP address or CIDR; give a hop count (1, 2) or ` +
          'comma-separated addresses (127.0.0.1,10.0.0.0/8)',
      )
    }
  }
  return entries
}

/**
 * SSO is on when the issuer and the client id are set. In production the issuer must be https: the discovery
 * document names the keys the ID tokens are checked with, so a plain-http issuer lets anyone on the path sign in.
 */
function oidcOf(e: z.infer<typeof envSchema>, production: boolean): OidcConfig | null {
  if (e.PORTAL_OIDC_ISSUER === '' || e.PORTAL_OIDC_CLIENT_ID === '') return null
  if (production && !e.PORTAL_OIDC_ISSUER.startsWith('https://'))
    throw new Error('Invalid configuration: PORTAL_OIDC_ISSUER must be an https:// URL in production')
  return {
    issuer: e.PORTAL_OIDC_ISSUER,
    clientId: e.PORTAL_OIDC_CLIENT_ID,
    clientSecret: e.PORTAL_OIDC_CLIENT_SECRET,
    entityClaim: e.PORTAL_OIDC_ENTITY_CLAIM === '' ? null : e.PORTAL_OIDC_ENTITY_CLAIM,
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
    demoSimulator: false,
    uploadsDir: resolve(REPO_ROOT, 'data/test-uploads'),
    // Job files are named by uuid, so suites may share one temporary folder.
    exportsDir: join(tmpdir(), 'portal-test-exports'),
    storageUrl: null,
    exportMaxPendingPerUser: 5,
    exportRetentionDays: 7,
    closedLoopNextRefreshTime: false,
    mapTileUrl: DEFAULT_MAP_TILE_URL,
    mapTileAttribution: DEFAULT_MAP_TILE_ATTRIBUTION,
    userInfoHost: null,
    dbConnectTimeoutMs: 5_000,
    dbStatementTimeoutMs: 0,
    jobLeaseMs: 20_000,
    demoScale: 1,
    testJobDelayMs: 0,
    redisUrl: null,
    metricsToken: null,
    shutdownTimeoutMs: 10_000,
    devFeatures: true,
    trustProxy: false,
    ocppHeartbeatIntervalS: 300,
    ocppCallTimeoutMs: 30_000,
    ocppMessageRetentionDays: 30,
    ocppAcceptUnknown: false,
    machineRateLimitPerMin: 600,
    apiKeyRateLimitPerMin: 600,
    machineCommandTtlS: 900,
    smtpUrl: null,
    mailFrom: 'Operator Portal <alerts@portal.local>',
    alertEvaluateMs: 60_000,
    alertMinuteMs: 60_000,
    // Nothing listens there: tests that peer over sockets say where they listen (BuildOptions.ocpi.publicUrl).
    publicUrl: 'http://portal.test',
    ocpiMessageRetentionDays: 30,
    ocpiRateLimitPerMin: 60_000,
    oidc: null,
    ...overrides,
  }
}
