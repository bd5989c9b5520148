import type { SearchKind, GlobalSearchRequest, GlobalSearchResult } from '@portal/contract'
import { formatDateTime, formatMoney, industriesOverlap, NAV_LINKS, policyAllows } from '@portal/contract'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { findEntityByCode } from '../iam/entities/entity.repository'
import { allowedActions, setsCovering } from '../iam/policies/policy.engine'
import { searchMembers } from '../iam/users/user.repository'
import type { MachineScope } from '../iot/machines/machine.repository'
import { machineScope } from '../iot/machines/machine.service'
import {
  searchCampaigns,
  searchCases,
  searchChargers,
  searchDrivers,
  searchLocations,
  searchMachines,
  searchOrders,
  searchSessions,
  searchTransactions,
} from './search.repository'

/** A found object before its page is chosen. */
interface Hit {
  id: string
  title: string
  subtitle: string
  /** What a list filtered to the object takes, where that is not its id. */
  ref?: string
}

interface Screen {
  /** The side navigation link of the screen (NAV_LINKS): the entity sees it when its industries do. */
  nav: string
  path: (hit: Hit) => string
}

interface KindSearch {
  kind: SearchKind
  /** The permission of the kind's list call: read on it, with the sets it reaches. */
  permission: { app: string; resource: string }
  /** Machines, and the orders and payments taken at them, are limited to the sets of a grant; nothing else is. */
  bySets: boolean
  /** Where the kind is shown, in order of preference; an entity that sees none of them has no such objects. */
  screens: readonly Screen[]
  run: (db: Db, entityCode: string, scope: MachineScope, value: string, limit: number) => Promise<Hit[]>
}

