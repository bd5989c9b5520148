import type {
  CarbonPartner,
  CarbonPartnerDetail,
  CarbonPartnerFilter,
  CarbonPartnerFilterData,
  CarbonVehicleFilter,
  CarbonVehicleFilterData,
  PartnerRole,
} from '@portal/contract'
import { kgOf, kwhOf } from '@portal/contract'
import type { Db } from '../../db/database'
import { notFound } from '../../lib/errors'
import type { FigureGroup, Figures } from './carbon-figures'
import { aggregateRecords, emptyFigures, figureCells, groupCells } from './carbon-figures'
import type { CarbonScope } from './carbon-scope'
import {
  countVehicles,
  findVehiclePage,
  partnershipCounts,
  partnershipsOf,
  programmePartner,
  programmePartners,
} from './partner.repository'
import { findProgrammeOf } from './record.repository'
import { UNKNOWN_ENTITY } from './record.service'

/** The figures of a partner's records: their value, what the partner earned of it, and what the caller did. */
function partnerFigures(f: Figures, role: PartnerRole) {
  return {
    records: f.records,
    kWh: kwhOf(f.energy_wh),
    emissions_reduced: kgOf(f.emissions_g),
    total_earnings: f.total_earnings,
    partner_earnings: role === 'CPO' ? f.cpo_earnings : f.fo_earnings,
    own_earnings: f.rebates,
  }
}

const byKey = (groups: FigureGroup[]) => new Map(groups.map((g) => [g.key, g]))

/** Everyone the caller shares records with, with the figures of those records (all time). */
async function allPartners(db: Db, scope: CarbonScope): Promise<CarbonPartner[]> {
  const programme = await findProgrammeOf(db, scope.entityCode)
  const currency = programme?.currency ?? 'SGD'
  const out: CarbonPartner[] = []
  const cells = await figureCells(db, scope, {})
  const byCpo = byKey(groupCells(cells, 'cpo'))
  const byFo = byKey(groupCells(cells, 'fo'))
  if (scope.sides.includes('CRX')) {
    const [partners, counts] = await Promise.all([
      programmePartners(db, scope.entityCode),
      partnershipCounts(db, scope.entityCode),
    ])
    for (const p of partners) {
      const role: PartnerRole = p.role === 'CPO' ? 'CPO' : 'FO'
      const figures = (role === 'CPO' ? byCpo : byFo).get(p.entity_code) ?? emptyFigures()
      out.push({
        entity_code: p.entity_code,
        name: p.name ?? UNKNOWN_ENTITY,
        role,
        since: p.joined_at,
        cpo_share_percent: null,
        counterparts: counts.get(`${role}|${p.entity_code}`) ?? 0,
        currency,
        ...partnerFigures(figures, role),
      })
    }
  }
  for (const side of ['CPO', 'FO'] as const) {
    if (!scope.sides.includes(side)) continue
    // A CPO's partners are the fleet owners it shares records with, and the other way round.
    const role: PartnerRole = side === 'CPO' ? 'FO' : 'CPO'
    const groups = side === 'CPO' ? byFo : byCpo
    const merged = new Map<string, CarbonPartner>()
    for (const ps of await partnershipsOf(db, side, scope.entityCode)) {
      const code = side === 'CPO' ? ps.fo_entity_code : ps.cpo_entity_code
      const known = merged.get(code)
      if (known) {
        known.since = Math.min(known.since, ps.since)
        known.counterparts++
        continue
      }
      merged.set(code, {
        entity_code: code,
        name: ps.partner_name ?? UNKNOWN_ENTITY,
        role,
        since: ps.since,
        cpo_share_percent: ps.cpo_share_bps / 100,
        counterparts: 1,
        currency,
        ...partnerFigures(groups.get(code) ?? emptyFigures(), role),
      })
    }
    out.push(...merged.values())
  }
  return out
}

/**
 * POST /carbon/partners/filter. A programme has tens of partners, not millions: they are gathered, filtered and
 * paged here, and their figures come from the daily sums in two grouped queries.
 */
export async function filterPartners(
  db: Db,
  scope: CarbonScope,
  body: CarbonPartnerFilter,
): Promise<CarbonPartnerFilterData> {
  const search = body.search?.toLowerCase()
  const matching = (await allPartners(db, scope))
    .filter((p) => body.role === undefined || p.role === body.role)
    .filter(
      (p) => !search || p.name.toLowerCase().includes(search) || p.entity_code.toLowerCase().includes(search),
    )
    .sort((a, b) => b.own_earnings - a.own_earnings || a.name.localeCompare(b.name))
  return { partners: matching.slice(body.offset, body.offset + body.limit), count: matching.length }
}

