import type { Db } from '../../../db/database'

/**
 * One round of the demo chargers' heartbeats: every charger that is communicating (its status is known and it has
 * been heard of) reports in now, as a real charger does every few minutes. The chargers the seed made offline
 * (status UNKNOWN, last heard of days ago or never) stay silent, and so does every charger that has booted over OCPP:
 * its heartbeats are real, and one that goes quiet must read offline.
 */
export async function sendDemoHeartbeats(db: Db, now: number): Promise<void> {
  await db
    .updateTable('ev_charge_point')
    .set({ last_heartbeat_at: now })
    .where('ocpp_status', '<>', 'UNKNOWN')
    .where('last_heartbeat_at', 'is not', null)
    .where('boot_at', 'is', null)
    .execute()
}

/**
 * Development only, with the demo data: the demo chargers cannot send OCPP heartbeats, so this timer sends them.
 * Without it every demo charger reads offline 15 minutes after seeding (docs/decisions/0026). server.ts starts it
 * only when demo data is enabled, so never in production.
 */
export function startDemoHeartbeats(db: Db, everyMs = 60_000): () => void {
  const beat = () =>
    sendDemoHeartbeats(db, Date.now()).catch((err: unknown) => console.error('demo heartbeats failed', err))
  void beat()
  const timer = setInterval(() => void beat(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
