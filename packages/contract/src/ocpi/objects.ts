import { ocpiCdr } from './ocpi-cdrs'
import { ocpiLocation } from './ocpi-locations'
import { ocpiSession } from './ocpi-sessions'
import { ocpiTariff } from './ocpi-tariffs'
import { ocpiToken } from './ocpi-tokens'

/*
 * The OCPI 2.2.1 object schemas (Locations, Sessions, CDRs, Tariffs, Tokens, Commands and the common types) and the
 * pricing of a CDR with its tariff. Every exported name starts with ocpi/Ocpi/OCPI_, as the package exports
 * unrelated names like `tariffElement` and `chargingPeriod` for the portal's own model (ev/ocpi.ts).
 */

export * from './ocpi-types'
export * from './ocpi-locations'
export * from './ocpi-sessions'
export * from './ocpi-cdrs'
export * from './ocpi-tariffs'
export * from './ocpi-tokens'
export * from './ocpi-commands'
export * from './ocpi-pricing'

/** The object schema of each module's endpoints, by the module's identifier in the versions endpoint. */
export const OCPI_OBJECT_SCHEMAS = {
  locations: ocpiLocation,
  sessions: ocpiSession,
  cdrs: ocpiCdr,
  tariffs: ocpiTariff,
  tokens: ocpiToken,
} as const
