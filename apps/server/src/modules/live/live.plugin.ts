import type { FastifyInstance } from 'fastify'
import type { LiveFeedOptions } from './live-feed'
import { LiveFeed } from './live-feed'
import { registerLivePrune } from './live-prune'

declare module 'fastify' {
  interface FastifyInstance {
    /** What happened, for the live stream (modules/live, docs/decisions/0110-live-stream.md). */
    live: LiveFeed
  }
}

/** The instance's live feed; after registerBackground (it rides the event bus and the job queue). */
export function registerLive(
  app: FastifyInstance,
  options: Partial<Omit<LiveFeedOptions, 'log'>> = {},
): void {
  const feed = new LiveFeed(app.db, app.events, {
    ...options,
    log: { error: (m) => app.log.error(m) },
  })
  app.decorate('live', feed)
  registerLivePrune(app.jobs, app.db)
  // Before the bus closes (onClose), so that nothing reads it after.
  app.addHook('preClose', (done) => {
    feed.close()
    done()
  })
}
