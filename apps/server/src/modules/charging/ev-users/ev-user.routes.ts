import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): the EMSP's app users (/users). */
export function evUserRoutes(_app: FastifyInstance): void {}
