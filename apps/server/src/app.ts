import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { mkdirSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import Fastify, { LogController } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/env'
import type { DatabaseHandle, Db, Dialect } from './db/database'
import { CountCache } from './lib/count-cache'
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id'
import { LoginThrottle } from './lib/login-throttle'
import type { SmsSender } from './lib/sms'
import { DevSmsOutbox, UnconfiguredSmsSender } from './lib/sms'
import { devRoutes } from './modules/dev/dev.routes'
import { databaseOptionsOf, openDatabase } from './db/database'
import { migrateToLatest, optimizeOnStart } from './db/migrate'
import { configRoutes } from './modules/health/config.routes'
import { healthRoutes } from './modules/health/health.routes'
import { authRoutes } from './modules/iam/auth/auth.routes'
import { auditRoutes } from './modules/iam/audit/audit.routes'
import { chargingEntityRoutes, entityRoutes } from './modules/iam/entities/entity.routes'
import { integrationOptionRoutes } from './modules/iam/integration-options/integration-option.routes'
import { policyRoutes } from './modules/iam/policies/policy.routes'
import { roleRoutes } from './modules/iam/roles/role.routes'
import { setRoutes } from './modules/iam/sets/set.routes'
import { userRoutes } from './modules/iam/users/user.routes'
import { machineRoutes } from './modules/iot/machines/machine.routes'
import { orderRoutes } from './modules/iot/orders/order.routes'
import { transactionRoutes } from './modules/payment/transactions/transaction.routes'
import { machineSettingsRoutes } from './modules/iot/machines/machine-settings.routes'
import { skuRoutes } from './modules/iot/skus/sku.routes'
import { templateRoutes } from './modules/iot/templates/template.routes'
import { deviceRoutes } from './modules/iot/devices/device.routes'
import { promotionRoutes } from './modules/promo/promotions/promotion.routes'
import { exportRoutes } from './modules/exports/export.routes'
import type { RunnerOptions } from './modules/exports/export-runner'
import { ExportRunner } from './modules/exports/export-runner'
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
import { registerAuthHook } from './plugins/auth'
import { registerErrorHandling } from './plugins/errors'
import { registerOpenApi } from './plugins/openapi'
import { registerWeb } from './plugins/web'

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
  throttle?: LoginThrottle
  /** Export job runner settings (tests shorten the polling); `false` runs no runner in this process. */
  exports?: Omit<RunnerOptions, 'dir'> | false
}

/**
 * Builds the whole server without listening: tests call it and use `app.inject()`; server.ts listens.
 * One process serves every service prefix of DESIGN.md and the built web app.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: true,
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

  const ownsDatabase = options.database === undefined
  const handle = options.database ?? openDatabase(config.databaseUrl, databaseOptionsOf(config))
  if (options.migrate !== false) {
    await migrateToLatest(handle.db)
    await optimizeOnStart(handle.db)
  }
  app.decorate('db', handle.db)
  app.decorate('dialect', handle.dialect)
  app.decorate('counts', new CountCache())
  app.decorateRequest('auth', null)
  app.decorateRequest('access', null)
  app.decorate('routeTable', [])
  if (ownsDatabase) app.addHook('onClose', () => handle.destroy())

  await app.register(helmet, {
    // The SPA loads its own hashed scripts and styles; inline styles come from React style props.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  })
  await app.register(cookie)
  await app.register(multipart)
  await registerOpenApi(app)
  // Uploaded images (avatars, logos) under unguessable names; never index a directory.
  mkdirSync(config.uploadsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
  })

  const sms =
    options.sms ??
    (config.production ? new UnconfiguredSmsSender() : new DevSmsOutbox((line) => app.log.info(line)))
  const throttle = options.throttle ?? new LoginThrottle()
  // Export jobs are written in this process (DESIGN.md), from when the app is ready until it closes.
  const exportRunner = new ExportRunner(handle.db, {
    dir: config.exportsDir,
    log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
    ...(options.exports || {}),
  })
  if (options.exports !== false) {
    app.addHook('onReady', (done) => {
      exportRunner.start()
      done()
    })
    app.addHook('preClose', () => exportRunner.stop())
  }

  healthRoutes(app)
  configRoutes(app, config)
  await app.register(
    (main, _opts, done) => {
      registerAuthHook(main, handle.db, 'Token')
      authRoutes(main, { accessTokenTtlS: config.accessTokenTtlS, throttle, sms })
      if (!config.production) devRoutes(main, sms instanceof DevSmsOutbox ? sms : null)
      entityRoutes(main)
      userRoutes(main, config)
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
      deviceRoutes(main)
      promotionRoutes(main)
      exportRoutes(main, exportRunner, config.exportsDir)
      mtSummaryRoutes(main)
      creditLogRoutes(main)
      closedLoopRoutes(main)
      paymentConfigRoutes(main)
      integrationOptionRoutes(main)
      srsBuddyRoutes(main)
      medicalTermsRoutes(main)
      carbonRoutes(main)
      done()
    },
    { prefix: '/api/main' },
  )
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
