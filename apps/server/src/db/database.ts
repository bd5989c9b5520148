import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { AuditLogTable } from '../modules/iam/audit/audit.table'
import type { SsoLoginAttemptTable } from '../modules/iam/sso/sso.table'
import type { AuthChallengeTable, PasswordResetTable } from '../modules/iam/auth/challenge.table'
import type { AuthSessionTable, AuthTokenTable } from '../modules/iam/auth/session.table'
import type { EntityTable } from '../modules/iam/entities/entity.table'
import type {
  IamGrantTable,
  IamPolicyTable,
  IamRolePolicyTable,
  IamRoleTable,
} from '../modules/iam/policies/policy.table'
import type { IntegrationOptionTable } from '../modules/iam/integration-options/integration-option.table'
import type { ResourceSetTable } from '../modules/iam/sets/set.table'
import type { AppUserTable, MembershipTable } from '../modules/iam/users/user.table'
import type { ApiKeyTable, ServiceAccountTable } from '../modules/iam/service-accounts/service-account.table'
import type { MachineItemTable, MachineSetTable, MachineTable } from '../modules/iot/machines/machine.table'
import type { SkuTable } from '../modules/iot/skus/sku.table'
import type { MachineTemplateTable } from '../modules/iot/templates/template.table'
import type {
  DashboardDeviceTable,
  DeviceCommandTable,
  TcnDeviceTable,
} from '../modules/iot/devices/device.table'
import type { PromotionTable } from '../modules/promo/promotions/promotion.table'
import type { MtSummarySlotTable, MtSummaryTable } from '../modules/iot/maintenance/mt-summary.table'
import type { MachineCreditLogTable } from '../modules/iot/credit-logs/credit-log.table'
import type {
  EvChargePointTable,
  EvTokenTable,
  EvMeterReadingTable,
  EvConnectorTable,
  EvDriverTable,
  EvEvseTable,
  EvLocationTable,
  EvSessionDailyTable,
  EvSessionRefundTable,
  EvSessionTable,
  EvTariffTable,
} from '../modules/charging/ev.table'
import type { ExportJobTable } from '../modules/exports/export-job.table'
import type { JobTable } from '../jobs/job.table'
import type { LoginFailureTable } from '../lib/login-failure.table'
import type {
  OcppCommandTable,
  OcppEnrolmentTable,
  OcppMessageTable,
  OcppPendingChargerTable,
} from '../modules/ocpp/ocpp.table'
import type {
  MachineOrderItemTable,
  MachineOrderPaymentTable,
  MachineOrderStageTable,
  MachineOrderTable,
} from '../modules/iot/orders/order.table'
import type { PaymentTransactionTable } from '../modules/payment/transactions/transaction.table'
import type {
  MachineApiKeyTable,
  MachineCommandTable,
  MachineEventTable,
} from '../modules/machine-api/machine-api.table'
import type { LiveEventTable } from '../modules/live/live.table'
import type { SavedViewDefaultTable, SavedViewTable } from '../modules/views/saved-view.table'
import type {
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookTable,
} from '../modules/webhooks/webhook.table'
import type {
  OcpiIdentityTable,
  OcpiMessageTable,
  OcpiPartnerTable,
  OcpiSyncTable,
  OcpiTokenTable,
  OcpiCdrTable,
  OcpiCommandTable,
  OcpiPushQueueTable,
} from '../modules/ocpi/ocpi.table'
import type {
  AlertActivityTable,
  AlertRuleTable,
  AlertSubscriberTable,
  AlertTable,
} from '../modules/alerts/alert.table'
import type { BulkActionRowTable, BulkActionTable } from '../modules/bulk/bulk.table'
import type { ReportRunTable, ReportScheduleTable } from '../modules/reports/report.table'
import type {
  PaymentOptionTable,
  UserPaymentConfigTable,
} from '../modules/payment/payment-configs/payment-config.table'
import type {
  ClosedLoopEmployeeTable,
  ClosedLoopPersonTable,
  ClosedLoopRedemptionTable,
} from '../modules/promo/closed-loop/closed-loop.table'