const enc = encodeURIComponent
const detail = (base: string) => (hit: Hit) => `${base}/${enc(hit.id)}`
const filtered = (base: string, key: string) => (hit: Hit) => `${base}?${key}=${enc(hit.ref ?? hit.id)}`
const join = (...parts: (string | null | undefined)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ')

/** The hits of several queries, most relevant query first, each object once. */
function merged<R>(groups: readonly (readonly R[])[], toHit: (row: R) => Hit): Hit[] {
  const seen = new Map<string, Hit>()
  for (const group of groups)
    for (const row of group) {
      const hit = toHit(row)
      if (!seen.has(hit.id)) seen.set(hit.id, hit)
    }
  return [...seen.values()]
}

const KINDS: readonly KindSearch[] = [
  {
    kind: 'machine',
    permission: { app: 'iot', resource: 'machines/*' },
    bySets: true,
    screens: [{ nav: '/machines', path: detail('/machines') }],
    run: async (db, entity, scope, value, limit) =>
      merged(await searchMachines(db, entity, scope, value, limit), (m) => ({
        id: String(m.id),
        title: m.alias || m.serial_number,
        subtitle: join(m.serial_number, `#${String(m.id)}`, m.location),
      })),
  },
  {
    kind: 'order',
    permission: { app: 'iot', resource: 'orders/*' },
    bySets: true,
    screens: [
      { nav: '/machine-orders', path: detail('/machine-orders') },
      { nav: '/pos-machine-orders', path: detail('/pos-machine-orders') },
    ],
    run: async (db, entity, scope, value, limit) =>
      merged(await searchOrders(db, entity, scope, value, limit), (o) => ({
        id: o.uuid,
        title: o.order_no,
        subtitle: join(o.out_trade_no, o.username),
      })),
  },
  {
    kind: 'transaction',
    permission: { app: 'payment', resource: 'transactions/*' },
    bySets: true,
    // No detail page: the list, filtered to the transaction's uuid.
    screens: [{ nav: '/transactions', path: filtered('/transactions', 'uuid') }],
    run: async (db, entity, scope, value, limit) =>
      merged(await searchTransactions(db, entity, scope, value, limit), (t) => ({
        id: t.uuid,
        title: t.entity_refer_no,
        subtitle: join(t.payment_refer_no, formatMoney(t.amount, t.currency_code), t.username),
      })),
  },
  {
    kind: 'session',
    permission: { app: 'ev', resource: 'sessions/*' },
    bySets: false,
    screens: [
      { nav: '/ev-charging-sessions', path: filtered('/ev-charging-sessions', 'external_id') },
      {
        nav: '/voltnet/emsp/charging-sessions',
        path: filtered('/voltnet/emsp/charging-sessions', 'external_id'),
      },
      {
        nav: '/voltnet/cpo/charging-sessions',
        path: filtered('/voltnet/cpo/charging-sessions', 'external_id'),
      },
      { nav: '/busways-charging-history', path: filtered('/busways-charging-history', 'external_id') },
    ],
    // The lists filter by external id (no session has a detail page of its own on the CPO/EMSP screens).
    run: async (db, entity, _scope, value, limit) =>
      merged(await searchSessions(db, entity, value, limit), (s) => ({
        id: s.uid,
        ref: s.external_id,
        title: s.uid,
        subtitle: join(s.license_plate, s.user_name, formatDateTime(s.start_date_time)),
      })),
  },
  {
    kind: 'location',
    permission: { app: 'ev', resource: 'locations/*' },
    bySets: false,
    screens: [
      { nav: '/charge-locations', path: detail('/charge-locations') },
      { nav: '/voltnet/charge-locations', path: detail('/voltnet/charge-locations') },
      { nav: '/busways-charge-locations', path: detail('/busways-charge-locations') },
    ],
    run: async (db, entity, _scope, value, limit) =>
      merged(await searchLocations(db, entity, value, limit), (l) => ({
        id: l.uid,
        title: l.name,
        subtitle: join(l.address, l.city),
      })),
  },
  {
    kind: 'charger',
    permission: { app: 'ev', resource: 'locations/*' },
    bySets: false,
    screens: [{ nav: '/ev-devices', path: detail('/ev-devices') }],
    run: async (db, entity, _scope, value, limit) =>
      merged(await searchChargers(db, entity, value, limit), (c) => ({
        id: c.uid,
        title: c.ocpp_identity ?? c.serial_number,
        subtitle: join(c.serial_number, c.location_name),
      })),
  },
  {
    kind: 'driver',
    permission: { app: 'ev', resource: 'drivers/*' },
    bySets: false,
    screens: [
      { nav: '/drivers', path: detail('/drivers') },
      { nav: '/limo/drivers', path: detail('/limo/drivers') },
    ],
    run: async (db, entity, _scope, value, limit) =>
      merged(await searchDrivers(db, entity, value, limit), (d) => ({
        id: d.uuid,
        title: d.name,
        subtitle: join(d.mobile_number, d.license_plate),
      })),
  },
  {
    kind: 'user',
    permission: { app: 'iam', resource: 'users/*' },
    bySets: false,
    screens: [{ nav: '/iam', path: detail('/iam/users') }],
    run: async (db, entity, _scope, value, limit) =>
      merged([await searchMembers(db, entity, value, limit)], (u) => ({
        id: u.user_uuid,
        title: u.name,
        subtitle: u.username,
      })),
  },
  {
    kind: 'case',
    permission: { app: 'health', resource: 'cases/*' },
    bySets: false,
    screens: [{ nav: '/digital-health/cases', path: (hit) => `/digital-health/${enc(hit.id)}/info` }],
    run: async (db, entity, _scope, value, limit) =>
      merged(await searchCases(db, entity, value, limit), (c) => ({
        id: c.case_uuid,
        title: c.case_no,
        subtitle: join(c.patient_name, c.status),
      })),
  },
  {
    kind: 'campaign',
    permission: { app: 'forms', resource: 'campaigns/*' },
    bySets: false,
    screens: [{ nav: '/typeform-campaigns', path: (hit) => `/typeform-campaigns/${enc(hit.id)}/info` }],
    run: async (db, entity, _scope, value, limit) =>
      merged(await searchCampaigns(db, entity, value, limit), (c) => ({
        id: c.campaign_id,
        title: c.name,
        subtitle: c.campaign_id,
      })),
  },
]

/** The screen of a kind the entity's industries show, or null when they show none (the entity has no such objects). */
function screenFor(search: KindSearch, industries: readonly string[]): Screen | null {
  for (const screen of search.screens) {
    const link = NAV_LINKS.find((l) => l.path === screen.nav)
    if (link && industriesOverlap(link.industries, industries)) return screen
  }
  return null
}

/**
 * How far the caller reaches a kind, as its list call decides: false (no read), null (everything) or the set ids
 * (with their sub-sets) of the grant, for the kinds limited by sets.
 */
async function reachOf(db: Db, caller: Caller, search: KindSearch): Promise<false | MachineScope> {
  const { auth } = caller
  const allowed = await allowedActions(db, auth, search.permission.app, search.permission.resource)
  if (!policyAllows(allowed, 'read', auth.isPlatformAdmin)) return false
  if (!search.bySets) return null
  const sets = allowed.length === 0 ? null : setsCovering(allowed, 'read')
  return machineScope(db, auth.entityCode, sets)
}

/**
 * GET /search: the objects of every kind the caller may read whose identifiers start with, or whose names contain,
 * the query; the kinds searched concurrently, each capped at its share of the limit, in SEARCH_KINDS order.
 */
export async function globalSearch(
  db: Db,
  caller: Caller,
  request: GlobalSearchRequest,
): Promise<GlobalSearchResult[]> {
  const entity = await findEntityByCode(db, caller.auth.entityCode)
  if (!entity) return []
  const industries = parseJson<string[]>(entity.industries, [])
  const candidates = KINDS.flatMap((search) => {
    const screen = screenFor(search, industries)
    return screen ? [{ search, screen }] : []
  })
  if (candidates.length === 0) return []
  const perKind = Math.max(1, Math.ceil(request.limit / candidates.length))
  const groups = await Promise.all(
    candidates.map(async ({ search, screen }) => {
      const reach = await reachOf(db, caller, search)
      if (reach === false) return []
      const hits = await search.run(db, caller.auth.entityCode, reach, request.q, perKind)
      return hits.slice(0, perKind).map((hit): GlobalSearchResult => ({
        kind: search.kind,
        id: hit.id,
        title: hit.title,
        subtitle: hit.subtitle,
        path: screen.path(hit),
      }))
    }),
  )
  // KINDS is in SEARCH_KINDS order: the groups come out as the palette shows them.
  return groups.flat().slice(0, request.limit)
}
