import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle, Db } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { freshDatabase, TEST_NOW } from '../test-support'
import { deferIndexes } from './bulk-insert'
import { CopyLoad, copyCell, copyLines } from './copy-load'
import { fastUuid, Random } from './random'
import { seedDemoData } from './seed'

/*
 * The big presets' bulk load (docs/decisions/0101-bulk-seed-postgres.md): rows as COPY text, ids that stay unique
 * at ten million rows, indexes and constraints deferred and put back exactly, and the seed end to end through COPY.
 */

describe('COPY text', () => {
  it.each([
    [null, '\\N'],
    [0, '0'],
    [-12.5, '-12.5'],
    [1_764_000_000_000, '1764000000000'],
    ['plain', 'plain'],
    ['', ''],
    ['tab\there', 'tab\\there'],
    ['line\nbreak', 'line\\nbreak'],
    ['carriage\rreturn', 'carriage\\rreturn'],
    ['back\\slash', 'back\\\\slash'],
    ['{"a":"b\\"c"}', '{"a":"b\\\\"c"}'],
    ['\\N', '\\\\N'],
    ['Kopi O — 咖啡', 'Kopi O — 咖啡'],
  ])('%j is written as %j', (cell, text) => {
    expect(copyCell(cell)).toBe(text)
  })

  it('refuses a number PostgreSQL would not read back', () => {
    expect(() => copyCell(Number.NaN)).toThrow(/not a storable number/)
    expect(() => copyCell(Number.POSITIVE_INFINITY)).toThrow(/not a storable number/)
  })

  it('writes one tab-separated line per row', () => {
    expect(
      copyLines([
        [1, 'a', null],
        [2, 'b\tc', 3],
      ]),
    ).toBe('1\ta\t\\N\n2\tb\\tc\t3\n')
  })
})

describe('fastUuid', () => {
  it('draws the same four numbers with or without a unique tail, so nothing after it changes', () => {
    const plain = new Random(42)
    const tagged = new Random(42)
    const a = fastUuid(plain)
    const b = fastUuid(tagged, { space: 4, n: 123 })
    expect(plain.next()).toBe(tagged.next())
    expect(b.slice(0, 24)).toBe(a.slice(0, 24))
    expect(b.slice(24)).toBe('40000000007b')
  })

  it('keeps ids of two generators apart where their draws coincide', () => {
    // Two forks on the same stretch of mulberry32's cycle draw the same numbers: without a tail, the same id.
    const one = new Random(7)
    const other = new Random(7)
    expect(fastUuid(one)).toBe(fastUuid(other))
    expect(fastUuid(one, { space: 4, n: 1 })).not.toBe(fastUuid(other, { space: 4, n: 2 }))
  })

  it.each([[{ space: 1, n: 1 }], [{ space: 6, n: 9_999_999 }]])(
    'is UUID-shaped with the tail %j',
    (unique) => {
      expect(fastUuid(new Random(3), unique)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
      )
    },
  )
})

async function rows<T>(db: Db, text: string): Promise<T[]> {
  return (await db.executeQuery<T>(CompiledQuery.raw(text))).rows
}

