import { MACHINE_AUTH_SCHEME } from '@portal/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/database'
import { HttpError, unauthorized } from '../lib/errors'
import { MinuteLimiter } from '../lib/minute-limiter'
import type { AuthenticatedMachine } from '../modules/machine-api/machine-key.repository'
import { authenticateMachine } from '../modules/machine-api/machine-key.service'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the machine hook on the machine API's routes; read it through `requireMachine`. */
    machine: AuthenticatedMachine | null
  }
}

/**
 * Authentication for the machine API (issue 15): `Authorization: Machine <api_key>` names the machine, or the call is
 * a 401 with the envelope. Every route under it declares `permission: 'machine'` and is listed in the route table,
 * so the authorization matrix sees it.
 */
export function registerMachineAuthHook(app: FastifyInstance, db: Db, limits: { perMinute: number }) {
  const limiter = new MinuteLimiter(limits.perMinute)
  app.addHook('onRoute', (route) => {
    if (route.config?.permission !== 'machine')
      throw new Error(
        `Route ${String(route.method)} ${route.url} under /api/machine must declare permission 'machine'`,
      )
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods)
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, permission: 'machine' })
  })
  app.addHook('onRequest', async (request) => {
    const key = machineKeyFrom(request)
    if (key === null)
      throw unauthorized(`Send the machine's API key: Authorization: ${MACHINE_AUTH_SCHEME} <api_key>`)
    const machine = await authenticateMachine(db, key)
    if (!machine) throw unauthorized('This API key is not valid: it is wrong, or it was rotated')
    const wait = limiter.take(machine.id, Date.now())
    if (wait !== null)
      throw new HttpError(
        429,
        'TOO_MANY_REQUESTS',
        `Too many requests from this machine: at most ${String(limits.perMinute)} a minute; try again in ${String(wait)} s`,
        { 'retry-after': String(wait) },
      )
    request.machine = machine
  })
}

function machineKeyFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const [scheme, key, ...rest] = header.trim().split(/\s+/)
  if (rest.length > 0 || !key || scheme?.toLowerCase() !== MACHINE_AUTH_SCHEME.toLowerCase()) return null
  return key.length <= 200 ? key : null
}

export function requireMachine(request: FastifyRequest): AuthenticatedMachine {
  if (request.machine === null) throw unauthorized()
  return request.machine
}
