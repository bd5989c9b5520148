import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): charge locations, EVSEs and connectors (B §7 charge-points calls). */
export function locationRoutes(_app: FastifyInstance): void {}
