import type {
  Entity,
  MyEntity,
  clinicCreateRequest,
  entityCreateRequest,
  entityUpdateRequest,
} from '@portal/contract'
import { appsForIndustries, EntityRelation } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { fieldError, forbidden, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { checkPermission } from '../../../plugins/auth'
import { auditChange } from '../audit/audit.service'
import type { AuthContext } from '../auth/auth-context'
import { setSessionEntity } from '../auth/session.repository'
import { insertMembership, membershipOf } from '../users/user.repository'
import {
  descendantCodes,
  findChargingPartners,
  findEntitiesByName,
  findEntityByCode,
  findEntityPage,
  insertEntityRow,
  updateEntityRow,
  userMemberships,
} from './entity.repository'
import { isBelowCurrent, managesFromAbove, toEntity } from './entity.service'

type CreateInput = z.output<typeof entityCreateRequest>
type ClinicInput = z.output<typeof clinicCreateRequest>
type UpdateInput = z.output<typeof entityUpdateRequest>

async function insertEntity(db: Db, input: CreateInput): Promise<Entity> {
  if (await findEntityByCode(db, input.code))
    throw fieldError('body.code', 'An entity with this code already exists', 'taken')
  if (input.parent_code !== null && !(await findEntityByCode(db, input.parent_code))) {
    throw fieldError('body.parent_code', 'Unknown parent entity', 'unknown_reference')
  }
  const now = Date.now()
  const row = await insertEntityRow(db, {
    code: input.code,
    name: input.name,
    logo_url: input.logo_url,
    preferred_identifier: input.preferred_identifier,
    industries: JSON.stringify(input.industries),
    roles: JSON.stringify(input.roles),
    ev_backend_url: input.ev_backend_url,
    parent_code: input.parent_code,
    currency_code: input.currency_code,
    time_zone: input.time_zone,
    created_at: now,
    updated_at: now,
  })
  return toEntity(row)
}

/** POST /iam/entities: platform administrators create organisations. */
export async function createEntity(db: Db, caller: Caller, input: CreateInput): Promise<Entity> {
  const entity = await insertEntity(db, input)
  await auditChange(db, caller, 'entity_created', 'entity', entity.code, null, entity)
  return entity
}

/**
 * POST /iam/entities/clinic: a digital-health clinic under the current entity. The creator becomes its admin, so
 * they can switch to it and set it up.
 */
export async function createClinic(db: Db, caller: Caller, input: ClinicInput): Promise<Entity> {
  const parent = await findEntityByCode(db, caller.auth.entityCode)
  if (!parent) throw notFound('Entity')
  const entity = await insertEntity(db, {
    code: input.code,
    name: input.name,
    industries: ['digital_health_automation'],
    roles: [],
    parent_code: parent.code,
    currency_code: parent.currency_code,
    time_zone: parent.time_zone,
    logo_url: input.logo_url,
    preferred_identifier: null,
    ev_backend_url: null,
  })
  await insertMembership(
    db,
    { userId: caller.auth.userId, entityCode: entity.code, relation: EntityRelation.Admin },
    Date.now(),
  )
  await auditChange(db, caller, 'clinic_created', 'entity', entity.code, null, entity)
  return entity
}

/**
 * POST /iam/entities/filter: every entity for a platform administrator; for anyone else (with read on entities) the
 * current entity and the entities below it, the organisation they manage (docs/decisions/0075-entity-management.md).
 */
export async function filterEntities(
  db: Db,
  auth: AuthContext,
  f: {
    limit: number
    offset: number
    search?: string | undefined
    industry?: string | undefined
    parent_code?: string | undefined
  },
) {
  const codes = auth.isPlatformAdmin
    ? undefined
    : [auth.entityCode, ...(await descendantCodes(db, auth.entityCode))]
  const { rows, count } = await findEntityPage(db, { ...f, codes })
  return { entities: rows.map(toEntity), count }
}

/**
 * PUT /iam/entities/{code}: a platform administrator changes any entity. The owners and admins of an entity above
 * it change a child entity's profile; anyone else their current entity or one below it, with edit on entities in
 * the current entity. Industries and roles decide which apps an entity has: only platform administrators change
 * them. Other entities answer 404, whatever the code.
 */
export async function updateEntity(
  db: Db,
  caller: Caller,
  code: string,
  input: UpdateInput,
): Promise<Entity> {
  const row = await findEntityByCode(db, code)
  if (!row) throw notFound('Entity')
  if (!caller.auth.isPlatformAdmin) {
    if (!(await managesFromAbove(db, caller.auth, row.code))) {
      if (row.code !== caller.auth.entityCode && !(await isBelowCurrent(db, caller.auth, row.code)))
        throw notFound('Entity')
      await checkPermission(db, caller.auth, { app: 'iam', resource: 'entities/*', action: 'edit' })
    }
    if (input.industries !== undefined || input.roles !== undefined)
      throw forbidden("Only platform administrators can change an entity's industries or roles")
  }
  const before = toEntity(row)
  await updateEntityRow(db, row.code, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.industries !== undefined ? { industries: JSON.stringify(input.industries) } : {}),
    ...(input.roles !== undefined ? { roles: JSON.stringify(input.roles) } : {}),
    ...(input.currency_code !== undefined ? { currency_code: input.currency_code } : {}),
    ...(input.time_zone !== undefined ? { time_zone: input.time_zone } : {}),
    ...(input.logo_url !== undefined ? { logo_url: input.logo_url } : {}),
    ...(input.preferred_identifier !== undefined ? { preferred_identifier: input.preferred_identifier } : {}),
    ...(input.ev_backend_url !== undefined ? { ev_backend_url: input.ev_backend_url } : {}),
    ...(input.require_sso !== undefined ? { require_sso: input.require_sso ? 1 : 0 } : {}),
    updated_at: Date.now(),
  })
  const updated = await findEntityByCode(db, row.code)
  if (!updated) throw notFound('Entity')
  const after = toEntity(updated)
  await auditChange(db, caller, 'entity_updated', 'entity', row.code, before, after)
  return after
}

