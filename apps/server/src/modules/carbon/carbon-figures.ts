import type { CarbonRecordFilters } from '@portal/contract'
import { splitRange } from '@portal/contract'
import type { RawBuilder, SqlBool } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import type { CarbonScope } from './carbon-scope'
import { rebatesSql, visibleSql } from './carbon-scope'

/*
 * Sums of the caller's records for the dashboard, the list's count and the partner pages, without reading a
 * million records: whole UTC+8 days come from the daily sums, and only the partial days at the ends of a range that
 * does not fall on day boundaries are read from the records, on their side index. The daily sums come in three
 * widths (docs/decisions/0027): per day, programme, CPO, fleet owner and scenario (carbon_scenario_daily: every
 * figure but the locations), per day, programme, CPO, fleet owner and location (carbon_location_daily: the
 * locations), and both (carbon_record_daily: the locations when a scenario is asked for). A query reads the
 * narrowest that answers it. They agree exactly with the records, because all three are rebuilt from the records of
 * their day whenever records are written (carbon-ledger.ts).
 */

export type GroupBy = 'none' | 'day' | 'scenario' | 'location' | 'cpo' | 'fo'

export interface Figures {
  records: number
  energy_wh: number
  emissions_g: number
  total_earnings: number
  cpo_earnings: number
  fo_earnings: number
  /** What the caller earned (rebatesSql). */
  rebates: number
}

export interface FigureGroup extends Figures {
  key: string
  /** For locations: the location's name and its CPO. */
  name: string
  cpo: string
}

export function emptyFigures(): Figures {
  return {
    records: 0,
    energy_wh: 0,
    emissions_g: 0,
    total_earnings: 0,
    cpo_earnings: 0,
    fo_earnings: 0,
    rebates: 0,
  }
}

type Source = 'rollup' | 'records'

/** The daily sums a grouping reads: the narrowest table holding its column and every filter's. */
function rollupTable(groupBy: GroupBy | 'cell', f: CarbonRecordFilters): string {
  if (groupBy !== 'location') return 'carbon_scenario_daily'
  return f.scenario_list?.length ? 'carbon_record_daily' : 'carbon_location_daily'
}

const GROUP_COLUMN: Record<Exclude<GroupBy, 'none'>, Record<Source, string>> = {
  day: { rollup: 'day', records: '((date_time + 28800000) / 86400000) * 86400000 - 28800000' },
  scenario: { rollup: 'scenario', records: 'scenario' },
  location: { rollup: 'location_id', records: 'location_id' },
  cpo: { rollup: 'cpo_entity_code', records: 'cpo_entity_code' },
  fo: { rollup: 'fo_entity_code', records: 'fo_entity_code' },
}

/** The filters other than the date range, on either table (they share these columns). */
function filterConditions(scope: CarbonScope, f: CarbonRecordFilters): RawBuilder<SqlBool>[] {
  const out = [visibleSql(scope)]
  if (f.cpo_entity_code !== undefined) out.push(sql<SqlBool>`cpo_entity_code = ${f.cpo_entity_code}`)
  if (f.fo_entity_code !== undefined) out.push(sql<SqlBool>`fo_entity_code = ${f.fo_entity_code}`)
  if (f.scenario_list?.length) {
    out.push(sql<SqlBool>`scenario in (${sql.join(f.scenario_list)})`)
  }
  return out
}

interface RawGroup {
  k: string | number | null
  name: string | null
  cpo: string | null
  records: number | string | null
  energy_wh: number | string | null
  emissions_g: number | string | null
  total_earnings: number | string | null
  cpo_earnings: number | string | null
  fo_earnings: number | string | null
  rebates: number | string | null
}

/** The columns of one cell (a carbon_scenario_daily row): day, CPO, fleet owner, scenario. */
const CELL: Record<Source, string> = {
  rollup: 'day, cpo_entity_code, fo_entity_code, scenario',
  records: `${GROUP_COLUMN.day.records}, cpo_entity_code, fo_entity_code, scenario`,
}

interface RawCell extends RawGroup {
  day: number | string
  fo: string
  scenario: string
}

async function query(
  db: Db,
  scope: CarbonScope,
  source: Source,
  conditions: RawBuilder<SqlBool>[],
  groupBy: GroupBy | 'cell',
  f: CarbonRecordFilters,
): Promise<RawGroup[]> {
  const table = sql.raw(source === 'rollup' ? rollupTable(groupBy, f) : 'carbon_record')
  const count = source === 'rollup' ? sql`sum(records)` : sql`count(*)`
  const where = sql.join(conditions, sql` and `)
  const rebates = rebatesSql(scope)
  const sums = sql`${count} as records, sum(energy_wh) as energy_wh, sum(emissions_reduced_g) as emissions_g,
    sum(total_earnings) as total_earnings, sum(cpo_earnings) as cpo_earnings, sum(fo_earnings) as fo_earnings,
    sum(${rebates}) as rebates`
  if (groupBy === 'cell' && source === 'rollup') {
    // A daily-sum row is a cell already (its primary key): read it as it is.
    const result = await sql<RawCell>`select day, cpo_entity_code as cpo, fo_entity_code as fo, scenario,
        records, energy_wh, emissions_reduced_g as emissions_g, total_earnings, cpo_earnings,
        fo_earnings, ${rebates} as rebates
        from ${table} where ${where}`.execute(db)
    return result.rows
  }
  if (groupBy === 'cell') {
    const cell = sql.raw(CELL[source])
    const day = sql.raw(GROUP_COLUMN.day[source])
    const result = await sql<RawCell>`select ${day} as day, cpo_entity_code as cpo, fo_entity_code as fo,
        scenario, ${sums}
        from ${table} where ${where} group by ${cell}`.execute(db)
    return result.rows
  }
  const group = groupBy === 'none' ? null : sql.raw(GROUP_COLUMN[groupBy][source])
  // Only the location tables and the records have a location name; a location belongs to one CPO.
  const name = sql.raw(groupBy === 'location' ? 'max(location_name)' : "''")
  const result = group
    ? await sql<RawGroup>`select ${group} as k, ${name} as name, max(cpo_entity_code) as cpo, ${sums}
        from ${table} where ${where} group by ${group}`.execute(db)
    : await sql<RawGroup>`select ${sums} from ${table} where ${where}`.execute(db)
  return result.rows
}

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? 0 : Number(v))

