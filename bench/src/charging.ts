/**
 * npm run bench:charging -w @portal/bench [-- --db sqlite:path] [--duration S]
 *
 * The EV charging lists at the large scale (>= 1,000,000 charging sessions, the seed's `--scale large`): the CPO's
 * sessions list (`GET /api/charging/charging-sessions/sessions`), first page and with each filter, and the charge
 * locations list with its count (`GET /api/charging/charge-points/CPO/locations` and `/count`), and the CPO and EMSP
 * homes (`GET /api/charging/home/cpo` and `/home/emsp`, read from the daily rollups). Each scenario
 * runs through HTTP beside its raw floor (the same service function in this process: queries and row mapping,
 * without HTTP, auth, validation or serialization). Target (issue 6): p95 under 25 ms. Reported, never enforced.
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { chargeLocationCountQuery, chargeLocationListQuery, evSessionListQuery } from '@portal/contract'
import { startApiServer } from './children'
import type { RunningChild } from './children'
import { LARGE_DB, openLargeDatabase } from './large'
import { signIn } from './load'
import type { PairedRow } from './paired'
import { measurePaired, pairedTable } from './paired'
import { RESULTS_DIR } from './prepare'
import { ms } from './report'
import type { Caller } from './server'
import {
  authenticate,
  CountCache,
  countMatchingLocations,
  cpoHome,
  emspHome,
  listLocations,
  listSessions,
} from './server'
import { round } from './stats'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_CHARGING_DB ?? LARGE_DB },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '3' },
  },
})
const url = values.db
const durationMs = Number(values.duration) * 1000
const TARGET_P95 = 25
const DAY = 86_400_000
const log = (line: string) => console.log(line)

type Query = Record<string, string | number | readonly string[]>

/** The query string as the portal writes it: repeated keys for lists (`status[]=A&status[]=B`). */
function queryString(query: Query): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value as readonly string[]) params.append(key, v)
    else params.append(key, String(value))
  }
  return params.toString()
}

const handle = await openLargeDatabase(url, log)
const db = handle.db
const sessions = await db
  .selectFrom('ev_session')
  .where('entity_code', '=', 'CPO')
  .select((eb) => [eb.fn.max('last_updated').as('latest'), eb.fn.countAll<number | string>().as('n')])
  .executeTakeFirstOrThrow()
// A plate and an EVSE that have sessions in the last week, for the filter scenarios.
const sample = await db
  .selectFrom('ev_session as s')
  .innerJoin('ev_evse as e', 'e.id', 's.evse_ref')
  .where('s.entity_code', '=', 'CPO')
  .where('s.license_plate', 'is not', null)
  .orderBy('s.last_updated', 'desc')
  .select(['s.license_plate', 'e.evse_id'])
  .executeTakeFirstOrThrow()
const locations = await db
  .selectFrom('ev_location')
  .where('entity_code', '=', 'CPO')
  .select((eb) => eb.fn.countAll<number | string>().as('n'))
  .executeTakeFirstOrThrow()
const end = sessions.latest
const week = { last_updated_from: end - 7 * DAY, last_updated_to: end }
const quarter = { last_updated_from: end - 90 * DAY, last_updated_to: end }
log(
  `Charging benchmark on ${url}: ${Number(sessions.n).toLocaleString('en-US')} CPO sessions, ${String(locations.n)} CPO locations; load average ${String(round(loadavg()[0] ?? 0))} on ${String(cpus().length)} cores`,
)

