import { buildApp } from './app'
import { loadConfig } from './config/env'
import { databaseOptionsOf, openDatabase } from './db/database'
import { migrateToLatest, optimizeOnStart } from './db/migrate'
import { untilDatabaseAnswers } from './db/wait-for-database'
import { isDatabaseEmpty, seedDemoData } from './db/seed/seed'
import { startDemoHeartbeats } from './modules/charging/devices/demo-heartbeats'

const config = loadConfig()
const database = openDatabase(config.databaseUrl, databaseOptionsOf(config))
// A database not up yet (started together, restarting) is waited for, with backoff; the steps are safe to repeat.
const retry = { log: (message: string) => console.warn(message) }
await untilDatabaseAnswers('migrate', () => migrateToLatest(database.db), retry)
await untilDatabaseAnswers('optimize', () => optimizeOnStart(database.db), retry)

if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
  const started = Date.now()
  const { machines } = await seedDemoData(database.db, { seed: 20261123, now: Date.now(), scale: 1 })
  console.warn(
    `Demo data created (${machines} machines) in ${Date.now() - started} ms. Every demo password is demo1234.`,
  )
}

const app = await buildApp(config, { database, migrate: false })
// The demo chargers' heartbeats, where the demo data lives (development only).
const stopHeartbeats = config.seedDemo ? startDemoHeartbeats(database.db) : () => undefined

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing requests in flight')
  const timer = setTimeout(() => process.exit(1), 10_000)
  timer.unref()
  try {
    stopHeartbeats()
    await app.close()
    await database.destroy()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
app.log.info(
  `Operator Portal on http://${config.host}:${config.port} (${database.dialect}, env ${config.portalEnv})`,
)