/** Every index and constraint of the tables, as the catalogue defines them. */
async function definitions(db: Db, tables: readonly string[]): Promise<string[]> {
  const list = tables.map((t) => `'${t}'`).join(',')
  const found = await rows<{ d: string }>(
    db,
    `select regexp_replace(indexdef, ' ON [^ ]+\\.', ' ON ') as d from pg_indexes where schemaname = current_schema() and tablename in (${list})
     union all
     select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
     where connamespace = current_schema()::regnamespace
       and (conrelid::regclass::text in (${list}) or confrelid::regclass::text in (${list}))`,
  )
  return found.map((r) => r.d).sort()
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('bulk loads on postgres', () => {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres')
    handle = fresh.handle
    cleanup = fresh.cleanup
    for (const statement of [
      'create table bl_parent (id serial primary key, code text not null unique)',
      `create table bl_child (id serial primary key, parent_id int not null references bl_parent(id),
         uuid text not null unique, note text, at bigint not null)`,
      'create index bl_child_at_idx on bl_child (at desc, id desc)',
      'create table bl_grandchild (id serial primary key, child_id int references bl_child(id))',
      "insert into bl_parent (code) values ('A'), ('B')",
    ])
      await handle.db.executeQuery(CompiledQuery.raw(statement))
  })

  afterAll(async () => {
    await handle.destroy()
    await cleanup()
  })

  it('copies rows with awkward text and nulls, committed only by finish', async () => {
    const newClient = handle.newClient
    if (!newClient) throw new Error('a PostgreSQL handle has newClient')
    const copy = new CopyLoad(newClient)
    const awkward = 'tab\t, newline\n, backslash\\, quote " and 咖啡'
    await copy.write(
      'bl_child',
      ['parent_id', 'uuid', 'note', 'at'],
      [
        [1, 'u-1', awkward, 1],
        [2, 'u-2', null, 2],
      ],
    )
    expect(await rows(handle.db, 'select * from bl_child')).toEqual([])
    await copy.finish()
    const read = await rows<{ uuid: string; note: string | null; at: number }>(
      handle.db,
      'select uuid, note, at from bl_child order by id',
    )
    expect(read).toEqual([
      { uuid: 'u-1', note: awkward, at: 1 },
      { uuid: 'u-2', note: null, at: 2 },
    ])
    await handle.db.executeQuery(CompiledQuery.raw('delete from bl_child'))
  })

  it('reports a row PostgreSQL refuses, and commits none of that table', async () => {
    const newClient = handle.newClient
    if (!newClient) throw new Error('a PostgreSQL handle has newClient')
    const copy = new CopyLoad(newClient)
    await copy.write('bl_child', ['parent_id', 'uuid', 'at'], [[1, 'ok', 1]])
    await copy.write('bl_child', ['parent_id', 'uuid', 'at'], [[1, null, 2]]).catch(() => undefined)
    await expect(copy.finish()).rejects.toThrow(/null value in column "uuid"/)
    expect(await rows(handle.db, 'select * from bl_child')).toEqual([])
  })

  it('defers indexes, unique constraints and foreign keys (also those pointing in) and puts them back as they were', async () => {
    const tables = ['bl_child']
    const before = await definitions(handle.db, tables)
    const deferred = await deferIndexes(handle.db, tables)
    const during = await definitions(handle.db, tables)
    // Only the primary key stays: the index, the unique uuid, its own key and the grandchild's key are gone.
    expect(during).toEqual(
      [
        'CREATE UNIQUE INDEX bl_child_pkey ON bl_child USING btree (id)',
        'bl_child bl_child_pkey PRIMARY KEY (id)',
      ].sort(),
    )
    await deferred.restore()
    expect(await definitions(handle.db, tables)).toEqual(before)
  })

  it('refuses to put a unique constraint back over duplicates written while it was deferred', async () => {
    const deferred = await deferIndexes(handle.db, ['bl_child'])
    await handle.db.executeQuery(
      CompiledQuery.raw("insert into bl_child (parent_id, uuid, at) values (1, 'same', 1), (2, 'same', 2)"),
    )
    await expect(deferred.restore()).rejects.toThrow(/could not create unique index|duplicate/)
    await handle.db.executeQuery(CompiledQuery.raw('delete from bl_child'))
    await deferred.restore()
    expect(await definitions(handle.db, ['bl_child'])).toContain('bl_child bl_child_uuid_key UNIQUE (uuid)')
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('the big preset through COPY on postgres', () => {
  const BIG = [
    'machine_order',
    'machine_order_item',
    'payment_transaction',
    'ev_session',
    'ev_session_refund',
  ]
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  let reference: { handle: DatabaseHandle; cleanup: () => Promise<void> }

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres')
    handle = fresh.handle
    cleanup = fresh.cleanup
    await migrateToLatest(handle.db)
    const newClient = handle.newClient
    if (!newClient) throw new Error('a PostgreSQL handle has newClient')
    await seedDemoData(handle.db, { seed: 7, now: TEST_NOW, scale: 0.01, rowTarget: 4000, newClient })
    reference = await freshDatabase('postgres')
    await migrateToLatest(reference.handle.db)
  }, 120_000)

  afterAll(async () => {
    await handle.destroy()
    await cleanup()
    await reference.handle.destroy()
    await reference.cleanup()
  })

  it('reaches the row target in each big table', async () => {
    const count = async (table: string) =>
      Number((await rows<{ n: string }>(handle.db, `select count(*) as n from ${table}`))[0]?.n)
    expect(await count('machine_order_item')).toBeGreaterThanOrEqual(4000)
    expect(await count('payment_transaction')).toBeGreaterThanOrEqual(4000)
    expect(await count('ev_session')).toBeGreaterThanOrEqual(4000)
  })

  it('leaves every index and constraint the migrations made', async () => {
    expect(await definitions(handle.db, BIG)).toEqual(await definitions(reference.handle.db, BIG))
  })

  it('keeps ids unique and sequences past the ids it wrote', async () => {
    const [dupes] = await rows<{ n: string }>(
      handle.db,
      'select count(*) - count(distinct uid) as n from ev_session',
    )
    expect(Number(dupes?.n)).toBe(0)
    // A row inserted afterwards gets a fresh id (the sequence moved past the copied ones).
    const [next] = await rows<{ id: number; max: number }>(
      handle.db,
      "select nextval(pg_get_serial_sequence('ev_session', 'id')) as id, (select max(id) from ev_session) as max",
    )
    expect(Number(next?.id)).toBeGreaterThan(Number(next?.max))
  })
})
