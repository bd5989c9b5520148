import type { AppCode } from '@portal/contract'
import { IAM_RESOURCES, policyAllows } from '@portal/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/database'
import { forbidden, unauthorized } from '../lib/errors'
import '../modules/iam/auth/auth-context'
import type { AuthContext } from '../modules/iam/auth/auth-context'
import { authenticate } from '../modules/iam/auth/auth.service'
import type { ApiKeyGate } from '../modules/iam/service-accounts/api-key.gate'
import { isApiKey } from '../modules/iam/service-accounts/api-key.service'
import { allowedActions, setsCovering } from '../modules/iam/policies/policy.engine'

export type AuthScheme = 'Token' | 'Bearer'

export interface NeededPermission {
  app: AppCode
  resource: string
  action: 'read' | 'edit' | 'all'
}

/**
 * What a route needs, declared on every route (`config: { permission }`); a route without one is refused when the
 * server starts, so no endpoint can be forgotten:
 * - 'public': no token (login, health, docs);
 * - 'authenticated': any signed-in user (their own profile, the policy check, switching entity);
 * - 'platform-admin': platform administrators only;
 * - a permission, or `{ anyOf: [...] }`: the caller's policies in the current entity must cover one (A §6);
 * - 'machine': the machine API's routes, under their own hook (plugins/machine-auth.ts).
 */
export type RoutePermission =
  | 'public'
  | 'authenticated'
  | 'platform-admin'
  | NeededPermission
  | { anyOf: readonly NeededPermission[] }
  /** A machine with its API key (`Authorization: Machine <key>`, plugins/machine-auth.ts). */
  | 'machine'

/** The sets the caller may act on for the route's permission: null means every set of the entity. */
export interface AccessScope {
  sets: string[] | null
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission
    /**
     * Only a person's signed-in session may call it (logout, own password, authenticator, switching entity, the live
     * stream): an integrator's API key is refused with 403 (docs/decisions/0114-integrator-keys.md).
     */
    sessionOnly?: boolean
  }
  interface FastifyRequest {
    access: AccessScope | null
  }
  interface FastifyInstance {
    /** Every route with its declared permission (the authorization matrix test reads it). */
    routeTable: RouteEntry[]
    /** The per-key rate limit and last-use marks of integrators' API keys. */
    apiKeys: ApiKeyGate
  }
}

export interface RouteEntry {
  method: string
  url: string
  permission: RoutePermission
  sessionOnly?: true
}

/** Reads `Authorization: <scheme> <token>`; the verification-form client uses Bearer, the others Token. */
export function tokenFrom(request: FastifyRequest, scheme: AuthScheme): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const [given, token, ...rest] = header.trim().split(/\s+/)
  if (rest.length > 0 || !token || given?.toLowerCase() !== scheme.toLowerCase()) return null
  return token
}

function describe(needed: NeededPermission): string {
  const resource = IAM_RESOURCES.find((r) => r.app_code === needed.app && r.resource_code === needed.resource)
  const verb = needed.action === 'read' ? 'view' : needed.action === 'edit' ? 'change' : 'manage'
  return `You do not have permission to ${verb} ${resource ? resource.name.toLowerCase() : needed.resource}`
}

/** Checks a permission for a caller; the sets it reaches, or a 403 naming what was missing. */
export async function checkPermission(
  db: Db,
  auth: AuthContext,
  permission: NeededPermission | { anyOf: readonly NeededPermission[] },
) {
  const options = 'anyOf' in permission ? permission.anyOf : [permission]
  for (const needed of options) {
    const allowed = await allowedActions(db, auth, needed.app, needed.resource)
    if (policyAllows(allowed, needed.action, auth.isPlatformAdmin)) {
      return { sets: allowed.length === 0 ? null : setsCovering(allowed, needed.action) }
    }
  }
  const first = options[0]
  throw forbidden(first ? describe(first) : undefined)
}

/**
 * Authentication and authorization for every route of a service prefix. Registered first in each prefix's scope,
 * so it sees every route registered after it there.
 */
export function registerAuthHook(app: FastifyInstance, db: Db, scheme: AuthScheme) {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission
    if (permission === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no permission (config.permission)`)
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods)
      if (method !== 'HEAD')
        app.routeTable.push({
          method,
          url: route.url,
          permission,
          ...(route.config?.sessionOnly === true ? { sessionOnly: true as const } : {}),
        })
  })

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission
    if (permission === 'public') return
    const token = tokenFrom(request, scheme)
    if (token === null)
      throw unauthorized(`Sign in to continue (send Authorization: ${scheme} <token>)`).withMessage(
        'unauthorized',
      )
    const auth = await authenticate(db, token)
    if (auth === null)
      throw unauthorized(
        isApiKey(token)
          ? 'This API key is not valid: it is unknown, expired or revoked'
          : 'Your session has expired or was revoked; sign in again',
      )
    if (auth.apiKey) {
      if (request.routeOptions.config.sessionOnly === true)
        throw forbidden('This needs a person signed in: an API key cannot call it')
      app.apiKeys.admit(auth.apiKey.id, request.ip)
    }
    request.auth = auth
    request.access = { sets: null }
    if (permission === 'machine')
      throw new Error('A machine route under a user prefix: register it under /api/machine')
    if (permission === undefined || permission === 'authenticated') return
    if (permission === 'platform-admin') {
      if (!auth.isPlatformAdmin) throw forbidden('Only platform administrators can do this')
      return
    }
    request.access = await checkPermission(db, auth, permission)
  })
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw unauthorized()
  return request.auth
}
