import type { FastifyRequest } from 'fastify'
import type { AuthContext } from '../modules/iam/auth/auth-context'
import { requireAuth } from '../plugins/auth'

/** The caller and their address, as services need them for scoping and audit records. */
export interface Caller {
  auth: AuthContext
  ip: string | null
  /** The sets the route's permission reaches (null: every set of the entity). */
  sets: string[] | null
}

export function callerOf(request: FastifyRequest): Caller {
  return { auth: requireAuth(request), ip: request.ip, sets: request.access?.sets ?? null }
}
