import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DevSmsOutbox } from '../../lib/sms'
import type { DevMailOutbox } from '../../lib/mail'
import { expireAccessTokens } from '../iam/auth/session.repository'

/**
 * Development-only helpers (never registered with NODE_ENV=production): the SMS outbox, so a developer or a test
 * can read a code without a gateway, and a way to end a user's access tokens, so the portal's 401 → refresh →
 * retry path can be exercised in a browser.
 */
export function devRoutes(
  app: FastifyInstance,
  outbox: DevSmsOutbox | null,
  mailOutbox: DevMailOutbox | null = null,
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  if (outbox) {
    r.get(
      '/dev/sms-outbox',
      {
        config: { permission: 'public' },
        schema: {
          tags: ['dev'],
          summary: 'Development only: the SMS messages "sent", newest first',
          security: [],
          querystring: z.strictObject({ to: z.string().max(32).optional() }),
          response: {
            200: z.object({
              data: z.object({
                messages: z.array(z.object({ to: z.string(), text: z.string(), at: z.number() })),
              }),
            }),
          },
        },
      },
      (request) => Promise.resolve({ data: { messages: outbox.list(request.query.to) } }),
    )
  }
  if (mailOutbox) {
    r.get(
      '/dev/mail-outbox',
      {
        config: { permission: 'public' },
        schema: {
          tags: ['dev'],
          summary: 'Development only: the e-mails "sent" (alerts), newest first',
          security: [],
          querystring: z.strictObject({ to: z.string().max(320).optional() }),
          response: {
            200: z.object({
              data: z.object({
                messages: z.array(
                  z.object({
                    to: z.string(),
                    subject: z.string(),
                    text: z.string(),
                    at: z.number(),
                    attachments: z.array(z.object({ filename: z.string(), size: z.number() })),
                  }),
                ),
              }),
            }),
          },
        },
      },
      (request) =>
        Promise.resolve({
          data: {
            messages: mailOutbox.list(request.query.to).map((m) => ({
              to: m.to,
              subject: m.subject,
              text: m.text,
              at: m.at,
              attachments: (m.attachments ?? []).map((a) => ({
                filename: a.filename,
                size: a.content.length,
              })),
            })),
          },
        }),
    )
  }
  r.post(
    '/dev/expire-access-tokens',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['dev'],
        summary: "Development only: end a user's access tokens now (their refresh tokens stay valid)",
        security: [],
        body: z.strictObject({ username: z.string().min(1).max(100) }),
        response: { 200: z.object({ data: z.object({ sessions: z.number() }) }) },
      },
    },
    async (request) => {
      const sessions = await app.db
        .selectFrom('auth_session')
        .innerJoin('app_user', 'app_user.id', 'auth_session.user_id')
        .where('app_user.username', '=', request.body.username)
        .where('auth_session.revoked_at', 'is', null)
        .select('auth_session.id')
        .execute()
      const now = Date.now()
      for (const s of sessions) await expireAccessTokens(app.db, s.id, now)
      return { data: { sessions: sessions.length } }
    },
  )
}
