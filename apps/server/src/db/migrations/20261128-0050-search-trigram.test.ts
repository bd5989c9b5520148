import type { MachineFilter } from '@portal/contract'
import type { KyselyPlugin, QueryId, RootOperationNode, UnknownRow } from 'kysely'
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countMachines, findMachinePage } from '../../modules/iot/machines/machine.repository'
import { seedDemoData } from '../../seed/seed'
import { freshDatabase, TEST_NOW } from '../../test-support'
import type { Db } from '../database'
import { migrateTo, migrateToLatest } from '../migrate'
import { trigramIndexName } from './20261128-0050-search-trigram'

/*
 * Migration 0050 puts pg_trgm GIN indexes under the lists' contains-searches (docs/decisions/0099-search-trigram.md).
 * An index only helps when its expression is exactly the searched one, so these tests EXPLAIN the queries the
 * repository really sends (captured as it runs them) and look for the indexes in the plans. PostgreSQL only.
 */

/** Records the queries a Kysely instance runs, to EXPLAIN them afterwards with their own parameters. */
class Capture implements KyselyPlugin {
  readonly queries: { node: RootOperationNode; queryId: QueryId }[] = []
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    this.queries.push(args)
    return args.node
  }
  transformResult(args: { result: { rows: UnknownRow[] } }) {
    return Promise.resolve(args.result)
  }
}

async function explain(db: Db, run: (db: Db) => Promise<unknown>): Promise<string> {
  const capture = new Capture()
  await run(db.withPlugin(capture))
  const plans: string[] = []
  for (const { node, queryId } of capture.queries) {
    const compiled = db.getExecutor().compileQuery(node, queryId)
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    )
    plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'))
  }
  return plans.join('\n---\n')
}

const filter = (f: Partial<MachineFilter>): MachineFilter => ({
  limit: 20,
  offset: 0,
  active_filter: 0,
  ...f,
})

const MACHINES = 20_000

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0050 (search trigram indexes) on postgres', () => {
  let db: Db
  let cleanup: () => Promise<void>
  let close: () => Promise<void>

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres')
    db = fresh.handle.db
    close = () => fresh.handle.destroy()
    cleanup = fresh.cleanup
    await migrateToLatest(db)
    await seedDemoData(db, { seed: 7, now: TEST_NOW, scale: 0.01 })
    // Enough varied machines, copied from a seeded one in one statement, for the planner to prefer an index.
    await sql`insert into machine (entity_code, username, serial_number, alias, location, postal_code, overall_status,
        core_service_status, machine_service_status, payment_service_status, reader_manager_status, model_number,
        last_activity_time, last_maintenance_time, vmc_type, vmc_port, payment_selections, is_active, capacity, stock,
        tags, general_settings, service_statuses, currency_code, created_at, updated_at)
      select m.entity_code, 'u' || md5(g::text), 'SN' || lpad(g::text, 8, '0'), 'Alias ' || md5('a' || g::text),
        g || ' ' || md5('l' || g::text) || ' Street', lpad((g % 999999)::text, 6, '0'), m.overall_status,
        m.core_service_status, m.machine_service_status, m.payment_service_status, m.reader_manager_status,
        m.model_number, m.last_activity_time, m.last_maintenance_time, m.vmc_type, m.vmc_port, m.payment_selections,
        m.is_active, m.capacity, m.stock, m.tags, m.general_settings, m.service_statuses, m.currency_code,
        m.created_at, m.updated_at
      from (select * from machine where entity_code = 'VEND' order by id limit 1) m
      cross join generate_series(1, ${sql.lit(MACHINES)}) g`.execute(db)
    // VACUUM moves the rows out of the GIN pending list (fastupdate), which the planner prices as a scan; autovacuum
    // does it in service, the bulk loads call vacuumAfterBulkLoad.
    await sql`vacuum analyze machine`.execute(db)
  }, 60_000)
  afterAll(async () => {
    await close()
    await cleanup()
  })

  it('pg_trgm lives in a shared schema, never in the suite schema that is dropped at its end', async () => {
    const { rows } = await sql<{ schema: string; current: string }>`select n.nspname as schema,
        current_schema() as current
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
      db,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.schema).not.toBe(rows[0]?.current)
  })

  it('a search of every column of the Machines list uses the trigram indexes, for the page and the count', async () => {
    const f = filter({ search_value: 'sn00012345' })
    const plan = await explain(db, async (d) => {
      await findMachinePage(d, 'VEND', f, null)
      await countMachines(d, 'VEND', f, null)
    })
    for (const column of ['username', 'serial_number', 'alias', 'location', 'postal_code']) {
      expect(plan).toContain(trigramIndexName('machine', column))
    }
    expect(plan).not.toMatch(/Seq Scan on machine/)
    // And it finds the machine: the index changes the plan, not the answer.
    expect((await findMachinePage(db, 'VEND', f, null)).map((m) => m.serial_number)).toEqual(['SN00012345'])
    expect(await countMachines(db, 'VEND', f, null)).toBe(1)
  })

  it('a search of one column uses that column’s index, wildcards typed by the user still matched literally', async () => {
    const plan = await explain(db, (d) =>
      countMachines(d, 'VEND', filter({ search_key: 'alias', search_value: '5a_%' }), null),
    )
    expect(plan).toContain(trigramIndexName('machine', 'alias'))
    expect(plan).not.toContain(trigramIndexName('machine', 'location'))
    expect(await countMachines(db, 'VEND', filter({ search_key: 'alias', search_value: '5a_%' }), null)).toBe(
      0,
    )
  })

  it('going back before 0050 drops the indexes and keeps the extension; forward again recreates them', async () => {
    const indexes = async () => {
      const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = current_schema() and indexname like '%trgm%'`.execute(db)
      return rows.map((r) => r.name).sort()
    }
    expect(await indexes()).toHaveLength(9)
    await migrateTo(db, '20261128-0046-export-jobs-queued')
    expect(await indexes()).toEqual([])
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_extension
      where extname = 'pg_trgm'`.execute(db)
    expect(rows[0]?.n).toBe(1)
    await migrateToLatest(db)
    expect(await indexes()).toHaveLength(9)
  })
})
