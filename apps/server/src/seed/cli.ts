import { parseArgs } from 'node:util'
import { loadConfig } from '../config/env'
import { openDatabase } from '../db/database'
import { migrateToLatest, migrateToNothing } from '../db/migrate'
import { isDatabaseEmpty, seedDemoData } from './seed'

/**
 * npm run seed -- [--scale N|large|xlarge] [--rows N] [--seed S] [--now ISO] [--no-items] [--reset]
 * Generates deterministic demo data into DATABASE_URL (development databases only).
 * `--scale large` is a preset: every area at scale 1, plus 1,000,000 machine order items, payment transactions and
 * charging sessions (the large-list benchmarks' size, docs/decisions/0014-orders-transactions.md and 0023);
 * `--scale xlarge` the same with 10,000,000 of each (issue 13 §4, meant for PostgreSQL). `--rows N` sets that row
 * target on any scale (to measure the bulk load at a size between the presets).
 */
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20261123' },
    now: { type: 'string' },
    rows: { type: 'string' },
    'no-items': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
  },
})

const config = loadConfig()
// Demo accounts (password demo1234, a platform admin) belong only where development features are on.
if (!config.devFeatures) {
  console.error(
    'Refusing to seed demo data: development features are off (they need PORTAL_ENV=dev, NODE_ENV not production, ' +
      'and PORTAL_DEV_FEATURES not 0).',
  )
  process.exit(1)
}
/** The presets: areas keep their demo size (they multiply by scale), the big lists get a row target. */
const PRESETS: Record<string, { scale: number; rowTarget: number }> = {
  large: { scale: 1, rowTarget: 1_000_000 },
  xlarge: { scale: 1, rowTarget: 10_000_000 },
}
const preset = PRESETS[values.scale]
const scale = preset ? preset.scale : Number(values.scale)
if (!Number.isFinite(scale) || scale <= 0) {
  console.error(`--scale must be a positive number, got ${values.scale}`)
  process.exit(1)
}
const rowTarget = values.rows === undefined ? preset?.rowTarget : Number(values.rows)
if (rowTarget !== undefined && (!Number.isInteger(rowTarget) || rowTarget <= 0)) {
  console.error(`--rows must be a positive whole number, got ${values.rows ?? ''}`)
  process.exit(1)
}
const now = values.now ? Date.parse(values.now) : Date.now()
if (Number.isNaN(now)) {
  console.error(`--now must be an ISO date, got ${values.now}`)
  process.exit(1)
}

const handle = openDatabase(config.databaseUrl)
try {
  if (values.reset) {
    await migrateToNothing(handle.db)
    await handle.db.schema.dropTable('kysely_migration').ifExists().execute()
    await handle.db.schema.dropTable('kysely_migration_lock').ifExists().execute()
  }
  await migrateToLatest(handle.db)
  if (!(await isDatabaseEmpty(handle.db))) {
    console.error('The database already has data; run with --reset to replace it.')
    process.exit(1)
  }
  const started = Date.now()
  const result = await seedDemoData(handle.db, {
    seed: Number(values.seed),
    now,
    scale,
    withItems: !values['no-items'],
    ...(rowTarget === undefined ? {} : { rowTarget }),
    ...(handle.newClient ? { newClient: handle.newClient } : {}),
    // The big loads take minutes: say where the time goes.
    ...(rowTarget === undefined
      ? {}
      : { onStage: (name: string, ms: number) => console.warn(`  ${name}: ${(ms / 1000).toFixed(1)} s`) }),
  })
  console.log(
    `Seeded ${result.machines} machines in ${((Date.now() - started) / 1000).toFixed(1)} s into ${config.databaseUrl}`,
  )
} finally {
  await handle.destroy()
}
