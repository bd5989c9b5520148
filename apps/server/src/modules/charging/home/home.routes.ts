import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): the /cpo and /emsp home summaries. */
export function chargingHomeRoutes(_app: FastifyInstance): void {}