/**
 * GET /carbon/partners/{entity}: a partner of the programme the caller runs (A §2 /crx/cpo-details/{entity} and
 * /crx/fo-details/{entity}). Anyone else, or an entity that is not a partner, gets the same 404.
 */
export async function partnerDetail(
  db: Db,
  scope: CarbonScope,
  entityCode: string,
  role: PartnerRole | undefined,
): Promise<CarbonPartnerDetail> {
  if (!scope.sides.includes('CRX')) throw notFound('Partner')
  const rows = await programmePartner(db, scope.entityCode, entityCode)
  const partner = rows.find((r) => role === undefined || r.role === role)
  if (!partner) throw notFound('Partner')
  const partnerRole: PartnerRole = partner.role === 'CPO' ? 'CPO' : 'FO'
  const filters = partnerRole === 'CPO' ? { cpo_entity_code: entityCode } : { fo_entity_code: entityCode }
  const otherGroup = partnerRole === 'CPO' ? 'fo' : 'cpo'
  const [programme, cells, locations, partnerships, vehicles] = await Promise.all([
    findProgrammeOf(db, scope.entityCode),
    figureCells(db, scope, filters),
    aggregateRecords(db, scope, filters, 'location'),
    partnershipsOf(db, partnerRole, entityCode, scope.entityCode),
    partnerRole === 'FO' ? countVehicles(db, scope, { fo_entity_code: entityCode }) : Promise.resolve(0),
  ])
  const totals = groupCells(cells, 'none')
  const byOther = byKey(groupCells(cells, otherGroup))
  const scenarios = groupCells(cells, 'scenario')
  const otherRole: PartnerRole = partnerRole === 'CPO' ? 'FO' : 'CPO'
  return {
    entity_code: entityCode,
    name: partner.name ?? UNKNOWN_ENTITY,
    role: partnerRole,
    payment_bank: partner.payment_bank,
    joined_at: partner.joined_at,
    currency: programme?.currency ?? 'SGD',
    ...partnerFigures(totals[0] ?? emptyFigures(), partnerRole),
    partnerships: partnerships.map((ps) => {
      const code = partnerRole === 'CPO' ? ps.fo_entity_code : ps.cpo_entity_code
      return {
        entity_code: code,
        name: ps.partner_name ?? UNKNOWN_ENTITY,
        role: otherRole,
        cpo_share_percent: ps.cpo_share_bps / 100,
        since: ps.since,
        ...partnerFigures(byOther.get(code) ?? emptyFigures(), partnerRole),
      }
    }),
    vehicles,
    locations: partnerRole === 'CPO' ? locations.length : 0,
    top_locations: [...locations]
      .sort(
        (a, b) =>
          b.total_earnings - a.total_earnings || b.energy_wh - a.energy_wh || a.key.localeCompare(b.key),
      )
      .slice(0, 5)
      .map((l) => ({
        location_id: Number(l.key),
        name: l.name,
        records: l.records,
        kWh: kwhOf(l.energy_wh),
        emissions_reduced: kgOf(l.emissions_g),
        total_earnings: l.total_earnings,
      })),
    scenarios: [...scenarios]
      .sort((a, b) => b.emissions_g - a.emissions_g || a.key.localeCompare(b.key))
      .map((s) => ({
        scenario: s.key,
        records: s.records,
        kWh: kwhOf(s.energy_wh),
        emissions_reduced: kgOf(s.emissions_g),
      })),
  }
}

/** POST /carbon/vehicles/filter: plates in order. */
export async function filterVehicles(
  db: Db,
  scope: CarbonScope,
  body: CarbonVehicleFilter,
): Promise<CarbonVehicleFilterData> {
  const { limit: _limit, offset: _offset, ...filters } = body
  const [rows, count] = await Promise.all([
    findVehiclePage(db, scope, body),
    countVehicles(db, scope, filters),
  ])
  return {
    vehicles: rows.map((v) => ({
      id: v.id,
      license_plate: v.license_plate,
      vehicle_type: v.vehicle_type,
      fuel: v.fuel,
      fo_entity_code: v.fo_entity_code,
      fo_entity_name: v.fo_name ?? UNKNOWN_ENTITY,
      enrolled_at: v.enrolled_at,
      scenario: v.scenario,
    })),
    count,
  }
}
