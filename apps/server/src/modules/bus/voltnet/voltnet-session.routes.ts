import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): roaming network sessions (POST /v1/dashboard/charging-sessions and /count). */
export function voltnetSessionRoutes(_app: FastifyInstance): void {}