/** The queries answering a range: whole days from the daily sums, partial days from the records. */
function rangeParts(
  db: Db,
  scope: CarbonScope,
  f: CarbonRecordFilters,
  groupBy: GroupBy | 'cell',
): Promise<RawGroup[]>[] {
  const split = splitRange(f.date_time_from, f.date_time_to)
  const base = filterConditions(scope, f)
  const parts: Promise<RawGroup[]>[] = []
  if (split.days !== null) {
    const c = [...base]
    if (split.days.from !== undefined) c.push(sql<SqlBool>`day >= ${split.days.from}`)
    if (split.days.to !== undefined) c.push(sql<SqlBool>`day <= ${split.days.to}`)
    parts.push(query(db, scope, 'rollup', c, groupBy, f))
  }
  for (const edge of split.edges) {
    const c = [...base]
    if (edge.from !== undefined) c.push(sql<SqlBool>`date_time >= ${edge.from}`)
    if (edge.to !== undefined) c.push(sql<SqlBool>`date_time <= ${edge.to}`)
    parts.push(query(db, scope, 'records', c, groupBy, f))
  }
  return parts
}

function addTo(g: Figures, r: RawGroup): void {
  g.records += num(r.records)
  g.energy_wh += num(r.energy_wh)
  g.emissions_g += num(r.emissions_g)
  g.total_earnings += num(r.total_earnings)
  g.cpo_earnings += num(r.cpo_earnings)
  g.fo_earnings += num(r.fo_earnings)
  g.rebates += num(r.rebates)
}

/**
 * The caller's records summed over the filters, whole or grouped. Groups come back in no particular order; the
 * figures are exact whatever the range.
 */
export async function aggregateRecords(
  db: Db,
  scope: CarbonScope,
  f: CarbonRecordFilters,
  groupBy: GroupBy,
): Promise<FigureGroup[]> {
  if (scope.sides.length === 0) return []
  const merged = new Map<string, FigureGroup>()
  for (const rows of await Promise.all(rangeParts(db, scope, f, groupBy))) {
    for (const r of rows) {
      if (num(r.records) === 0) continue
      const key = r.k === null || r.k === undefined ? '' : String(r.k)
      const g = merged.get(key) ?? { key, name: r.name ?? '', cpo: r.cpo ?? '', ...emptyFigures() }
      addTo(g, r)
      merged.set(key, g)
    }
  }
  return [...merged.values()]
}

/** The sums of one day, CPO, fleet owner and scenario: what every breakdown but the locations is made from. */
export interface FigureCell extends Figures {
  day: number
  cpo: string
  fo: string
  scenario: string
}

/** What `groupCells` can group by: everything a cell holds (locations come from `aggregateRecords`). */
export type CellGroupBy = Exclude<GroupBy, 'location'>

/**
 * The caller's records summed per cell (day, CPO, fleet owner, scenario) in one pass over the daily sums (and the
 * partial days' records), for screens that show several breakdowns: they group the cells with `groupCells` instead
 * of asking the database once per breakdown.
 */
export async function figureCells(db: Db, scope: CarbonScope, f: CarbonRecordFilters): Promise<FigureCell[]> {
  if (scope.sides.length === 0) return []
  const merged = new Map<string, FigureCell>()
  for (const rows of await Promise.all(rangeParts(db, scope, f, 'cell'))) {
    for (const raw of rows) {
      const r = raw as RawCell
      if (num(r.records) === 0) continue
      const day = num(r.day)
      const key = `${String(day)}|${r.cpo ?? ''}|${r.fo}|${r.scenario}`
      const c = merged.get(key) ?? {
        day,
        cpo: r.cpo ?? '',
        fo: r.fo,
        scenario: r.scenario,
        ...emptyFigures(),
      }
      addTo(c, r)
      merged.set(key, c)
    }
  }
  return [...merged.values()]
}

/** Cells grouped as `aggregateRecords` would group the records. */
export function groupCells(cells: readonly FigureCell[], by: CellGroupBy): FigureGroup[] {
  const keyOf: Record<CellGroupBy, (c: FigureCell) => string> = {
    none: () => '',
    day: (c) => String(c.day),
    scenario: (c) => c.scenario,
    cpo: (c) => c.cpo,
    fo: (c) => c.fo,
  }
  const out = new Map<string, FigureGroup>()
  for (const c of cells) {
    const key = keyOf[by](c)
    const g = out.get(key) ?? { key, name: '', cpo: c.cpo, ...emptyFigures() }
    g.records += c.records
    g.energy_wh += c.energy_wh
    g.emissions_g += c.emissions_g
    g.total_earnings += c.total_earnings
    g.cpo_earnings += c.cpo_earnings
    g.fo_earnings += c.fo_earnings
    g.rebates += c.rebates
    out.set(key, g)
  }
  return [...out.values()]
}

/** The caller's records summed over the filters. */
export async function totalFigures(db: Db, scope: CarbonScope, f: CarbonRecordFilters): Promise<Figures> {
  const [all] = await aggregateRecords(db, scope, f, 'none')
  return all ?? emptyFigures()
}
