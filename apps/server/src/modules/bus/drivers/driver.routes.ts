import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): drivers (GET /v2/dashboard/drivers, /v2/eleccalimo/drivers, adding and csv import). */
export function driverRoutes(_app: FastifyInstance): void {}
