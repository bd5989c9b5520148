import type { Db } from '../../../db/database'
import type { Caller } from '../../../lib/request-meta'
import { recordAudit } from './audit.repository'

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
