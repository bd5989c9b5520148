import type { ConnectorStatus, EvseStatus } from '@portal/contract'
import type { Db } from '../../db/database'
import type { NewOcppMessageRow } from './ocpp.table'

/** What the upgrade needs to know about a charger: who owns it and how to check its password. */
export interface OcppCharger {
  id: number
  entity_code: string
  uid: string
  location_id: number
  ocpp_identity: string
  ocpp_password_hash: string | null
  commissioned: number
}

export async function findChargerByIdentity(db: Db, identity: string): Promise<OcppCharger | undefined> {
  const row = await db
    .selectFrom('ev_charge_point')
    .where('ocpp_identity', '=', identity)
    .select([
      'id',
      'entity_code',
      'uid',
      'location_id',
      'ocpp_identity',
      'ocpp_password_hash',
      'commissioned',
    ])
    .executeTakeFirst()
  return row && row.ocpp_identity !== null ? { ...row, ocpp_identity: row.ocpp_identity } : undefined
}

export interface BootFacts {
  vendor: string
  model: string
  serialNumber?: string | undefined
  firmwareVersion?: string | undefined
  version: string
}

/**
 * A boot: what the charger says it is, the subprotocol it speaks, and that it is alive. Answers whether it is
 * commissioned now (an operator may have commissioned it since it connected).
 */
export async function recordBoot(
  db: Db,
  chargePointId: number,
  boot: BootFacts,
  now: number,
): Promise<boolean> {
  const row = await db
    .updateTable('ev_charge_point')
    .set({
      vendor: boot.vendor,
      model: boot.model,
      ...(boot.serialNumber !== undefined ? { serial_number: boot.serialNumber } : {}),
      ...(boot.firmwareVersion !== undefined ? { firmware_version: boot.firmwareVersion } : {}),
      ocpp_version: boot.version,
      boot_at: now,
      last_heartbeat_at: now,
      updated_at: now,
    })
    .where('id', '=', chargePointId)
    .returning('commissioned')
    .executeTakeFirst()
  return row?.commissioned === 1
}

/** The charger connected, with this subprotocol: it is online from now (and heard from). */
export async function recordConnected(
  db: Db,
  chargePointId: number,
  version: string,
  connectedAt: number,
): Promise<void> {
  await db
    .updateTable('ev_charge_point')
    .set({
      ocpp_version: version,
      ocpp_connected_at: connectedAt,
      ocpp_disconnected_at: null,
      last_heartbeat_at: connectedAt,
    })
    .where('id', '=', chargePointId)
    .execute()
}

/**
 * The connection that opened at `connectedAt` closed. Only that connection's close counts: when the charger has
 * already reconnected (perhaps to another instance), its newer connection is the one the row shows.
 */
