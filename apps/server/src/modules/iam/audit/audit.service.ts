import type { Db } from '../../../db/database'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import { listAuditForObject, recordAudit } from './audit.repository'

/** Records a change to an IAM object or an entity setting: who, what, before and after, from where. */
export function auditChange(
  db: Db,
  caller: Caller,
  action: string,
  objectType: string,
  objectId: string | number,
  before: unknown,
  after: unknown,
): Promise<void> {
  return recordAudit(db, {
    actorUserId: caller.auth.userId,
    entityCode: caller.auth.entityCode,
    action,
    objectType,
    objectId: String(objectId),
    ip: caller.ip,
    before: before ?? null,
    after: after ?? null,
  })
}

/** GET /iam/audit: one object's trail within the caller's entity (every entity for a platform administrator). */
export async function auditTrail(db: Db, caller: Caller, objectType: string, objectId: string) {
  const scope = caller.auth.isPlatformAdmin ? null : caller.auth.entityCode
  const rows = await listAuditForObject(db, objectType, objectId, scope)
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor:
      r.user_uuid !== null && r.username !== null && r.name !== null
        ? { user_uuid: r.user_uuid, username: r.username, name: r.name }
        : null,
    entity_code: r.entity_code,
    action: r.action,
    object_type: r.object_type,
    object_id: r.object_id,
    ip: r.ip,
    before: parseJson<unknown>(r.before, null),
    after: parseJson<unknown>(r.after, null),
  }))
}
