/**
 * Child process: the real server (buildApp, API only, silent logs) on an ephemeral port, so the load generator in
 * the parent never shares this event loop. Reports `{type:'ready', port}` over IPC; exits when the parent leaves.
 */
import { createWriteStream } from 'node:fs'
import type { ApiServerOptions, ChildMessage } from '../ipc'
import { CountCache, buildApp, openDatabase, testConfig } from '../server'

function send(message: ChildMessage) {
  process.send?.(message)
}

const raw = process.env.BENCH_API_OPTIONS
if (raw === undefined) throw new Error('BENCH_API_OPTIONS is not set')
const options = JSON.parse(raw) as ApiServerOptions

try {
  // Same pool size as the production entry point (openDatabase's default); the schema only isolates bench data.
  const database = openDatabase(options.url, options.schema === undefined ? {} : { schema: options.schema })
  const app = await buildApp(
    testConfig(options.url, {
      logLevel: options.logRequests ? 'info' : 'silent',
      accessTokenTtlS: options.accessTokenTtlS,
    }),
    // As shipped, the lines are written (serialized, redacted) to stdout; here to /dev/null, out of the report.
    {
      database,
      migrate: false,
      ...(options.logRequests ? { logStream: createWriteStream('/dev/null') } : {}),
      ...(options.liveMaxPerUser === undefined
        ? {}
        : { live: { stream: { maxPerUser: options.liveMaxPerUser } } }),
    },
  )
  // Bench-only knob: routes read `app.counts` at request time, so a replaced cache takes effect for all of them.
  if (options.countCacheTtlMs !== undefined) app.counts = new CountCache(options.countCacheTtlMs)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address')
  const stop = () => {
    void app
      .close()
      .then(() => database.destroy())
      .finally(() => process.exit(0))
  }
  process.on('disconnect', stop)
  process.on('SIGTERM', stop)
  send({ type: 'ready', port: address.port })
} catch (err) {
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) })
  process.exit(1)
}
