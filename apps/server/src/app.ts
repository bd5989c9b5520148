import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import Fastify, { LogController } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/env'
import type { DatabaseHandle, Db, Dialect } from './db/database'
import { CountCache } from './lib/count-cache'
import type { Storages } from './lib/storage'
import { registerStorage } from './lib/storage/register'
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id'
import type { LimiterOption } from './lib/login-limiter'
import { createLoginLimiter } from './lib/login-limiter'
import type { SmsSender } from './lib/sms'
import { DevSmsOutbox, UnconfiguredSmsSender } from './lib/sms'
import { DevMailOutbox } from './lib/mail'
import { devRoutes } from './modules/dev/dev.routes'
import { databaseOptionsOf, openDatabase } from './db/database'
import { migrateToLatest, optimizeOnStart } from './db/migrate'
import { configRoutes } from './modules/health/config.routes'
import { healthRoutes } from './modules/health/health.routes'
import { authRoutes } from './modules/iam/auth/auth.routes'
import { SsoClient } from './modules/iam/sso/sso-client'
import { ssoRoutes } from './modules/iam/sso/sso.routes'
import { auditRoutes } from './modules/iam/audit/audit.routes'
import { chargingEntityRoutes, entityRoutes } from './modules/iam/entities/entity.routes'
import { integrationOptionRoutes } from './modules/iam/integration-options/integration-option.routes'
import { policyRoutes } from './modules/iam/policies/policy.routes'
import { roleRoutes } from './modules/iam/roles/role.routes'
import { setRoutes } from './modules/iam/sets/set.routes'
import { userRoutes } from './modules/iam/users/user.routes'
import { serviceAccountRoutes } from './modules/iam/service-accounts/service-account.routes'
import { ApiKeyGate } from './modules/iam/service-accounts/api-key.gate'
import { machineRoutes } from './modules/iot/machines/machine.routes'
import { orderRoutes } from './modules/iot/orders/order.routes'
import { transactionRoutes } from './modules/payment/transactions/transaction.routes'
import { machineSettingsRoutes } from './modules/iot/machines/machine-settings.routes'
import { skuRoutes } from './modules/iot/skus/sku.routes'
import { templateRoutes } from './modules/iot/templates/template.routes'
import { deviceRoutes } from './modules/iot/devices/device.routes'
import { promotionRoutes } from './modules/promo/promotions/promotion.routes'
import { exportRoutes } from './modules/exports/export.routes'
import type { ExportJobOptions } from './modules/exports/export-write.job'
import { mtSummaryRoutes } from './modules/iot/maintenance/mt-summary.routes'
import { creditLogRoutes } from './modules/iot/credit-logs/credit-log.routes'
import { closedLoopRoutes } from './modules/promo/closed-loop/closed-loop.routes'
import { paymentConfigRoutes } from './modules/payment/payment-configs/payment-config.routes'
import { busSessionRoutes } from './modules/bus/sessions/bus-session.routes'
import { driverRoutes } from './modules/bus/drivers/driver.routes'
import { voltnetSessionRoutes } from './modules/bus/voltnet/voltnet-session.routes'
import { evDeviceRoutes } from './modules/charging/devices/ev-device.routes'
import { evUserRoutes } from './modules/charging/ev-users/ev-user.routes'
import { chargingHomeRoutes } from './modules/charging/home/home.routes'
import { locationRoutes } from './modules/charging/locations/location.routes'
import { chargingSessionRoutes } from './modules/charging/sessions/session.routes'
import { tariffRoutes } from './modules/charging/tariffs/tariff.routes'
import { caseRoutes } from './modules/cases/case.routes'
import { campaignRoutes } from './modules/forms/campaign.routes'
import { medicalTermsRoutes } from './modules/medical/terms/medical-terms.routes'
import { srsBuddyRoutes } from './modules/srs/srs-buddy.routes'
import { reportingRoutes } from './modules/reporting/reporting.routes'
import { carbonRoutes } from './modules/carbon/carbon.routes'
import { jobRoutes } from './modules/jobs/job.routes'
import { registerAuthHook } from './plugins/auth'
import type { BackgroundOptions } from './plugins/background'
import { registerBackground } from './plugins/background'
import { registerErrorHandling } from './plugins/errors'
import type { LogStream } from './plugins/log-redaction'
import { loggerOptions } from './plugins/log-redaction'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerOcpp } from './modules/ocpp/ocpp.server'
import { ocppRoutes } from './modules/ocpp/ocpp.routes'
import { machineApiRoutes } from './modules/machine-api/machine-api.routes'
import { machineKeyRoutes } from './modules/machine-api/machine-key.routes'
import { machineCommandRoutes } from './modules/machine-api/machine-command.routes'
import type { OcpiOptions } from './modules/ocpi/ocpi.plugin'
import { ocpiSettingsOf, registerOcpiProtocol } from './modules/ocpi/ocpi.plugin'
import { ocpiPartnerRoutes } from './modules/ocpi/ocpi-partner.routes'
import { ocpiCommandRoutes } from './modules/ocpi/ocpi-commands.routes'
import { ocpiCdrListRoutes } from './modules/ocpi/ocpi-cdr-list.routes'
import { registerMachineAuthHook } from './plugins/machine-auth'
import { registerStringGuard } from './plugins/string-guard'
import { trustProxyOption } from './lib/trust-proxy'
import { registerMetrics } from './plugins/metrics'
import { registerOpenApi } from './plugins/openapi'
import { registerWeb } from './plugins/web'
import type { LiveFeedOptions } from './modules/live/live-feed'
import { registerLive } from './modules/live/live.plugin'
import { liveRoutes } from './modules/live/live.routes'
import type { LiveStreamOptions } from './modules/live/live-stream'
import type { AlertOptions } from './modules/alerts/alert.plugin'
import { registerAlerts } from './modules/alerts/alert.plugin'
import { alertRoutes } from './modules/alerts/alert.routes'
import { bulkRoutes } from './modules/bulk/bulk.routes'
import { searchRoutes } from './modules/search/search.routes'
import type { WebhookSettings } from './modules/webhooks/webhook.routes'
import type { ReportSettings } from './modules/reports/report.routes'
import { registerReports, reportRoutes } from './modules/reports/report.routes'
import { webhookRoutes } from './modules/webhooks/webhook.routes'
import { savedViewRoutes } from './modules/views/saved-view.routes'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dialect: Dialect
    /** List totals shared by every page of a list for a few seconds (lib/count-cache.ts). */
    counts: CountCache
  }
}

