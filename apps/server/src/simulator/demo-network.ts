import { authorizeToken } from '@portal/contract'
import type { Db } from '../db/database'
import { numberedConnectors } from '../modules/ocpp/ocpp.repository'
import { findTokenOwner } from '../modules/ocpp/ocpp-transaction.repository'
import { TEST_BAY_NAME } from '../seed/ev-network'
import type { SimulatedConnector, SimulatorTiming } from './simulated-charger'
import { DEMO_TIMING, SimulatedCharger } from './simulated-charger'

/** Every demo charger's OCPP password in development (the seed hashes it). */
export const DEMO_OCPP_PASSWORD = 'demo1234'

/** Chargers started per second: a whole network reconnecting at once is a stampede the server need not take. */
const STARTS_PER_SECOND = 50

/**
 * The demo network driven by simulated chargers, inside the development server (`npm start`; issue 14): every demo
 * charger that the seed made communicating connects over the real endpoint, boots, sends heartbeats and, where its
 * CPO accepts a demo token, runs charging sessions through the day. The SparkGrid Test Bay stays free for real or
 * `npm run simulate` chargers. Returns the function that stops them.
 */
export async function startDemoNetwork(
  db: Db,
  where: { host: string; port: number },
  log: (line: string) => void,
  timing: SimulatorTiming = DEMO_TIMING,
): Promise<() => Promise<void>> {
  const chargers = await db
    .selectFrom('ev_charge_point as cp')
    .innerJoin('ev_location as l', 'l.id', 'cp.location_id')
    .where('cp.ocpp_identity', 'is not', null)
    .where('cp.ocpp_status', '<>', 'UNKNOWN')
    .where('cp.last_heartbeat_at', 'is not', null)
    .where('l.name', '<>', TEST_BAY_NAME)
    .select(['cp.id', 'cp.entity_code', 'cp.ocpp_identity'])
    .orderBy('cp.id')
    .execute()
  const tokenRows = await db.selectFrom('ev_token').where('status', '=', 'ALLOWED').select('uid').execute()
  const owners = await Promise.all(
    tokenRows.map(async (t) => ({ uid: t.uid, owner: await findTokenOwner(db, t.uid) })),
  )
  const tokensOf = (entity: string) =>
    owners.filter((t) => authorizeToken(t.owner, entity) === 'Accepted').map((t) => t.uid)

  const simulated: SimulatedCharger[] = []
  let stopped = false
  void (async () => {
    for (const [i, cp] of chargers.entries()) {
      if (stopped) return
      const numbered = await numberedConnectors(db, cp.id)
      const connectors: SimulatedConnector[] = numbered.map((c) => ({
        number: c.chargerConnectorNumber,
        evse: c.evseNumber,
        connector: c.connectorNumber,
        kw: Math.min(c.maxPowerW / 1000, 150),
      }))
      const tokens = tokensOf(cp.entity_code)
      const charger = new SimulatedCharger({
        ...where,
        identity: cp.ocpp_identity ?? '',
        password: DEMO_OCPP_PASSWORD,
        // Two thirds speak 1.6-J, a third 2.0.1, as networks mid-migration do.
        protocol: i % 3 === 2 ? 'ocpp2.0.1' : 'ocpp1.6',
        connectors,
        tokens,
        timing,
        log,
      })
      simulated.push(charger)
      charger.start().catch((err: unknown) => log(`${charger.identity}: ${(err as Error).message}`))
      if ((i + 1) % STARTS_PER_SECOND === 0) await new Promise((r) => setTimeout(r, 1000))
    }
    log(`Demo network: ${String(chargers.length)} simulated chargers connected over OCPP`)
  })().catch((err: unknown) => log(`Demo network failed: ${(err as Error).message}`))

  return async () => {
    stopped = true
    await Promise.all(simulated.map((c) => c.stop()))
  }
}
