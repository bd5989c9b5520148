import { buildApp } from './app'
import { loadConfig } from './config/env'
import { databaseOptionsOf, openDatabase } from './db/database'
import { prepareDatabase } from './db/prepare-database'
import { isDatabaseEmpty, seedDemoData } from './seed/seed'
import { startDemoHeartbeats } from './modules/charging/devices/demo-heartbeats'
import { startDemoFleet } from './simulator/demo-fleet'
import { startDemoNetwork } from './simulator/demo-network'

const config = loadConfig()
const database = openDatabase(config.databaseUrl, databaseOptionsOf(config))
// Migrate, optimize and seed once, under the start-up lock, however many instances start together
// (docs/decisions/0091-instances-jobs-events.md); a database not up yet is waited for, with backoff.
await prepareDatabase(database, {
  log: (message) => console.warn(message),
  isEmpty: (handle) => isDatabaseEmpty(handle.db),
  seed: config.seedDemo
    ? async (handle) => {
        const started = Date.now()
        const { machines } = await seedDemoData(handle.db, {
          seed: 20261123,
          now: Date.now(),
          scale: config.demoScale,
        })
        console.warn(
          `Demo data created (${machines} machines) in ${Date.now() - started} ms. Every demo password is demo1234.`,
        )
      }
    : undefined,
})

const app = await buildApp(config, { database, migrate: false })
// The demo chargers' heartbeats, where the demo data lives (development only): written directly, unless simulated
// chargers drive the demo network over OCPP (PORTAL_DEMO_SIMULATOR, which `npm start` turns on).
const stopHeartbeats =
  config.seedDemo && !config.demoSimulator ? startDemoHeartbeats(database.db) : () => undefined
let stopDemoNetwork: () => Promise<void> = () => Promise.resolve()
let stopDemoFleet: () => Promise<void> = () => Promise.resolve()

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing requests in flight')
  // app.close() stops accepting, lets requests in flight finish and (preClose) hands running jobs back to the
  // queue before the database closes; a request that never ends must not keep the process up forever.
  const timer = setTimeout(() => process.exit(1), config.shutdownTimeoutMs)
  timer.unref()
  try {
    stopHeartbeats()
    await stopDemoNetwork()
    await stopDemoFleet()
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
if (config.demoSimulator) {
  // The chargers connect to this server itself, over loopback when it listens on every address.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  stopDemoNetwork = await startDemoNetwork(database.db, { host, port: config.port }, (line) =>
    app.log.info(line),
  )
  // And a dozen vending machines report through the machine API with their demo keys (issue 15).
  stopDemoFleet = await startDemoFleet(database.db, `http://${host}:${String(config.port)}`, (line) =>
    app.log.info(line),
  )
}
