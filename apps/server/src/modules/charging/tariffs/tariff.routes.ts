import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): tariffs (GET pricing/tariffs and the tariff detail). */
export function tariffRoutes(_app: FastifyInstance): void {}
