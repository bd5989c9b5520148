import type {
  CarbonDashboard,
  CarbonProgrammeData,
  CarbonRecord,
  CarbonRecordFilter,
  CarbonRecordFilterData,
  CarbonRecordFilters,
  PartnerRole,
} from '@portal/contract'
import { kgOf, kwhOf, sharePercentages } from '@portal/contract'
import type { Db } from '../../db/database'
import type { CountCache } from '../../lib/count-cache'
import { fieldError } from '../../lib/errors'
import type { FigureGroup } from './carbon-figures'
import { aggregateRecords, figureCells, groupCells, totalFigures } from './carbon-figures'
import type { CarbonScope } from './carbon-scope'
import type { RecordRow } from './record.repository'
import {
  findCpoPartnersOfFo,
  findCrxPartners,
  findEntityNameRows,
  findFoPartnersOfCpo,
  findProgrammeOf,
  findRecordPage,
  findVisibleScenarios,
} from './record.repository'

/** Shown for a code the entity table does not know (A §8). */
export const UNKNOWN_ENTITY = 'Unknown Entity'

export function toApiRecord(r: RecordRow): CarbonRecord {
  return {
    id: r.id,
    cpo_entity_code: r.cpo_entity_code,
    fo_entity_code: r.fo_entity_code,
    kWh: kwhOf(r.energy_wh),
    date_time: r.date_time,
    emissions_reduced: kgOf(r.emissions_reduced_g),
    total_earnings: r.total_earnings,
    cpo_earnings: r.cpo_earnings,
    fo_earnings: r.fo_earnings,
    scenario: r.scenario,
    cdr: r.cdr,
    vc_url: r.vc_url,
    currency: r.currency,
    crx_entity_code: r.crx_entity_code,
    cpo_entity_name: r.cpo_entity_name ?? UNKNOWN_ENTITY,
    fo_entity_name: r.fo_entity_name ?? UNKNOWN_ENTITY,
    license_plate: r.license_plate,
    vehicle_type: r.vehicle_type,
    fuel: r.fuel,
    emission_factor: kgOf(r.emission_factor_g),
    location_name: r.location_name,
  }
}

/** A range that ends before it starts is a mistake to name, not an empty answer. */
export function checkRange(f: CarbonRecordFilters, path = 'body'): void {
  if (f.date_time_from !== undefined && f.date_time_to !== undefined && f.date_time_from > f.date_time_to)
    throw fieldError(`${path}.date_time_to`, 'date_time_to is before date_time_from', 'not_before', {
      other: 'date_time_from',
    })
}

/** The cache scope of an entity's record counts. */
export const recordCountScope = (entityCode: string) => `carbon-records:${entityCode}`

export async function filterRecords(
  db: Db,
  counts: CountCache,
  scope: CarbonScope,
  body: CarbonRecordFilter,
): Promise<CarbonRecordFilterData> {
  const { limit, offset, ...filters } = body
  checkRange(filters)
  const [rows, count] = await Promise.all([
    findRecordPage(db, scope, filters, { limit, offset }),
    // The count comes from the daily sums (exact, and a few rows instead of a million).
    counts.get(
      recordCountScope(scope.entityCode),
      filters,
      async () => (await totalFigures(db, scope, filters)).records,
    ),
  ])
  return { records: rows.map(toApiRecord), count }
}

/** Entity names by code, for the codes given. */
export async function entityNames(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map()
  const rows = await findEntityNameRows(db, codes)
  return new Map(rows.map((r) => [r.code, r.name]))
}

const figuresOf = (g: FigureGroup) => ({
  records: g.records,
  kWh: kwhOf(g.energy_wh),
  emissions_reduced: kgOf(g.emissions_g),
  rebates: g.rebates,
})

/** Most earned first, then most energy, then the key: a stable order for equal figures. */
const byRebates = (a: FigureGroup, b: FigureGroup) =>
  b.rebates - a.rebates || b.energy_wh - a.energy_wh || a.key.localeCompare(b.key)

const TOP = 5