export async function recordDisconnected(
  db: Db,
  chargePointId: number,
  connectedAt: number,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('ev_charge_point')
    .set({ ocpp_disconnected_at: now })
    .where('id', '=', chargePointId)
    .where('ocpp_connected_at', '=', connectedAt)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function recordHeartbeat(db: Db, chargePointId: number, now: number): Promise<void> {
  await db
    .updateTable('ev_charge_point')
    .set({ last_heartbeat_at: now })
    .where('id', '=', chargePointId)
    .execute()
}

/** The charger's own status (1.6 connector 0). */
export async function recordChargerStatus(
  db: Db,
  chargePointId: number,
  status: ConnectorStatus,
  errorCode: string | null,
  now: number,
): Promise<void> {
  await db
    .updateTable('ev_charge_point')
    .set({ ocpp_status: status, ocpp_error_code: errorCode, last_heartbeat_at: now, updated_at: now })
    .where('id', '=', chargePointId)
    .execute()
}

/**
 * The charger's connectors in OCPP's numbering: its EVSEs in id order are EVSE 1..n, the connectors of each in id
 * order are its connectors 1..m, and 1.6's connectorId k is the k-th connector over all of them
 * (docs/decisions/0102-ocpp-central-system.md).
 */
export interface NumberedConnector {
  id: number
  evseId: number
  evseNumber: number
  connectorNumber: number
  chargerConnectorNumber: number
  status: string
  statusAt: number | null
  /** Watts. */
  maxPowerW: number
}

export async function numberedConnectors(db: Db, chargePointId: number): Promise<NumberedConnector[]> {
  const rows = await db
    .selectFrom('ev_connector as c')
    .innerJoin('ev_evse as e', 'e.id', 'c.evse_ref')
    .where('e.charge_point_id', '=', chargePointId)
    .select(['c.id', 'c.evse_ref', 'c.status', 'c.status_at', 'c.max_electric_power'])
    .orderBy('e.id')
    .orderBy('c.id')
    .execute()
  const out: NumberedConnector[] = []
  let evseNumber = 0
  let previousEvse = -1
  let connectorNumber = 0
  for (const [i, r] of rows.entries()) {
    if (r.evse_ref !== previousEvse) {
      evseNumber++
      connectorNumber = 0
      previousEvse = r.evse_ref
    }
    connectorNumber++
    out.push({
      id: r.id,
      evseId: r.evse_ref,
      evseNumber,
      connectorNumber,
      chargerConnectorNumber: i + 1,
      status: r.status,
      statusAt: r.status_at,
      maxPowerW: r.max_electric_power,
    })
  }
  return out
}

/**
 * A connector's new status, and its EVSE's status derived from all of the EVSE's connectors, in one transaction. A
 * report older than the one stored (queued while offline and delivered after a newer one) changes nothing and says
 * so: the later truth stays.
 */
export async function recordConnectorStatus(
  db: Db,
  connector: { id: number; evseId: number },
  report: { status: ConnectorStatus; errorCode: string | null; at: number },
  evseStatusOf: (statuses: ConnectorStatus[]) => EvseStatus,
  now: number,
): Promise<{ applied: boolean; evseStatus: EvseStatus | null }> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('ev_connector')
      .set({ status: report.status, error_code: report.errorCode, status_at: report.at, updated_at: now })
      .where('id', '=', connector.id)
      .where((eb) => eb.or([eb('status_at', 'is', null), eb('status_at', '<=', report.at)]))
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return { applied: false, evseStatus: null }
    const siblings = await trx
      .selectFrom('ev_connector')
      .where('evse_ref', '=', connector.evseId)
      .select('status')
      .execute()
    const evseStatus = evseStatusOf(siblings.map((s) => s.status as ConnectorStatus))
    await trx
      .updateTable('ev_evse')
      .set({ status: evseStatus, updated_at: now })
      .where('id', '=', connector.evseId)
      .execute()
    return { applied: true, evseStatus }
  })
}

export async function insertOcppMessages(db: Db, rows: NewOcppMessageRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('ocpp_message').values(rows).execute()
}

/**
 * A charger of the entity with what the portal's OCPP actions need: its identity, the version it last spoke, whether
 * it has a password (never the hash) and whether it is commissioned.
 */
export async function findOwnCharger(db: Db, entityCode: string, uid: string) {
  const row = await db
    .selectFrom('ev_charge_point')
    .where('entity_code', '=', entityCode)
    .where('uid', '=', uid)
    .select(['id', 'ocpp_identity', 'ocpp_version', 'ocpp_password_hash', 'commissioned'])
    .executeTakeFirst()
  return (
    row && {
      id: row.id,
      ocpp_identity: row.ocpp_identity,
      ocpp_version: row.ocpp_version,
      password_set: row.ocpp_password_hash !== null,
      commissioned: row.commissioned === 1,
    }
  )
}

export async function setChargerPassword(
  db: Db,
  chargePointId: number,
  hash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('ev_charge_point')
    .set({ ocpp_password_hash: hash, ocpp_password_set_at: now, updated_at: now })
    .where('id', '=', chargePointId)
    .execute()
}

/** Marks a charger commissioned: its boots are Accepted from now on. */
export async function setCommissioned(db: Db, chargePointId: number, now: number): Promise<void> {
  await db
    .updateTable('ev_charge_point')
    .set({ commissioned: 1, updated_at: now })
    .where('id', '=', chargePointId)
    .execute()
}
