import type { FastifyInstance } from 'fastify'

/** Step 6: test results (POST /ti-filter, GET /testInstances), covid and medicord programmes. */
export function reportingRoutes(_app: FastifyInstance): void {}
