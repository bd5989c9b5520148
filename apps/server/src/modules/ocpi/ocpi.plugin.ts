import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/env'
import type { Resolve } from '../webhooks/webhook-send'
import type { OcpiSettings } from './ocpi-handshake.service'
import { ocpiCommandCpoRoutes } from './ocpi-commands-cpo.routes'
import { ocpiCommandEmspRoutes } from './ocpi-commands-emsp.routes'
import { registerOcpiCommandJobs } from './ocpi-commands.jobs'
import { ocpiCpoRoutes } from './ocpi-cpo.routes'
import { ocpiEmspRoutes } from './ocpi-emsp.routes'
import { ocpiProtocolRoutes } from './ocpi-protocol.routes'
import { registerOcpiPrune } from './ocpi-prune'
import { registerOcpiScope } from './ocpi-scope'
import { registerOcpiJobs } from './ocpi-sync.jobs'
import { ocpiTokenRoutes } from './ocpi-tokens.routes'
import { ocpiSessionRoutes } from './ocpi-sessions.routes'
import { registerOcpiSessionPush } from './ocpi-session-push.jobs'
import { closeOcpiClient } from './ocpi-client'
import { foreignTokens } from './ocpi-token-authorize'

export interface OcpiOptions {
  /** Where partners reach this instance (tests listen first, then say where). Default: PORTAL_PUBLIC_URL. */
  publicUrl?: () => string | null
  /** How partners' host names are resolved (tests). */
  resolve?: Resolve
  timeoutMs?: number
  /** How often every connected partner's locations are pulled (default 6 h; 0: never on a schedule). */
  pullEveryMs?: number
}

export function ocpiSettingsOf(config: Config, options: OcpiOptions = {}): OcpiSettings {
  return {
    publicUrl: options.publicUrl ?? (() => config.publicUrl),
    ratePerMinute: config.ocpiRateLimitPerMin,
    retentionDays: config.ocpiMessageRetentionDays,
    client: {
      production: config.production,
      ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    },
  }
}

/** OCPI 2.2.1 for partners under /ocpi (issue 17): its own tokens, envelope and log. */
export async function registerOcpiProtocol(
  app: FastifyInstance,
  settings: OcpiSettings,
  options: OcpiOptions = {},
): Promise<void> {
  registerOcpiJobs(app, settings, { pullEveryMs: options.pullEveryMs ?? 6 * 3_600_000 })
  registerOcpiSessionPush(app, settings)
  app.addHook('onClose', () => closeOcpiClient(settings.client))
  // Our chargers ask partners about their drivers' tokens (modules/ocpp reads it at each connection).
  app.ocpp.foreignTokens = foreignTokens(app.db, settings.client)
  registerOcpiCommandJobs(app, settings)
  registerOcpiPrune(app.jobs, app.db, settings.retentionDays)
  await app.register(
    (ocpi, _opts, done) => {
      registerOcpiScope(ocpi, app.db, { perMinute: settings.ratePerMinute })
      ocpiProtocolRoutes(ocpi, settings)
      ocpiCpoRoutes(ocpi, settings)
      ocpiEmspRoutes(ocpi)
      ocpiTokenRoutes(ocpi, settings)
      ocpiSessionRoutes(ocpi, settings)
      ocpiCommandCpoRoutes(ocpi)
      ocpiCommandEmspRoutes(ocpi)
      done()
    },
    { prefix: '/ocpi' },
  )
}
