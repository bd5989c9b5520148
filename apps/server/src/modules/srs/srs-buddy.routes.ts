import type { FastifyInstance } from 'fastify'

/** Step 6: SRS buddy records (list and detail). */
export function srsBuddyRoutes(_app: FastifyInstance): void {}