/** The dashboard of the caller's records over the filters (one call, every figure from the daily sums). */
export async function recordDashboard(
  db: Db,
  scope: CarbonScope,
  filters: CarbonRecordFilters,
): Promise<CarbonDashboard> {
  checkRange(filters)
  const partnerGroups: ('cpo' | 'fo')[] = []
  // A CPO's partners are fleet owners, a fleet owner's are CPOs; the exchange ranks both.
  if (scope.sides.includes('CRX') || scope.sides.includes('FO')) partnerGroups.push('cpo')
  if (scope.sides.includes('CRX') || scope.sides.includes('CPO')) partnerGroups.push('fo')
  // One pass over the daily sums without locations, every breakdown but the locations grouped from the same cells;
  // the locations from the daily sums by location.
  const [cells, locations, programme] = await Promise.all([
    figureCells(db, scope, filters),
    aggregateRecords(db, scope, filters, 'location'),
    findProgrammeOf(db, scope.entityCode),
  ])
  const totals = groupCells(cells, 'none')
  const days = groupCells(cells, 'day')
  const scenarios = groupCells(cells, 'scenario')
  const partners = partnerGroups.map((g) => groupCells(cells, g))
  const total = totals[0]
  const topPartners: { group: FigureGroup; role: PartnerRole }[] = []
  partnerGroups.forEach((g, i) => {
    const role: PartnerRole = g === 'cpo' ? 'CPO' : 'FO'
    const list = (partners[i] ?? [])
      .filter((p) => p.key !== scope.entityCode)
      .sort(byRebates)
      .slice(0, TOP)
    for (const group of list) topPartners.push({ group, role })
  })
  const names = await entityNames(
    db,
    topPartners.map((p) => p.group.key),
  )
  const sortedScenarios = [...scenarios].sort(
    (a, b) => b.emissions_g - a.emissions_g || a.key.localeCompare(b.key),
  )
  const shares = sharePercentages(sortedScenarios.map((s) => s.emissions_g))
  return {
    currency: programme?.currency ?? 'SGD',
    sides: scope.sides,
    summary: {
      records: total?.records ?? 0,
      kWh: kwhOf(total?.energy_wh ?? 0),
      emissions_reduced: kgOf(total?.emissions_g ?? 0),
      rebates: total?.rebates ?? 0,
      total_earnings: total?.total_earnings ?? 0,
      cpo_earnings: total?.cpo_earnings ?? 0,
      fo_earnings: total?.fo_earnings ?? 0,
    },
    series: [...days]
      .sort((a, b) => Number(a.key) - Number(b.key))
      .map((d) => ({ day: Number(d.key), ...figuresOf(d) })),
    scenarios: sortedScenarios.map((s, i) => ({
      scenario: s.key,
      ...figuresOf(s),
      percentage: shares[i] ?? 0,
    })),
    top_partners: topPartners.map(({ group, role }) => ({
      entity_code: group.key,
      name: names.get(group.key) ?? UNKNOWN_ENTITY,
      role,
      ...figuresOf(group),
    })),
    top_locations: [...locations]
      .sort(byRebates)
      .slice(0, TOP)
      .map((l) => ({ location_id: Number(l.key), name: l.name, cpo_entity_code: l.cpo, ...figuresOf(l) })),
  }
}

/** The caller's programme, its sides, and the options of the list's partner and scenario filters. */
export async function programmeInfo(db: Db, scope: CarbonScope): Promise<CarbonProgrammeData> {
  const programme = await findProgrammeOf(db, scope.entityCode)
  if (!programme || scope.sides.length === 0)
    return { programme: null, sides: [], partners: [], scenarios: [] }
  const e = scope.entityCode
  const partnerRows: { entity_code: string; role: PartnerRole }[] = []
  if (scope.sides.includes('CRX')) {
    for (const p of await findCrxPartners(db, e))
      partnerRows.push({ entity_code: p.entity_code, role: p.role === 'CPO' ? 'CPO' : 'FO' })
  }
  if (scope.sides.includes('CPO')) {
    for (const p of await findFoPartnersOfCpo(db, e))
      partnerRows.push({ entity_code: p.fo_entity_code, role: 'FO' })
  }
  if (scope.sides.includes('FO')) {
    for (const p of await findCpoPartnersOfFo(db, e))
      partnerRows.push({ entity_code: p.cpo_entity_code, role: 'CPO' })
  }
  const unique = [...new Map(partnerRows.map((p) => [`${p.role}|${p.entity_code}`, p])).values()]
  const [names, scenarios, ownName] = await Promise.all([
    entityNames(
      db,
      unique.map((p) => p.entity_code),
    ),
    findVisibleScenarios(db, scope),
    entityNames(db, [programme.entity_code]),
  ])
  return {
    programme: {
      entity_code: programme.entity_code,
      entity_name: ownName.get(programme.entity_code) ?? UNKNOWN_ENTITY,
      name: programme.name,
      currency: programme.currency,
      credit_price_per_tonne: programme.credit_price_per_tonne,
      registry_url: programme.registry_url,
      started_at: programme.started_at,
    },
    sides: scope.sides,
    partners: unique
      .map((p) => ({ ...p, name: names.get(p.entity_code) ?? UNKNOWN_ENTITY }))
      .sort((a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name)),
    scenarios: scenarios.map((s) => s.scenario),
  }
}
