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

export function listAuditForObject(db: Db, objectType: string, objectId: string) {
  return db
    .selectFrom('audit_log')
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .selectAll()
    .execute()
}