export interface Database {
  ev_tariff: EvTariffTable
  ev_location: EvLocationTable
  ev_charge_point: EvChargePointTable
  ev_token: EvTokenTable
  ev_meter_reading: EvMeterReadingTable
  ev_evse: EvEvseTable
  ev_connector: EvConnectorTable
  ev_driver: EvDriverTable
  ev_session: EvSessionTable
  ev_session_refund: EvSessionRefundTable
  ev_session_daily: EvSessionDailyTable
  tcn_device: TcnDeviceTable
  dashboard_device: DashboardDeviceTable
  device_command: DeviceCommandTable
  promotion: PromotionTable
  closed_loop_person: ClosedLoopPersonTable
  closed_loop_employee: ClosedLoopEmployeeTable
  closed_loop_redemption: ClosedLoopRedemptionTable
  entity: EntityTable
  report_schedule: ReportScheduleTable
  report_run: ReportRunTable
  app_user: AppUserTable
  membership: MembershipTable
  service_account: ServiceAccountTable
  api_key: ApiKeyTable
  auth_session: AuthSessionTable
  auth_token: AuthTokenTable
  auth_challenge: AuthChallengeTable
  password_reset: PasswordResetTable
  sso_login_attempt: SsoLoginAttemptTable
  audit_log: AuditLogTable
  resource_set: ResourceSetTable
  iam_policy: IamPolicyTable
  iam_role: IamRoleTable
  iam_role_policy: IamRolePolicyTable
  iam_grant: IamGrantTable
  machine: MachineTable
  machine_set: MachineSetTable
  machine_item: MachineItemTable
  sku: SkuTable
  machine_template: MachineTemplateTable
  payment_option: PaymentOptionTable
  user_payment_config: UserPaymentConfigTable
  integration_option: IntegrationOptionTable
  mt_summary: MtSummaryTable
  mt_summary_slot: MtSummarySlotTable
  machine_credit_log: MachineCreditLogTable
  machine_order: MachineOrderTable
  machine_order_item: MachineOrderItemTable
  machine_order_stage: MachineOrderStageTable
  machine_order_payment: MachineOrderPaymentTable
  payment_transaction: PaymentTransactionTable
  export_job: ExportJobTable
  job: JobTable
  login_failure: LoginFailureTable
  ocpp_message: OcppMessageTable
  ocpp_command: OcppCommandTable
  ocpp_enrolment: OcppEnrolmentTable
  ocpp_pending_charger: OcppPendingChargerTable
  machine_api_key: MachineApiKeyTable
  machine_event: MachineEventTable
  machine_command: MachineCommandTable
  live_event: LiveEventTable
  saved_view: SavedViewTable
  saved_view_default: SavedViewDefaultTable
  webhook: WebhookTable
  webhook_delivery: WebhookDeliveryTable
  webhook_attempt: WebhookAttemptTable
  ocpi_identity: OcpiIdentityTable
  ocpi_partner: OcpiPartnerTable
  ocpi_message: OcpiMessageTable
  ocpi_sync: OcpiSyncTable
  ocpi_token: OcpiTokenTable
  ocpi_cdr: OcpiCdrTable
  ocpi_command: OcpiCommandTable
  ocpi_push_queue: OcpiPushQueueTable
  alert_rule: AlertRuleTable
  alert: AlertTable
  alert_activity: AlertActivityTable
  alert_subscriber: AlertSubscriberTable
  bulk_action: BulkActionTable
  bulk_action_row: BulkActionRowTable
}

export type Dialect = 'sqlite' | 'postgres'
export type Db = Kysely<Database>

export interface DatabaseHandle {
  db: Db
  dialect: Dialect
  destroy: () => Promise<void>
  /** PostgreSQL: the schema opened (the search path), `public` when none was named. */
  schema?: string
  /** SQLite: the database file, or ':memory:'. */
  file?: string
  /**
   * PostgreSQL: a connection of its own, outside the pool, on the same database and schema, for what holds a
   * session (an advisory lock, LISTEN). The caller connects and ends it.
   */
  newClient?: () => pg.Client
  /** PostgreSQL: the pool's connections now (open, idle, requests waiting for one), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number }
}

// node-postgres returns int8 as strings to protect precision; our int8 columns are epoch milliseconds and
// counts, which fit a double exactly, so parse them once here for both dialects to look the same.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))

export function dialectOf(url: string): Dialect {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres'
}

export interface OpenOptions {
  /** PostgreSQL schema to use as the search path (tests isolate each suite in its own schema). */
  schema?: string
  poolSize?: number
  /** PostgreSQL: how long a query waits for a connection before it fails (503), not forever. Default 5 s. */
  connectTimeoutMs?: number
  /** PostgreSQL: the server cancels any statement running longer (0: no limit, the default). */
  statementTimeoutMs?: number
  /** PostgreSQL: the connections' `application_name`, as pg_stat_activity shows them. */
  applicationName?: string
  /**
   * Called when an idle pooled connection fails (the database restarting, a TCP reset, pg_terminate_backend). The
   * pool has already dropped it and the next query opens a new one; unheard, the error would end the process.
   */
  onIdleError?: (err: Error) => void
}

/**
 * Kysely's SQLite driver prepares every statement anew; a list request runs the same four statements each time.
 * Reusing prepared statements (keyed by SQL text) saves that work. A statement still busy (an unfinished iterate,
 * as a streamed export will use) is never handed out again; a fresh one is prepared instead.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>()
  const prepare = (source: string): SQLite.Statement => {
    const cached = cache.get(source)
    if (cached && !cached.busy) return cached
    const statement = sqlite.prepare(source)
    if (!cached) {
      if (cache.size >= max) {
        const oldest = cache.keys().next()
        if (!oldest.done) cache.delete(oldest.value)
      }
      cache.set(source, statement)
    }
    return statement
  }
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

/** The pool settings the configuration names (timeouts), for every process that opens the database. */
export function databaseOptionsOf(config: {
  dbConnectTimeoutMs: number
  dbStatementTimeoutMs: number
}): OpenOptions {
  return { connectTimeoutMs: config.dbConnectTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs }
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (dialectOf(url) === 'sqlite') {
    const file = url.slice('sqlite:'.length)
    if (file !== ':memory:' && file !== '') mkdirSync(dirname(resolve(file)), { recursive: true })
    const sqlite = new SQLite(file === '' ? ':memory:' : file)
    // WAL lets list reads proceed while a write (an export job, an edit) is in progress.
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    // Reads through a memory map instead of a read() call per page: long scans (exports, counts) spend much of
    // their time copying pages otherwise. 1 GiB of address space, not of memory; the OS pages it in as needed.
    sqlite.pragma('mmap_size = 1073741824')
    // A larger page cache (64 MiB) keeps the indexes of the busy lists in memory between requests.
    sqlite.pragma('cache_size = -65536')
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
    return { db, dialect: 'sqlite', destroy: () => db.destroy(), file: file === '' ? ':memory:' : file }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    application_name: options.applicationName ?? 'operator-portal',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  })
  pool.on('error', (err) => {
    if (options.onIdleError) options.onIdleError(err)
    else console.error(`database: an idle connection failed and was dropped: ${err.message}`)
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const newClient = () =>
    new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      application_name: options.applicationName ?? 'operator-portal',
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
  return {
    db,
    dialect: 'postgres',
    destroy: () => db.destroy(),
    schema: options.schema ?? 'public',
    newClient,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
}