const shipped = await startApiServer({ url, accessTokenTtlS: 86_400 })
const uncached = await startApiServer({
  url,
  accessTokenTtlS: 86_400,
  countCacheTtlMs: 0,
})
const servers: RunningChild[] = [shipped, uncached]
const rows: PairedRow[] = []
try {
  const tokens = new Map<RunningChild, string>()
  for (const s of servers) tokens.set(s, await signIn(s.port, 'cpo'))
  const auth = await authenticate(db, tokens.get(shipped) ?? '')
  if (!auth) throw new Error('cpo could not sign in')
  const caller: Caller = { auth, ip: null, sets: null }
  const noCache = new CountCache(0)

  const run = async (
    scenario: string,
    server: RunningChild,
    path: string,
    raw: () => Promise<unknown>,
    token = tokens.get(server) ?? '',
  ) => {
    const target = {
      port: server.port,
      path,
      body: '',
      method: 'GET' as const,
      headers: { authorization: `Token ${token}` },
    }
    const row = await measurePaired(scenario, target, raw, durationMs, TARGET_P95)
    rows.push(row)
    log(`  ${scenario}: http p95 ${ms(row.http.p95)} ms, raw p95 ${ms(row.raw.p95)} ms`)
  }

  // The portal asks for 21 rows and shows 20: the 21st says there is a next page.
  const sessionScenarios: [string, Query][] = [
    ['sessions: first page, 7 days', { ...week, limit: 21, offset: 0, round_costs: 'true' }],
    [
      'sessions: status COMPLETED + STOPPED, 7 days',
      { ...week, 'status[]': ['COMPLETED', 'STOPPED'], limit: 21, offset: 0, round_costs: 'true' },
    ],
    [
      'sessions: status ACTIVE (rare), 90 days',
      { ...quarter, 'status[]': ['ACTIVE'], limit: 21, offset: 0, round_costs: 'true' },
    ],
    [
      'sessions: licence plate, 90 days',
      {
        ...quarter,
        'license_plate[]': [sample.license_plate ?? ''],
        limit: 21,
        offset: 0,
        round_costs: 'true',
      },
    ],
    [
      'sessions: EVSE id, 90 days',
      { ...quarter, evse_external_id: sample.evse_id, limit: 21, offset: 0, round_costs: 'true' },
    ],
    [
      'sessions: EMSP partner, 7 days',
      { ...week, emsp_entity_code: 'EMSP', limit: 21, offset: 0, round_costs: 'true' },
    ],
    ['sessions: page 50, 90 days', { ...quarter, limit: 21, offset: 980, round_costs: 'true' }],
  ]
  for (const [scenario, query] of sessionScenarios) {
    const parsed = evSessionListQuery.parse(query)
    await run(scenario, shipped, `/api/charging/charging-sessions/sessions?${queryString(query)}`, () =>
      listSessions(db, caller, parsed),
    )
  }

  const base = '/api/charging/charge-points/CPO/locations'
  const locationScenarios: [string, Query][] = [
    ['locations: first page, SG (the reset)', { country: 'SG', is_dashboard: 'true', limit: 20, offset: 0 }],
    [
      'locations: DC ≥ 50 kW with an AVAILABLE EVSE',
      {
        'evse_status[]': ['AVAILABLE'],
        connector_power_type: 'DC',
        connector_max_power_lower: 50,
        is_dashboard: 'true',
        limit: 20,
        offset: 0,
      },
    ],
    ['locations: name contains "mall"', { name: 'mall', is_dashboard: 'true', limit: 20, offset: 0 }],
  ]
  for (const [scenario, query] of locationScenarios) {
    const parsed = chargeLocationListQuery.parse(query)
    await run(scenario, shipped, `${base}?${queryString(query)}`, () =>
      listLocations(db, caller, 'CPO', parsed),
    )
    const counted = chargeLocationCountQuery.parse(query)
    await run(`${scenario}: count computed`, uncached, `${base}/count?${queryString(query)}`, () =>
      countMatchingLocations(db, noCache, caller, 'CPO', counted),
    )
  }

  // The homes: 30 days of trend, this month and today, the top five; the EMSP's is its customers' side.
  await run('home: CPO (network, month, trend, top locations)', shipped, '/api/charging/home/cpo', () =>
    cpoHome(db, 'CPO', 30),
  )
  const emspToken = await signIn(shipped.port, 'emsp')
  await run(
    'home: EMSP (customers, month, trend, top partners)',
    shipped,
    '/api/charging/home/emsp',
    () => emspHome(db, 'EMSP', 30),
    emspToken,
  )
} finally {
  for (const s of servers) await s.stop()
  await handle.destroy()
}

log('')
log(pairedTable(rows))
writeFileSync(
  `${RESULTS_DIR}charging-sqlite.json`,
  JSON.stringify({ at: new Date().toISOString(), node: process.version, load: loadavg(), rows }, null, 2),
)
