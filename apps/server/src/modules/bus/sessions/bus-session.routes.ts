import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): bus network sessions (GET /v3/dashboard/sessions and /{id}). */
export function busSessionRoutes(_app: FastifyInstance): void {}
