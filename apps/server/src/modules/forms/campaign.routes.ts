import type { FastifyInstance } from 'fastify'

/** Step 6: typeform campaigns (POST /forms/campaign/filter) and campaign info. */
export function campaignRoutes(_app: FastifyInstance): void {}