/** The entities of the signed-in user with their relation; a platform administrator sees every entity. */
export async function myEntities(db: Db, auth: AuthContext, limit: number): Promise<MyEntity[]> {
  const memberships = await userMemberships(db, auth.userId)
  const relationOf = new Map(memberships.map((m) => [m.entity_code, m.relation]))
  const codes = auth.isPlatformAdmin
    ? undefined
    : memberships.length
      ? memberships.map((m) => m.entity_code)
      : ['']
  const rows = await findEntitiesByName(db, codes, limit)
  return rows.map((r) => ({ ...toEntity(r), relation: relationOf.get(r.code) ?? null }))
}

/**
 * The charging networks' directory (GET /api/charging/iam/entities?limit=1000): the user's own entities and every
 * entity acting as a CPO or EMSP, so session lists can name their partners (B §3: else "Unknown Entity").
 */
export async function chargingDirectory(db: Db, auth: AuthContext, limit: number): Promise<MyEntity[]> {
  const mine = await myEntities(db, auth, limit)
  const partners = await findChargingPartners(db, limit)
  const seen = new Set(mine.map((e) => e.code))
  return [
    ...mine,
    ...partners.filter((p) => !seen.has(p.code)).map((p) => ({ ...toEntity(p), relation: null })),
  ].slice(0, limit)
}

/**
 * POST /iam/entities/switch: only to an entity the user belongs to (any entity for a platform administrator).
 * The session acts in the new entity from the next call; the answer is the new scope and its apps (A §6).
 */
export async function switchEntity(db: Db, caller: Caller, entityCode: string) {
  const row = await findEntityByCode(db, entityCode)
  if (!row) throw notFound('Entity')
  if (!caller.auth.isPlatformAdmin && (await membershipOf(db, caller.auth.userId, row.code)) === undefined)
    throw notFound('Entity')
  await setSessionEntity(db, caller.auth.sessionId, row.code)
  await auditChange(
    db,
    caller,
    'entity_switched',
    'session',
    caller.auth.sessionId,
    { entity_code: caller.auth.entityCode },
    { entity_code: row.code },
  )
  const entity = toEntity(row)
  return { entity_code: row.code, entity, can_view_apps: appsForIndustries(entity.industries) }
}
