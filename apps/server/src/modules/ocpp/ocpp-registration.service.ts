import type { EvDeviceCreateData } from '@portal/contract'
import type { evDeviceCreateBody } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import { fieldError } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { generateOcppPassword, hashOcppPassword } from './ocpp-password'
import {
  findLocationForCharger,
  identityTaken,
  insertChargePoint,
  insertConnector,
  insertEvse,
  tariffIdsByUid,
} from './ocpp-registration.repository'
import { deletePendingCharger, findPendingCharger } from './ocpp-enrolment.repository'

type NewCharger = z.output<typeof evDeviceCreateBody>

/** What an EVSE of a charger registered here can do: RFID and remote start/stop, as OCPP gives every charger. */
const CAPABILITIES = JSON.stringify(['RFID_READER', 'REMOTE_START_STOP_CAPABLE', 'UNLOCK_CAPABLE'])

/**
 * "Add charger" (issue 14): the charger, its EVSEs and connectors, its OCPP identity and version, and a generated
 * OCPP password returned this once (only its hash is kept). Unless `commissioned` is false it is commissioned: its
 * first boot is Accepted. EVSE ids
 * follow the entity's own (`SG*SPK*E…`), numbered per charger. A charger waiting with this identity (an unknown one
 * let in by the enrolment password) is commissioned this way: its connection is closed by the route, and it
 * reconnects as the charger.
 */
export async function registerCharger(
  db: Db,
  caller: Caller,
  body: NewCharger,
  now = Date.now(),
): Promise<EvDeviceCreateData> {
  const entity = caller.auth.entityCode
  const location = await findLocationForCharger(db, entity, body.location_uid)
  if (!location) throw fieldError('body.location_uid', 'no location of this entity has this uid')
  // A charger waiting to be commissioned (docs/decisions/0107) is this entity's to take; another entity's is not.
  const waiting = await findPendingCharger(db, body.ocpp_identity)
  if ((await identityTaken(db, body.ocpp_identity)) || (waiting && waiting.entity_code !== entity))
    throw fieldError('body.ocpp_identity', 'another charger already has this OCPP identity', 'taken')
  // A dismissed one is registered like a new charger, with a password of its own.
  const commissioning = waiting?.entity_code === entity && waiting.dismissed_at === null ? waiting : undefined
  const wanted = [
    ...new Set(body.evses.flatMap((e) => e.connectors.flatMap((c) => (c.tariff_uid ? [c.tariff_uid] : [])))),
  ]
  const tariffs = await tariffIdsByUid(db, entity, wanted)
  for (const [i, e] of body.evses.entries())
    for (const [k, c] of e.connectors.entries())
      if (c.tariff_uid !== undefined && !tariffs.has(c.tariff_uid))
        throw fieldError(
          `body.evses.${String(i)}.connectors.${String(k)}.tariff_uid`,
          'no tariff of this entity has this uid',
        )

  // The entity's EVSE id prefix (country and party, as its other EVSEs carry it), else the location's country.
  const prefix =
    location.sampleEvseId?.split('*').slice(0, 2).join('*') ?? `${location.country}*${entity.slice(0, 3)}`
  const station = body.ocpp_identity
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 30)
  // A waiting charger keeps the password it connected with (its enrolment password's hash was kept for it); a new
  // one gets its own, shown this once.
  let password: string | null = null
  let passwordHash: string
  if (commissioning) passwordHash = commissioning.password_hash
  else {
    password = generateOcppPassword()
    passwordHash = hashOcppPassword(password)
  }
  const uid = randomUUID()
  await db.transaction().execute(async (trx) => {
    if ((await deletePendingCharger(trx, entity, body.ocpp_identity)) !== (waiting !== undefined))
      throw fieldError('body.ocpp_identity', 'this charger was dismissed or commissioned meanwhile', 'taken')
    const chargePointId = await insertChargePoint(trx, {
      entity_code: entity,
      location_id: location.id,
      uid,
      serial_number: body.serial_number || body.ocpp_identity,
      vendor: body.vendor,
      model: body.model,
      firmware_version: commissioning?.firmware_version ?? '',
      protocol: 'OCPI',
      ocpp_status: 'UNKNOWN',
      last_heartbeat_at: null,
      ocpp_identity: body.ocpp_identity,
      ocpp_password_hash: passwordHash,
      ocpp_password_set_at: now,
      ocpp_version: body.ocpp_version,
      commissioned: body.commissioned ? 1 : 0,
      boot_at: commissioning?.boot_at ?? null,
      ocpp_error_code: null,
      created_at: now,
      updated_at: now,
    })
    for (const [i, e] of body.evses.entries()) {
      const n = String(i + 1)
      const evseId = await insertEvse(trx, {
        entity_code: entity,
        location_id: location.id,
        uid: randomUUID(),
        evse_id: `${prefix}*E${station}*${n}`,
        charge_point_id: chargePointId,
        external_id: `${body.ocpp_identity}-${n}`,
        status: 'UNKNOWN',
        physical_reference: e.physical_reference,
        directions: '',
        instructions: '',
        protocol: 'OCPI',
        capabilities: CAPABILITIES,
        parking_restrictions: '[]',
        floor_level: '',
        created_at: now,
        updated_at: now,
      })
      for (const [k, c] of e.connectors.entries())
        await insertConnector(trx, {
          entity_code: entity,
          location_id: location.id,
          evse_ref: evseId,
          uid: randomUUID(),
          connector_id: String(k + 1),
          standard: c.standard,
          format: c.format,
          power_type: c.power_type,
          max_voltage: c.max_voltage,
          max_amperage: c.max_amperage,
          max_electric_power: c.max_electric_power,
          tariff_id: c.tariff_uid === undefined ? null : (tariffs.get(c.tariff_uid) ?? null),
          created_at: now,
          updated_at: now,
        })
    }
    // Never the password nor its hash: only that the charger was registered with one.
    await auditChange(
      trx,
      caller,
      commissioning && body.commissioned ? 'ev_charger_commissioned' : 'ev_charger_registered',
      'ev_charge_point',
      uid,
      null,
      { ...body, password_set: true },
    )
  })
  return { uid, identity: body.ocpp_identity, password, password_set_at: now }
}
