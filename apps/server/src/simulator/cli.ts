/**
 * npm run simulate -- --chargers N [--url http://127.0.0.1:3000] [--user cpo] [--password demo1234]
 *   [--ocpp-password demo1234] [--tokens DEMO-RFID-0001,…] [--heartbeat 60] [--meter 15] [--idle 1-10]
 *   [--charge 5-30] [--take-over]
 * npm run simulate -- --machines N [--url …] [--user vending] [--password demo1234] [--vend 5-60]
 *
 * With --machines, N simulated vending machines of the signed-in user's entity (machines.ts; issue 15) report through
 * the machine API with their demo keys; with --chargers (the default, 10), chargers connect over OCPP:
 *
 * Runs N simulated chargers (1.6-J and 2.0.1 mixed) against a running server over its real OCPP endpoint, with the
 * same library the server uses (issue 14). The chargers are the signed-in user's entity's own, found through the
 * portal's API: those not online first (the SparkGrid Test Bay's, which nothing drives in development), then the rest;
 * an online one is driven by something already (a real charger, or `npm start`'s demo network) and is only taken with
 * --take-over, since a second connection replaces the first. Ctrl-C stops them.
 */
import type { EvDeviceDetail, EvDeviceListData, OcppProtocol } from '@portal/contract'
import { parseArgs } from 'node:util'
import type { SimulatedConnector } from './simulated-charger'
import { SimulatedCharger } from './simulated-charger'
import { runMachines } from './machines'
import { portalApi } from './portal-api'

const { values } = parseArgs({
  options: {
    chargers: { type: 'string' },
    machines: { type: 'string' },
    vend: { type: 'string', default: '5-60' },
    url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://127.0.0.1:3000' },
    user: { type: 'string' },
    password: { type: 'string', default: 'demo1234' },
    'ocpp-password': { type: 'string', default: 'demo1234' },
    tokens: { type: 'string', default: 'DEMO-RFID-0001' },
    heartbeat: { type: 'string', default: '60' },
    meter: { type: 'string', default: '15' },
    idle: { type: 'string', default: '1-10' },
    charge: { type: 'string', default: '5-30' },
    'take-over': { type: 'boolean', default: false },
  },
})

const range = (text: string, name: string): [number, number] => {
  const [low, high] = text.split('-').map(Number)
  if (low === undefined || high === undefined || !(low >= 0 && high >= low))
    throw new Error(`--${name}: a range as low-high, for example 5-30`)
  return [low, high]
}
if (values.machines !== undefined) {
  if (values.chargers !== undefined) throw new Error('--machines or --chargers: one kind a run')
  await runMachines({
    count: Number(values.machines),
    url: values.url,
    user: values.user ?? 'vending',
    password: values.password,
    vendSeconds: range(values.vend, 'vend'),
  })
  // runMachines runs until Ctrl-C.
  await new Promise(() => undefined)
}
const count = Number(values.chargers ?? '10')
if (!Number.isInteger(count) || count < 1)
  throw new Error('--chargers: a whole number of chargers, 1 or more')
const base = new URL(values.url)
const timing = {
  heartbeatS: Number(values.heartbeat),
  meterS: Number(values.meter),
  idleMinutes: range(values.idle, 'idle'),
  chargeMinutes: range(values.charge, 'charge'),
}

const api = portalApi(base)

const { token } = await api<{ token: string }>('/api/main/iam/login', undefined, {
  username: values.user ?? 'cpo',
  password: values.password,
})

// The entity's chargers with an OCPP identity, the ones nothing drives first.
const devices: EvDeviceListData['devices'] = []
for (let offset = 0; ; offset += 100) {
  const page = await api<EvDeviceListData>(
    `/api/charging/charge-points/devices?limit=100&offset=${String(offset)}&sort_by=serial_number`,
    token,
  )
  devices.push(...page.devices)
  if (page.devices.length < 100) break
}
const candidates = devices
  .filter((d) => values['take-over'] || d.connectivity !== 'ONLINE')
  .sort((a, b) => Number(a.connectivity === 'ONLINE') - Number(b.connectivity === 'ONLINE'))
  .slice(0, count)

const simulated: SimulatedCharger[] = []
for (const [i, device] of candidates.entries()) {
  const { device: d } = await api<{ device: EvDeviceDetail }>(
    `/api/charging/charge-points/devices/${encodeURIComponent(device.uid)}`,
    token,
  )
  if (d.ocpp.identity === null) continue
  // OCPP's numbering, from the connectors' 1.6 numbers: a new EVSE starts where the EVSE changes.
  const flat = d.evses
    .flatMap((e) =>
      e.connectors.map((c) => ({ evse: e.uid, n: c.ocpp_number, kw: c.max_electric_power / 1000 })),
    )
    .sort((a, b) => a.n - b.n)
  const connectors: SimulatedConnector[] = []
  let evse = 0
  let onEvse = 0
  let previous = ''
  for (const c of flat) {
    if (c.evse !== previous) {
      evse++
      onEvse = 0
      previous = c.evse
    }
    onEvse++
    connectors.push({ number: c.n, evse, connector: onEvse, kw: Math.min(c.kw, 150) })
  }
  const protocol: OcppProtocol = i % 2 === 1 ? 'ocpp2.0.1' : 'ocpp1.6'
  const charger = new SimulatedCharger({
    host: base.hostname,
    port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
    identity: d.ocpp.identity,
    password: values['ocpp-password'],
    protocol,
    connectors,
    tokens: values.tokens.split(',').filter(Boolean),
    timing,
    log: (line) => console.warn(line),
  })
  simulated.push(charger)
  await charger.start()
  console.warn(`${d.ocpp.identity}: connected over ${protocol}, ${String(connectors.length)} connector(s)`)
}
console.warn(
  `${String(simulated.length)} simulated chargers running against ${base.origin}; Ctrl-C stops them.`,
)

const stop = async () => {
  await Promise.all(simulated.map((c) => c.stop()))
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
