import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { dropRunDatabases, removeSqliteTemplates } from './database-templates'

/*
 * The PostgreSQL run's schemas and databases (test-support/index.ts, database-templates.ts): suites make their own,
 * and they are all dropped here once every suite has finished, not as each suite closes, with the run's SQLite
 * templates. Kysely's migrator lists the tables of every schema it may use
 * (has_schema_privilege on each), and a schema another suite drops between that listing and the check fails the
 * migration with `schema "t_…" does not exist` (seen in CI). A run id in the names keeps a second run on the same
 * database (a developer's, beside CI's) from dropping this one's.
 */

const RUN_KEY = 'PORTAL_TEST_RUN'

export function setup(): void {
  process.env[RUN_KEY] = randomBytes(4).toString('hex')
}

export async function teardown(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL
  const run = process.env[RUN_KEY]
  if (run) removeSqliteTemplates(run)
  if (!url || !run) return
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like $1`,
      [`t\\_${run}\\_%`],
    )
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`)
    await dropRunDatabases(client, run)
  } finally {
    await client.end()
  }
}
