import type { FastifyInstance } from 'fastify'

/** Step 6: digital-health cases (POST /cases/filter, Bearer scheme) and case intake. */
export function caseRoutes(_app: FastifyInstance): void {}
