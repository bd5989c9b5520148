import type { FastifyInstance } from 'fastify'

/** Step 6: carbon-credit records and dashboard, payouts and invoices, CPO partners, CRX. */
export function carbonRoutes(_app: FastifyInstance): void {}
