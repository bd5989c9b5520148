import type { Migration, MigrationProvider } from 'kysely'
import { Migrator, NO_MIGRATIONS, sql } from 'kysely'
import { isPostgres } from '../lib/sql'
import type { Db } from './database'
import * as foundation from './migrations/20261123-0001-foundation'
import * as machineStatusIndexes from './migrations/20261123-0002-machine-status-indexes'
import * as sessions from './migrations/20261123-0003-sessions'
import * as iam from './migrations/20261123-0004-iam'
import * as entitySettings from './migrations/20261123-0005-entity-settings'
import * as orders from './migrations/20261123-0006-orders-payments'
import * as exportJobs from './migrations/20261123-0007-export-jobs'
import * as catalogue from './migrations/20261123-0008-catalogue'
import * as maintenanceCredits from './migrations/20261123-0009-maintenance-credits'
import * as devicesPromotions from './migrations/20261123-0010-devices-promotions'
import * as closedLoop from './migrations/20261123-0011-closed-loop'
import * as evCharging from './migrations/20261124-0012-ev-charging'
import * as evSessions from './migrations/20261124-0016-ev-sessions'
import * as casesCampaigns from './migrations/20261124-0030-cases-campaigns'
import * as srsMedicalTerms from './migrations/20261124-0031-srs-medical-terms'
import * as chargeLocations from './migrations/20261124-0013-charge-locations'
import * as tariffs from './migrations/20261124-0014-tariffs'
import * as drivers from './migrations/20261124-0015-drivers'
import * as busSessions from './migrations/20261124-0017-bus-sessions'
import * as evOverview from './migrations/20261124-0018-ev-overview'
import * as reporting from './migrations/20261124-0032-reporting'
import * as carbon from './migrations/20261124-0033-carbon'
import * as rollupKeys from './migrations/20261124-0034-rollup-keys'
import * as jobQueue from './migrations/20261128-0040-job-queue'
import * as loginFailure from './migrations/20261128-0044-login-failure'
import * as exportJobsQueued from './migrations/20261128-0046-export-jobs-queued'
import * as searchTrigram from './migrations/20261128-0050-search-trigram'
import * as ocpp from './migrations/20261129-0051-ocpp'
import * as evTokens from './migrations/20261129-0052-ev-tokens'
import * as ocppTransactions from './migrations/20261129-0053-ocpp-transactions'
import * as ocppEnrolment from './migrations/20261129-0054-ocpp-enrolment'
import * as ocppCommandLinks from './migrations/20261129-0055-ocpp-command-links'
import * as machineApi from './migrations/20261129-0056-machine-api'
import * as machineCommands from './migrations/20261129-0057-machine-commands'
import * as liveEvents from './migrations/20261129-0058-live-events'
import * as refundEmsp from './migrations/20261129-0059-refund-emsp'
import * as alerts from './migrations/20261129-0060-alerts'
import * as webhooks from './migrations/20261129-0061-webhooks'
import * as ocpi from './migrations/20261129-0062-ocpi'
import * as ocpiTariffs from './migrations/20261129-0063-ocpi-tariffs'
import * as ocpiMessageAge from './migrations/20261129-0064-ocpi-message-age'
import * as ocpiRoaming from './migrations/20261130-0065-ocpi-roaming'
import * as serviceAccounts from './migrations/20261130-0066-service-accounts'
import * as searchIndexes from './migrations/20261130-0067-search-indexes'
import * as savedViews from './migrations/20261130-0068-saved-views'
import * as bulkActions from './migrations/20261130-0069-bulk-actions'
import * as sso from './migrations/20261130-0070-sso'
import * as reportSchedules from './migrations/20261130-0071-report-schedules'