export interface BuildOptions {
  /** Use an already-open database (tests share one per suite); otherwise the app opens config.databaseUrl. */
  database?: DatabaseHandle
  /** Run migrations on start (default true). */
  migrate?: boolean
  /** The SMS gateway (default: the development outbox, or none in production). */
  sms?: SmsSender
  /** Login limits: a limiter, or rules (tests' small limits) for the one the configuration picks. */
  throttle?: LimiterOption
  /** The export.write job's settings (tests pass their own sources); `false` registers no export jobs. */
  exports?: ExportJobOptions | false
  /** File storage (default: storageFromConfig); tests pass their own. */
  storage?: Storages
  /** The job queue and event bus (plugins/background.ts); `jobs: false` runs no jobs in this process (tests). */
  background?: BackgroundOptions
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: LogStream
  /** The live feed's and streams' timings (tests shorten them). */
  live?: { feed?: Partial<Omit<LiveFeedOptions, 'log'>>; stream?: Partial<LiveStreamOptions> }
  /** Alert evaluation and e-mail (tests evaluate by hand and read their own outbox). */
  alerts?: AlertOptions
  /** Webhook deliveries' timings and name resolution (tests shorten the retries and pick the addresses). */
  webhooks?: Omit<WebhookSettings, 'production'>
  /** OCPI: where partners reach this instance, and how their names resolve (tests). */
  ocpi?: OcpiOptions
  /** Scheduled reports: how often due ones are looked for (tests tick by hand) and runs look at their export. */
  reports?: Pick<ReportSettings, 'tickMs' | 'pollMs'>
}

