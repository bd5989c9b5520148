import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { createTestApp, DIALECTS } from '../../test-support'
import type { Db } from '../database'
import { migrateTo, migrateToLatest } from '../migrate'

/*
 * Migration 0034 rebuilds the charging rollup (new key) from the sessions and the narrower carbon sums from the full
 * ones. A database that ran the earlier migrations must end with exactly what the seed and the ledger write on a new
 * one: seed, take the rollups, go back before 0034 and forward again, and compare.
 */

const TABLES = {
  ev_session_daily: 'entity_code, side, day, currency, counterpart',
  carbon_scenario_daily: 'crx_entity_code, day, cpo_entity_code, fo_entity_code, scenario',
  carbon_location_daily: 'crx_entity_code, day, cpo_entity_code, fo_entity_code, location_id',
} as const

/** Every row of the table in key order, numbers as numbers (PostgreSQL's sums of bigints arrive as text). */
async function rowsOf(db: Db, table: keyof typeof TABLES): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(
    TABLES[table],
  )}`.execute(db)
  return rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
    ),
  )
}

describe.each(DIALECTS)('migration 0034 (rollup keys) on %s', (dialect) => {
  let t: TestApp
  const seeded = new Map<string, Record<string, unknown>[]>()
  beforeAll(async () => {
    t = await createTestApp(dialect)
    for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
      seeded.set(table, await rowsOf(t.database.db, table))
    }
  })
  afterAll(() => t.close())

  it('the seed wrote rollups to compare (sessions on both sides, carbon records)', () => {
    const daily = seeded.get('ev_session_daily') ?? []
    expect(daily.some((r) => r.side === 'CPO')).toBe(true)
    expect(daily.some((r) => r.side === 'EMSP')).toBe(true)
    expect(seeded.get('carbon_scenario_daily')?.length).toBeGreaterThan(0)
    expect(seeded.get('carbon_location_daily')?.length).toBeGreaterThan(0)
  })

  it('down to 0033 and up again rebuilds the same rows', async () => {
    const db = t.database.db
    await migrateTo(db, '20261124-0033-carbon')
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ev_session_daily`.execute(db)
    expect(Number(rows[0]?.n)).toBeGreaterThan(0)
    await migrateToLatest(db)
    for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
      expect(await rowsOf(db, table), table).toEqual(seeded.get(table))
    }
  })
})
