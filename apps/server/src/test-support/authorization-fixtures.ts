import type { InjectOptions } from 'fastify'
import type { TestApp } from './index'
import { loginAs } from './index'

/*
 * The authorization matrix's vocabulary (apps/server/src/authorization.test.ts): what a fixture receives and returns.
 * Each area keeps its fixtures in its own file under ./fixtures/, so areas built in parallel never edit one file.
 *
 * A fixture prepares one call for "the right user" (default: VEND's owner; EV areas pass `as` with their entity's
 * owner token). The same prepared call is replayed with no token (→ 401), with a VEND member who holds no policy
 * (→ 403) and, when the route has a path parameter, with CPO's owner (→ 404 and no data): so a fixture naming an
 * object must name one that does NOT belong to CPO (use VOLT, BUS, EMSP, LIMO or another entity's object).
 */

export interface Ctx {
  t: TestApp
  tokens: { vending: string; cpo: string; admin: string; nogrants: string }
  vend: {
    machineId: number
    viewerUuid: string
    policyId: number
    roleId: number
    setId: number
    nograntsUuid: string
  }
  api: (
    token: string,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ) => Promise<{ status: number; body: any }> // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON
}

export interface Prepared {
  params?: Record<string, string>
  body?: unknown
  query?: string
  payload?: { body: Buffer; headers: Record<string, string> }
  /** The right user for this call (default: VEND's owner). */
  as?: keyof Ctx['tokens'] | { token: string }
  /** An answer that never ends (the live stream): called over a socket, only its status read. */
  stream?: true
}

export type Fixture = (ctx: Ctx) => Promise<Prepared> | Prepared

let seq = 0
/** A name no earlier call used (fixtures run three or four times against one database). */
export const unique = (prefix: string) => `${prefix}${String(Date.now() % 100000)}${String(++seq)}`

const tokens = new WeakMap<Ctx, Map<string, Promise<string>>>()
/** The token of a demo user (password demo1234), signed in once per matrix run. */
export function tokenOf(ctx: Ctx, username: string): Promise<string> {
  let byUser = tokens.get(ctx)
  if (!byUser) {
    byUser = new Map()
    tokens.set(ctx, byUser)
  }
  let token = byUser.get(username)
  if (!token) {
    token = loginAs(ctx.t.app, username)
    byUser.set(username, token)
  }
  return token
}
