// Temporary measurement script (helper "tar"); deleted after use.
import { openDatabase } from './src/db/database'
import { migrateToLatest, analyze } from './src/db/migrate'
import { pageTariffs } from './src/modules/charging/tariffs/tariff.repository'
import pg from 'pg'

const url = process.argv[2] ?? 'sqlite:/tmp/tar/bench/t.sqlite'
const N = 1_000_000
let schema: string | undefined
if (url.startsWith('postgres') && process.env.SKIP_INSERT !== '1') {
  schema = 'tar_bench'
  const c = new pg.Client({ connectionString: url }); await c.connect()
  await c.query(`drop schema if exists ${schema} cascade`); await c.query(`create schema ${schema}`); await c.end()
}
const skip = process.env.SKIP_INSERT === '1'
if (skip) schema = url.startsWith('postgres') ? 'tar_bench' : undefined
const h = openDatabase(url, schema ? { schema } : {})
const db = h.db
const now0 = Date.UTC(2026, 10, 23)
if (!skip) {
const now = now0
await migrateToLatest(db)

for (const code of ['BIG', 'SMALL']) {
  await db.insertInto('entity').values({ code, name: code, logo_url: null, preferred_identifier: null, industries: '[]', roles: '[]', ev_backend_url: null, parent_code: null, currency_code: 'SGD', time_zone: 'Asia/Singapore', created_at: now, updated_at: now }).execute()
}
const elements = JSON.stringify([{ price_components: [{ type: 'ENERGY', price: 0.55, vat: 9, step_size: 1 }] }])
const t0 = Date.now()
const B = 2000
for (let i = 0; i < N; i += B) {
  const rows = []
  for (let k = i; k < i + B; k++)
    rows.push({ entity_code: k % 100 === 0 ? 'SMALL' : 'BIG', uid: `u${k}`, external_id: `BIG-${k % 2 ? 'AC' : 'DC'}-${k}-SG`, name: `Tariff ${k}`, currency: 'SGD', type: null, elements, min_price_excl_vat: null, max_price_excl_vat: null, start_date_time: null, end_date_time: null, created_at: now - k * 1000, updated_at: now - k * 1000 })
  await db.insertInto('ev_tariff').values(rows).execute()
}
await analyze(db)
console.log(`inserted ${N} in ${Date.now() - t0} ms`)
}
async function time(label: string, fn: () => Promise<unknown>) {
  await fn()
  const runs = 5
  const s = performance.now()
  let n = 0
  for (let i = 0; i < runs; i++) n = ((await fn()) as unknown[]).length
  console.log(`${label}: ${((performance.now() - s) / runs).toFixed(2)} ms (${n} rows)`)
}
const page = { limit: 25, offset: 0 }
const now = Date.UTC(2026, 10, 23)
await time('first page, no filter', () => pageTariffs(db, ['BIG'], {}, page))
await time('first page, a 7-day range', () => pageTariffs(db, ['BIG'], { dateFrom: now - 500_000_000, dateTo: now - 495_000_000 }, page))
await time('external_id common (-AC-)', () => pageTariffs(db, ['BIG'], { externalId: '-ac-' }, page))
await time('external_id exact-ish rare', () => pageTariffs(db, ['BIG'], { externalId: 'BIG-DC-777778-SG' }, page))
await time('external_id none matching', () => pageTariffs(db, ['BIG'], { externalId: 'nothing' }, page))
await time('external_id rare + 1-day range', () => pageTariffs(db, ['BIG'], { externalId: 'nothing', dateFrom: now - 86_400_000 * 3, dateTo: now - 86_400_000 * 2 }, page))
await time('offset 500000', () => pageTariffs(db, ['BIG'], {}, { limit: 25, offset: 500_000 }))
await time('probe limit 1 offset 25', () => pageTariffs(db, ['BIG'], {}, { limit: 1, offset: 25 }))
await time('small entity (10k rows) first page', () => pageTariffs(db, ['SMALL'], {}, page))
await time('small entity (10k rows) external_id none matching', () => pageTariffs(db, ['SMALL'], { externalId: 'nothing' }, page))
await time('two entities first page', () => pageTariffs(db, ['BIG', 'SMALL'], {}, page))
await h.destroy()
if (schema && process.env.KEEP !== '1') { const c = new pg.Client({ connectionString: url }); await c.connect(); await c.query(`drop schema if exists ${schema} cascade`); await c.end() }
