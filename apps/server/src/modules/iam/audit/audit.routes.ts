import { auditQuery, auditResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { parseJson } from '../../../lib/json'
import { requireAuth } from '../../../plugins/auth'
import { errorResponses } from '../../../plugins/responses'

/** GET /iam/audit: the changes to one object, newest first, within the current entity (every entity for a platform administrator). */
export function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/iam/audit',
    {
      config: { permission: { app: 'iam', resource: 'audit/*', action: 'read' } },
      schema: {
        tags: ['iam'],
        summary: 'The audit trail of one object',
        querystring: auditQuery,
        response: { 200: auditResponse, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      let q = app.db
        .selectFrom('audit_log as a')
        .leftJoin('app_user as u', 'u.id', 'a.actor_user_id')
        .where('a.object_type', '=', request.query.object_type)
        .where('a.object_id', '=', request.query.object_id)
      if (!auth.isPlatformAdmin) q = q.where('a.entity_code', '=', auth.entityCode)
      const rows = await q
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
      return {
        data: {
          entries: rows.map((r) => ({
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
          })),
        },
      }
    },
  )
}
