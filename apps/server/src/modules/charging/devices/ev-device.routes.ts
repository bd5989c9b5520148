import type { FastifyInstance } from 'fastify'

/** Step 5 (docs/decisions/0020-ev-charging-model.md): the CPO's charge points (EV devices). */
export function evDeviceRoutes(_app: FastifyInstance): void {}