/**
 * Builds the whole server without listening: tests call it and use `app.inject()`; server.ts listens.
 * One process serves every service prefix of DESIGN.md and the built web app.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Off unless TRUST_PROXY names the proxies: otherwise any client could pick its address (docs/decisions/0092).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Every request has an id, in the logs and in the `x-request-id` response header, so a failure the portal logs
    // can be found in the server's log. A proxy's id is kept when it is a plain token (never a log-injection vector).
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
  })
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerStringGuard(app)

  const ownsDatabase = options.database === undefined
  const handle = options.database ?? openDatabase(config.databaseUrl, databaseOptionsOf(config))
  if (options.migrate !== false) {
    await migrateToLatest(handle.db)
    await optimizeOnStart(handle.db)
  }
  app.decorate('db', handle.db)
  app.decorate('dialect', handle.dialect)
  registerBackground(app, handle, config, options.background)
  registerMetrics(app, config, handle)
  registerLive(app, options.live?.feed)
  registerAlerts(app, config, options.alerts)
  app.decorate('counts', new CountCache())
  // Integrator keys' rate limit and last-use marks, shared by every service prefix (docs/decisions/0114).
  app.decorate('apiKeys', new ApiKeyGate(handle.db, config.apiKeyRateLimitPerMin, app.log))
  app.decorateRequest('auth', null)
  app.decorateRequest('access', null)
  app.decorateRequest('machine', null)
  app.decorate('routeTable', [])
  if (ownsDatabase) app.addHook('onClose', () => handle.destroy())

  registerSecurityHeaders(app)
  await app.register(cookie)
  await app.register(multipart)
  await registerOpenApi(app)
  // Uploaded images (avatars, logos) and export files, in storage every instance shares; /uploads/{name} from it.
  registerStorage(app, config, options.storage)
  // Chargers: OCPP over WebSocket upgrades on /ocpp/{identity} (modules/ocpp).
  registerOcpp(app, config)

  const sms =
    options.sms ??
    // DEV FEATURE: the development outbox logs codes on purpose; never where development features are off.
    (config.devFeatures
      ? new DevSmsOutbox((line) => app.log.info({ dev_feature: 'sms-outbox' }, line))
      : new UnconfiguredSmsSender())
  const ocpi = ocpiSettingsOf(config, options.ocpi)
  const throttle = createLoginLimiter(handle.db, config, options.throttle, (m) => app.log.warn(m))
  app.addHook('onClose', async () => {
    await throttle.close?.()
  })
  healthRoutes(app)
  configRoutes(app, config)
  registerReports(app, {
    publicUrl: config.publicUrl,
    maxPendingPerUser: config.exportMaxPendingPerUser,
    ...options.reports,
  })
  await app.register(
    (main, _opts, done) => {
      registerAuthHook(main, handle.db, 'Token')
      const authDeps = {
        accessTokenTtlS: config.accessTokenTtlS,
        throttle,
        sms,
        secureCookies: config.production || config.portalEnv !== 'dev',
      }
      authRoutes(main, authDeps)
      ssoRoutes(main, {
        deps: authDeps,
        sso: config.oidc ? new SsoClient(config.oidc, (m) => app.log.warn(m)) : null,
        publicUrl: config.publicUrl,
      })
      if (config.devFeatures)
        devRoutes(
          main,
          sms instanceof DevSmsOutbox ? sms : null,
          app.mail instanceof DevMailOutbox ? app.mail : null,
        )
      entityRoutes(main, { ssoConfigured: config.oidc !== null })
      userRoutes(main)
      serviceAccountRoutes(main)
      policyRoutes(main)
      roleRoutes(main)
      setRoutes(main)
      auditRoutes(main)
      machineRoutes(main)
      orderRoutes(main)
      transactionRoutes(main)
      machineSettingsRoutes(main)
      skuRoutes(main)
      templateRoutes(main)
      deviceRoutes(main, { commandTtlMs: config.machineCommandTtlS * 1000 })
      promotionRoutes(main)
      exportRoutes(main, {
        maxPendingPerUser: config.exportMaxPendingPerUser,
        retentionDays: config.exportRetentionDays,
        jobs: options.exports === false ? false : { holdMs: config.testJobDelayMs, ...options.exports },
      })
      mtSummaryRoutes(main)
      creditLogRoutes(main)
      closedLoopRoutes(main)
      paymentConfigRoutes(main)
      integrationOptionRoutes(main)
      srsBuddyRoutes(main)
      medicalTermsRoutes(main)
      carbonRoutes(main)
      jobRoutes(main)
      machineKeyRoutes(main)
      searchRoutes(main)
      machineCommandRoutes(main, { commandTtlMs: config.machineCommandTtlS * 1000 })
      liveRoutes(main, options.live?.stream)
      alertRoutes(main)
      webhookRoutes(main, { production: config.production, ...options.webhooks })
      savedViewRoutes(main)
      ocpiPartnerRoutes(main, ocpi)
      ocpiCommandRoutes(main, ocpi)
      ocpiCdrListRoutes(main)
      reportRoutes(main)
      bulkRoutes(main, {
        commandTtlMs: config.machineCommandTtlS * 1000,
        publicUrl: config.publicUrl,
      })
      done()
    },
    { prefix: '/api/main' },
  )
  // Machines (issue 15): their own key, their own prefix, nothing a user's token opens.
  await app.register(
    (machines, _opts, done) => {
      registerMachineAuthHook(machines, handle.db, { perMinute: config.machineRateLimitPerMin })
      machineApiRoutes(machines)
      done()
    },
    { prefix: '/api/machine' },
  )
  // Roaming partners (issue 17): OCPI 2.2.1 under /ocpi, with the partner's token.
  await registerOcpiProtocol(app, ocpi, options.ocpi)
  await app.register(
    (charging, _opts, done) => {
      registerAuthHook(charging, handle.db, 'Token')
      chargingEntityRoutes(charging)
      locationRoutes(charging)
      tariffRoutes(charging)
      chargingSessionRoutes(charging)
      chargingHomeRoutes(charging)
      evDeviceRoutes(charging)
      evUserRoutes(charging)
      ocppRoutes(charging)
      done()
    },
    { prefix: '/api/charging' },
  )
  await app.register(
    (bus, _opts, done) => {
      registerAuthHook(bus, handle.db, 'Token')
      busSessionRoutes(bus)
      voltnetSessionRoutes(bus)
      driverRoutes(bus, config.userInfoHost)
      done()
    },
    { prefix: '/api/bus' },
  )
  await app.register(
    (forms, _opts, done) => {
      registerAuthHook(forms, handle.db, 'Token')
      campaignRoutes(forms)
      done()
    },
    { prefix: '/api/forms' },
  )
  await app.register(
    (reporting, _opts, done) => {
      registerAuthHook(reporting, handle.db, 'Token')
      reportingRoutes(reporting)
      done()
    },
    { prefix: '/api/reporting' },
  )
  await app.register(
    (cases, _opts, done) => {
      // The verification-form client sends Bearer (DESIGN.md), unlike every other client.
      registerAuthHook(cases, handle.db, 'Bearer')
      caseRoutes(cases)
      done()
    },
    { prefix: '/api/cases' },
  )

  await registerWeb(app, config.webDist)
  return app
}
