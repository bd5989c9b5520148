import type { FastifyInstance } from 'fastify'

/** Step 6: medical terms and conditions, versioned, with acceptances. */
export function medicalTermsRoutes(_app: FastifyInstance): void {}
