import { LIVE_RETRY_MS, parseLastEventId } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../lib/errors'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { audienceOf } from './live-audience'
import type { LiveStreamOptions } from './live-stream'
import { DEFAULT_STREAM_OPTIONS, LiveStream } from './live-stream'

/**
 * GET /api/main/live (issue 16): the caller's live events as text/event-stream, for as long as the session stands
 * (an access token that expires meanwhile does not end it; a revoked session does). `Last-Event-ID` resumes.
 */
export function liveRoutes(app: FastifyInstance, options: Partial<LiveStreamOptions> = {}): void {
  const settings: LiveStreamOptions = { ...DEFAULT_STREAM_OPTIONS, retryMs: LIVE_RETRY_MS.min, ...options }
  const open = new Set<LiveStream>()
  app.addHook('preClose', (done) => {
    app.log.info(`live: ending ${String(open.size)} stream(s) for shutdown`)
    for (const stream of [...open]) stream.end()
    done()
  })

  app.get(
    '/live',
    {
      // The stream re-checks the session it was opened with; integrators get events by webhook (decision 0114).
      config: { permission: 'authenticated', sessionOnly: true },
      schema: {
        tags: ['live'],
        summary:
          "The caller's live events (text/event-stream): machine.status, order.created, charger.status, connector.status, session.started/updated/stopped, export.progress, alert.raised/updated; Last-Event-ID resumes",
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { auth } = callerOf(request)
      const mine = [...open].filter((s) => s.auth.userId === auth.userId).length
      if (mine >= settings.maxPerUser)
        throw new HttpError(
          429,
          'TOO_MANY_REQUESTS',
          `You already have ${String(settings.maxPerUser)} live streams open; close a tab or two`,
        )
      const audience = await audienceOf(app.db, auth)
      await app.live.ready()
      const lastEventId = parseLastEventId(
        typeof request.headers['last-event-id'] === 'string' ? request.headers['last-event-id'] : undefined,
      )
      const stream = new LiveStream(reply.raw, app.db, app.live, auth, audience, settings, request.log)
      open.add(stream)
      stream.whenEnded(() => open.delete(stream))
      // From here the stream writes the answer itself, for as long as it lasts.
      const headers = reply.getHeaders()
      void reply.hijack()
      await stream.open(headers, lastEventId)
    },
  )
}
