/**
 * The server code the benchmark drives, in one place. Imported through relative paths: the benchmark measures the
 * very modules the server runs (no copy, no build step), and `@portal/server` only exports the app and test support.
 */
export { buildApp } from '../../apps/server/src/app'
export { testConfig } from '../../apps/server/src/config/env'
export type { DatabaseHandle, Db, Dialect } from '../../apps/server/src/db/database'
export { dialectOf, openDatabase } from '../../apps/server/src/db/database'
export { seedDemoData, MACHINES_PER_SCALE } from '../../apps/server/src/seed/seed'
export { CountCache } from '../../apps/server/src/lib/count-cache'
export { filterMachines } from '../../apps/server/src/modules/iot/machines/machine.service'
export {
  countMachines,
  findMachinePage,
  findSetsOfMachines,
} from '../../apps/server/src/modules/iot/machines/machine.repository'
export { authenticate } from '../../apps/server/src/modules/iam/auth/auth.service'

import type { Db } from '../../apps/server/src/db/database'
import { migrateToLatest as migrate, optimizeOnStart } from '../../apps/server/src/db/migrate'

/** What the server does to its database when it starts: migrations, then SQLite's statistics refresh. */
export async function migrateToLatest(db: Db): Promise<void> {
  await migrate(db)
  await optimizeOnStart(db)
}
export { countOrderItems, filterOrderItems } from '../../apps/server/src/modules/iot/orders/order.service'
export { filterTransactions } from '../../apps/server/src/modules/payment/transactions/transaction.service'
export { listSessions } from '../../apps/server/src/modules/charging/sessions/session.service'
export {
  countMatchingLocations,
  listLocations,
} from '../../apps/server/src/modules/charging/locations/location.service'
export type { Caller } from '../../apps/server/src/lib/request-meta'
export { cpoHome, emspHome } from '../../apps/server/src/modules/charging/home/home.service'
export { carbonDb } from '../../apps/server/src/modules/carbon/carbon.table'
export { carbonScopeOf } from '../../apps/server/src/modules/carbon/carbon-scope'
export { deriveCarbonRecords } from '../../apps/server/src/modules/carbon/carbon-ledger'
export { recordDashboard } from '../../apps/server/src/modules/carbon/record.service'
