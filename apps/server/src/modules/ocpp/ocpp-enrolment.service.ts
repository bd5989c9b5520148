import { createHash } from 'node:crypto'
import type { OcppEnrolmentData, OcppEnrolmentPasswordData, OcppProtocol } from '@portal/contract'
import { MAX_PENDING_CHARGERS, OCPP_PROTOCOLS } from '@portal/contract'
import type { Db } from '../../db/database'
import { notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { generateOcppPassword, hashOcppPassword } from './ocpp-password'
import {
  countPendingChargers,
  dismissPending,
  findEnrolment,
  findEnrolmentEntity,
  findPendingCharger,
  listPendingChargers,
  saveEnrolment,
  upsertPendingCharger,
} from './ocpp-enrolment.repository'

/*
 * Chargers that are not in the database yet (issue 14, docs/decisions/0107-ocpp-enrolment.md): with
 * PORTAL_OCPP_ACCEPT_UNKNOWN on, an unknown identity that presents its entity's enrolment password connects and
 * waits, Pending, until an operator commissions it ("Add charger" with its identity) or dismisses it.
 */

/**
 * The enrolment password's lookup key. An unknown charger names no entity, so its password has to find one: a plain
 * SHA-256, which is safe for a generated 143-bit secret (nothing to guess, nothing a salt would protect).
 */
export const enrolmentLookup = (password: Buffer | string) =>
  createHash('sha256').update(password).digest('hex')

/** A waiting charger as the upgrade admitted it. */
export interface PendingAdmission {
  id: number
  entity_code: string
  identity: string
}

/**
 * Whether an unknown identity may connect: the password is an entity's enrolment password, the identity is not
 * already waiting for another entity, and the entity has room for one more. The waiting charger is recorded (or
 * brought up to date) with the hash of what it presented, which becomes its OCPP password once commissioned.
 */
export async function admitUnknownCharger(
  db: Db,
  request: { identity: string; password: Buffer; protocol: OcppProtocol; remoteAddress: string },
  now = Date.now(),
): Promise<PendingAdmission | undefined> {
  const entity = await findEnrolmentEntity(db, enrolmentLookup(request.password))
  if (entity === undefined) return undefined
  const waiting = await findPendingCharger(db, request.identity)
  if (waiting && (waiting.entity_code !== entity || waiting.dismissed_at !== null)) return undefined
  if (!waiting && (await countPendingChargers(db, entity)) >= MAX_PENDING_CHARGERS) return undefined
  const id = await upsertPendingCharger(db, {
    entity_code: entity,
    identity: request.identity,
    ocpp_version: request.protocol,
    password_hash: hashOcppPassword(request.password),
    remote_address: request.remoteAddress.slice(0, 64),
    now,
  })
  return { id, entity_code: entity, identity: request.identity }
}

export async function enrolmentOverview(
  db: Db,
  caller: Caller,
  acceptUnknown: boolean,
): Promise<OcppEnrolmentData> {
  const entity = caller.auth.entityCode
  const [enrolment, pending] = await Promise.all([findEnrolment(db, entity), listPendingChargers(db, entity)])
  return {
    accept_unknown: acceptUnknown,
    password_set: enrolment !== undefined,
    password_set_at: enrolment ? enrolment.set_at : null,
    pending: pending.map((p) => ({
      identity: p.identity,
      ocpp_version: OCPP_PROTOCOLS.find((v) => v === p.ocpp_version) ?? 'ocpp1.6',
      vendor: p.vendor,
      model: p.model,
      serial_number: p.serial_number,
      firmware_version: p.firmware_version,
      remote_address: p.remote_address,
      first_seen_at: p.first_seen_at,
      last_seen_at: p.last_seen_at,
      boot_at: p.boot_at,
    })),
  }
}

/** Sets or rotates the entity's enrolment password: generated, shown this once, kept as its SHA-256 only. */
export async function rotateEnrolmentPassword(
  db: Db,
  caller: Caller,
  now = Date.now(),
): Promise<OcppEnrolmentPasswordData> {
  const entity = caller.auth.entityCode
  const password = generateOcppPassword()
  await db.transaction().execute(async (trx) => {
    const before = await findEnrolment(trx, entity)
    await saveEnrolment(trx, {
      entity_code: entity,
      password_lookup: enrolmentLookup(password),
      set_at: now,
      set_by: caller.auth.username.slice(0, 200),
    })
    // Never the password nor its hash: only that it was set.
    await auditChange(
      trx,
      caller,
      before ? 'ocpp_enrolment_password_rotated' : 'ocpp_enrolment_password_set',
      'entity',
      entity,
      { password_set: before !== undefined },
      { password_set: true },
    )
  })
  return { password, password_set_at: now }
}

/**
 * Dismisses a waiting charger: it is refused from then on, even with the enrolment password (registering it with
 * "Add charger" still works). Its connection is closed by the route, wherever it is held.
 */
export async function dismissPendingCharger(
  db: Db,
  caller: Caller,
  identity: string,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await dismissPending(trx, caller.auth.entityCode, identity, now))) throw notFound('Waiting charger')
    await auditChange(
      trx,
      caller,
      'ocpp_pending_charger_dismissed',
      'ocpp_pending_charger',
      identity,
      null,
      null,
    )
  })
}
