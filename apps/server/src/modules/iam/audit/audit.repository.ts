import type { Db } from '../../../db/database'

export interface AuditEvent {
  actorUserId: number | null
  entityCode: string | null
  action: string
  objectType: string
  objectId: string | null
  ip: string | null
  before?: unknown
  after?: unknown
}

export async function recordAudit(db: Db, event: AuditEvent, now = Date.now()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: now,
      actor_user_id: event.actorUserId,
      entity_code: event.entityCode,
      action: event.action,
      object_type: event.objectType,
      object_id: event.objectId,
      ip: event.ip,
      before: event.before === undefined ? null : JSON.stringify(event.before),
      after: event.after === undefined ? null : JSON.stringify(event.after),
    })
    .execute()
}

/**
 * The latest 200 changes to one object with their actor, newest first; `entityCode` null reads every entity (a
 * platform administrator), otherwise only the changes recorded in that entity.
 */
export function listAuditForObject(db: Db, objectType: string, objectId: string, entityCode: string | null) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('app_user as u', 'u.id', 'a.actor_user_id')
    .where('a.object_type', '=', objectType)
    .where('a.object_id', '=', objectId)
  if (entityCode !== null) q = q.where('a.entity_code', '=', entityCode)
  return q
    .select([
      'a.id',
      'a.at',
      'a.entity_code',
      'a.action',
      'a.object_type',
      'a.object_id',
      'a.ip',
      'a.before',
      'a.after',
      'u.user_uuid',
      'u.username',
      'u.name',
    ])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute()
}
