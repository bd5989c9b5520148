/**
 * npm run bench:ocpi -w @portal/bench [-- --locations 10000 --evses 3]
 *
 * Issue 17's locations pull: a CPO with `--locations` locations of `--evses` EVSEs each (one connector per EVSE), and
 * a partner (this process) that registers with token A and pulls every location, 100 a page, following the Link
 * header, as an eMSP would. Reported: the whole pull's time, and the server's answer per page (p50/p95, measured at
 * the client on loopback) against its floor: the same four queries a page makes (count, page, EVSEs, connectors) run
 * directly on the database, with nothing else (no HTTP, no mapping, no JSON).
 *
 * The database is a fresh SQLite file (bench/results/ocpi.sqlite); the server runs in a child process.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { startApiServer } from './children'
import { signIn } from './load'
import { RESULTS_DIR } from './prepare'
import { int, ms, table } from './report'
import { migrateToLatest, openDatabase, seedDemoData } from './server'
import { summarize } from './stats'

const { values } = parseArgs({
  options: {
    locations: { type: 'string', default: process.env.BENCH_OCPI_LOCATIONS ?? '10000' },
    evses: { type: 'string', default: process.env.BENCH_OCPI_EVSES ?? '3' },
  },
})
const LOCATIONS = Number(values.locations)
const EVSES = Number(values.evses)
const PAGE = 100
const log = (line: string) => console.log(line)

mkdirSync(RESULTS_DIR, { recursive: true })
const file = `${RESULTS_DIR}ocpi.sqlite`
for (const suffix of ['', '-wal', '-shm', '.startup-lock']) rmSync(file + suffix, { force: true })
const url = `sqlite:${file}`
const handle = openDatabase(url)
await migrateToLatest(handle.db)
await seedDemoData(handle.db, { seed: 20261129, now: Date.now(), scale: 0.005 })

// The CPO's network grows to LOCATIONS locations of EVSES EVSEs, each EVSE with one 22 kW connector.
const { db } = handle
const have = Number(
  (
    await db
      .selectFrom('ev_location')
      .where('entity_code', '=', 'CPO')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
)
const now = Date.now()
const started = performance.now()
for (let first = have; first < LOCATIONS; first += 500) {
  await db.transaction().execute(async (trx) => {
    for (let i = first; i < Math.min(first + 500, LOCATIONS); i++) {
      const at = now - i * 1000
      const location = await trx
        .insertInto('ev_location')
        .values({
          entity_code: 'CPO',
          uid: randomUUID(),
          external_id: `BENCH-${String(i)}`,
          name: `Bench site ${String(i)}`,
          address: `${String(i)} Bench Road`,
          city: 'Singapore',
          postal_code: String(100000 + i),
          state: '',
          country: 'SG',
          latitude: 1.3 + (i % 1000) / 10000,
          longitude: 103.8 + Math.floor(i / 1000) / 1000,
          directions: '',
          contact_number: '',
          parking_restrictions: '[]',
          publish: 1,
          time_zone: 'Asia/Singapore',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (let e = 1; e <= EVSES; e++) {
        const evse = await trx
          .insertInto('ev_evse')
          .values({
            entity_code: 'CPO',
            location_id: location.id,
            uid: randomUUID(),
            evse_id: `SG*SPK*B${String(i).padStart(6, '0')}*${String(e)}`,
            charge_point_id: null,
            external_id: `BENCH-${String(i)}-${String(e)}`,
            status: 'AVAILABLE',
            physical_reference: String(e),
            directions: '',
            instructions: '',
            protocol: 'BB3_OCPP',
            capabilities: '["RFID_READER","REMOTE_START_STOP_CAPABLE"]',
            parking_restrictions: '[]',
            floor_level: '',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('ev_connector')
          .values({
            entity_code: 'CPO',
            location_id: location.id,
            evse_ref: evse.id,
            uid: randomUUID(),
            connector_id: '1',
            standard: 'IEC_62196_T2',
            format: 'SOCKET',
            power_type: 'AC_3_PHASE',
            max_voltage: 400,
            max_amperage: 32,
            max_electric_power: 22_000,
            tariff_id: null,
            created_at: at,
            updated_at: at,
          })
          .execute()
      }
    }
  })
}
log(
  `network: ${int(LOCATIONS)} locations, ${int(LOCATIONS * EVSES)} EVSEs (built in ${ms((performance.now() - started) / 1000)} s)`,
)

// The floor: a page's four queries straight on the database, the way the server's repository asks them.
const floorSamples: number[] = []
for (let offset = 0; offset < LOCATIONS; offset += PAGE) {
  const t0 = performance.now()
  await db
    .selectFrom('ev_location')
    .where('entity_code', '=', 'CPO')
    .where('ocpi_partner_id', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('ev_location')
    .where('entity_code', '=', 'CPO')
    .where('ocpi_partner_id', 'is', null)
    .selectAll()
    .orderBy('id')
    .limit(PAGE)
    .offset(offset)
    .execute()
  const ids = rows.map((r) => r.id)
  await db.selectFrom('ev_evse').where('location_id', 'in', ids).selectAll().execute()
  await db.selectFrom('ev_connector').where('location_id', 'in', ids).selectAll().execute()
  floorSamples.push(performance.now() - t0)
}
await handle.destroy()

// The partner's side: a versions endpoint and a details listing a Locations receiver, enough to register.
const partner = http.createServer((req, res) => {
  const base = `http://127.0.0.1:${String((partner.address() as AddressInfo).port)}`
  const data =
    req.url === '/versions'
      ? [{ version: '2.2.1', url: `${base}/2.2.1` }]
      : {
          version: '2.2.1',
          endpoints: [{ identifier: 'credentials', role: 'RECEIVER', url: `${base}/2.2.1/credentials` }],
        }
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ data, status_code: 1000, timestamp: new Date().toISOString() }))
})
await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
const partnerBase = `http://127.0.0.1:${String((partner.address() as AddressInfo).port)}`

const server = await startApiServer({ url, accessTokenTtlS: 86_400 })
function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; json: unknown }>(
    (resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          path,
          method,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
            }),
          )
        },
      )
      req.on('error', reject)
      req.end(payload)
    },
  )
}
try {
  const token = await signIn(server.port, 'cpo')
  const made = (await call(
    'POST',
    '/api/main/ocpi/partners',
    { authorization: `Token ${token}` },
    { name: 'Bench eMSP', roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'BEN' }] },
  )) as { json: { data: { token_a: string } } }
  const ocpiAuth = (t: string) => ({ authorization: `Token ${Buffer.from(t).toString('base64')}` })
  const registered = (await call('POST', '/ocpi/2.2.1/credentials', ocpiAuth(made.json.data.token_a), {
    token: 'bench-token-b',
    url: `${partnerBase}/versions`,
    roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'BEN', business_details: { name: 'Bench eMSP' } }],
  })) as { status: number; json: { data: { token: string } } }
  if (registered.status !== 200) throw new Error(`registration failed: ${JSON.stringify(registered.json)}`)
  const tokenC = registered.json.data.token

  const pages: number[] = []
  let received = 0
  let next: string | undefined = `/ocpi/cpo/2.2.1/locations?offset=0&limit=${String(PAGE)}`
  const pullStarted = performance.now()
  while (next !== undefined) {
    const t0 = performance.now()
    const page = await call('GET', next, ocpiAuth(tokenC))
    pages.push(performance.now() - t0)
    if (page.status !== 200) throw new Error(`page ${next} answered ${String(page.status)}`)
    received += (page.json as { data: unknown[] }).data.length
    const link = page.headers.link
    const match = typeof link === 'string' ? /<([^>]+)>; rel="next"/.exec(link) : null
    next = match?.[1] === undefined ? undefined : new URL(match[1]).pathname + new URL(match[1]).search
  }
  const pullS = (performance.now() - pullStarted) / 1000
  const server95 = summarize(pages)
  const floor95 = summarize(floorSamples)
  log(`pulled ${int(received)} locations in ${String(pages.length)} pages: ${ms(pullS)} s`)
  log(
    table(
      ['', 'p50 ms', 'p95 ms', 'max ms'],
      [
        ['server, a page of 100 (HTTP, mapping, JSON)', ms(server95.p50), ms(server95.p95), ms(server95.max)],
        ['floor: its four queries on the database', ms(floor95.p50), ms(floor95.p95), ms(floor95.max)],
        ['ratio (p95 server / p95 floor)', '', `${(server95.p95 / floor95.p95).toFixed(1)}×`, ''],
      ],
      (i) => i > 0,
    ),
  )
} finally {
  await server.stop()
  partner.close()
}