/** Migrations are listed here in order, so the bundle needs no file-system discovery. */
const MIGRATIONS: Record<string, Migration> = {
  '20261123-0001-foundation': foundation,
  '20261123-0002-machine-status-indexes': machineStatusIndexes,
  '20261123-0003-sessions': sessions,
  '20261123-0004-iam': iam,
  '20261123-0005-entity-settings': entitySettings,
  '20261123-0006-orders-payments': orders,
  '20261123-0007-export-jobs': exportJobs,
  '20261123-0008-catalogue': catalogue,
  '20261123-0009-maintenance-credits': maintenanceCredits,
  '20261123-0010-devices-promotions': devicesPromotions,
  '20261123-0011-closed-loop': closedLoop,
  '20261124-0012-ev-charging': evCharging,
  '20261124-0016-ev-sessions': evSessions,
  '20261124-0030-cases-campaigns': casesCampaigns,
  '20261124-0031-srs-medical-terms': srsMedicalTerms,
  '20261124-0013-charge-locations': chargeLocations,
  '20261124-0014-tariffs': tariffs,
  '20261124-0015-drivers': drivers,
  '20261124-0017-bus-sessions': busSessions,
  '20261124-0018-ev-overview': evOverview,
  '20261124-0032-reporting': reporting,
  '20261124-0033-carbon': carbon,
  '20261124-0034-rollup-keys': rollupKeys,
  '20261128-0040-job-queue': jobQueue,
  '20261128-0044-login-failure': loginFailure,
  '20261128-0046-export-jobs-queued': exportJobsQueued,
  '20261128-0050-search-trigram': searchTrigram,
  '20261129-0051-ocpp': ocpp,
  '20261129-0052-ev-tokens': evTokens,
  '20261129-0053-ocpp-transactions': ocppTransactions,
  '20261129-0054-ocpp-enrolment': ocppEnrolment,
  '20261129-0055-ocpp-command-links': ocppCommandLinks,
  '20261129-0056-machine-api': machineApi,
  '20261129-0057-machine-commands': machineCommands,
  '20261129-0058-live-events': liveEvents,
  '20261129-0059-refund-emsp': refundEmsp,
  '20261129-0060-alerts': alerts,
  '20261129-0061-webhooks': webhooks,
  '20261129-0062-ocpi': ocpi,
  '20261129-0063-ocpi-tariffs': ocpiTariffs,
  '20261129-0064-ocpi-message-age': ocpiMessageAge,
  '20261130-0065-ocpi-roaming': ocpiRoaming,
  '20261130-0066-service-accounts': serviceAccounts,
  '20261130-0067-search-indexes': searchIndexes,
  '20261130-0068-saved-views': savedViews,
  '20261130-0069-bulk-actions': bulkActions,
  '20261130-0070-sso': sso,
  '20261130-0071-report-schedules': reportSchedules,
}

class StaticProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS)
  }
}

/**
 * On PostgreSQL the migration bookkeeping tables are pinned to the current schema: Kysely otherwise finds them in
 * any schema of the database (a test's or the benchmark's) and skips creating its own.
 */
async function currentSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  return rows[0]?.schema
}

export async function migrateToLatest(db: Db): Promise<void> {
  const schema = await currentSchema(db)
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error !== undefined || failed) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
}

/** Undoes every migration, newest first (the seed CLI's --reset): later tables reference earlier ones. */
export async function migrateToNothing(db: Db): Promise<void> {
  await migrateTo(db, NO_MIGRATIONS)
}

/** Migrates up or down to the named migration (the tests of a migration that rebuilds data use it). */
export async function migrateTo(db: Db, target: string | typeof NO_MIGRATIONS): Promise<void> {
  const schema = await currentSchema(db)
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  })
  const { error } = await migrator.migrateTo(target)
  if (error !== undefined) {
    throw new Error(`Migration failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`)
  }
}

/**
 * Refreshes the planner's statistics. SQLite never gathers them by itself, and without them it will not combine
 * indexes for an OR of status filters; PostgreSQL's autovacuum does it eventually, but not right after a bulk load.
 */
export async function analyze(db: Db): Promise<void> {
  await sql`analyze`.execute(db)
}

/**
 * After a bulk load on PostgreSQL: VACUUM sets the visibility map, without which an index-only scan re-reads every
 * row from the table (a capped 7-day count of sessions took 1.6 s right after the large seed, 70-150 ms after).
 * SQLite has no such map; `analyze` covers it there.
 */
export async function vacuumAfterBulkLoad(db: Db, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db) || tables.length === 0) return
  await sql`vacuum analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db)
}

/** At start: SQLite's recommended `PRAGMA optimize`, which analyses tables whose statistics are missing or stale. */
export async function optimizeOnStart(db: Db): Promise<void> {
  if (!isPostgres(db)) await sql`pragma optimize = 0x10002`.execute(db)
}
