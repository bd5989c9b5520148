import type {
  CarbonProgrammeData,
  CarbonRecordFilterRequest,
  CarbonRecordFiltersInput,
} from '@portal/contract'
import { CARBON_RECORD_PAGE_SIZE, cleanFilters } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'

/** The records list's page size (ours: the spec gives none). */
export const RECORDS_PAGE_SIZE = CARBON_RECORD_PAGE_SIZE

/** URL keys of the carbon data filters. Dates are programme (Singapore) calendar days, YYYY-MM-DD. */
export const KEYS = { from: 'from', to: 'to', cpo: 'cpo', fo: 'fo', scenario: 'scenario' } as const

/** The range the page opens on: the 30 programme days up to today. */
export const DEFAULT_DAYS = 30

const SGT_MS = 8 * 3_600_000
const DAY_MS = 86_400_000
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
export const ALL = ''

/** Today's date in Singapore (the programme's calendar), YYYY-MM-DD. */
export function programmeToday(now: number): string {
  return new Date(now + SGT_MS).toISOString().slice(0, 10)
}

/** A programme date `days` before another. */
export function daysBefore(date: string, days: number): string {
  const start = dayStart(date)
  return start === undefined ? date : new Date(start + SGT_MS - days * DAY_MS).toISOString().slice(0, 10)
}

/** The first millisecond of a Singapore calendar day; undefined for anything that is not a real date. */
export function dayStart(date: string): number | undefined {
  const m = DATE.exec(date)
  if (!m) return undefined
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(y, mo - 1, d)
  const check = new Date(ms)
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return undefined
  return ms - SGT_MS
}

/** The last millisecond of a Singapore calendar day. */
export function dayEnd(date: string): number | undefined {
  const start = dayStart(date)
  return start === undefined ? undefined : start + DAY_MS - 1
}

/** The dates the list shows: the URL's when valid, else the default 30 days up to `today`. */
export function rangeOf(list: Pick<ListState, 'text'>, today: string): { from: string; to: string } {
  const from = list.text(KEYS.from)
  const to = list.text(KEYS.to)
  return {
    from: dayStart(from) !== undefined ? from : daysBefore(today, DEFAULT_DAYS - 1),
    to: dayStart(to) !== undefined ? to : today,
  }
}

/**
 * The filters: date range, partner (a CPO's fleet owners, a fleet owner's CPOs, both for the exchange) and scenario.
 * The options come from the programme call.
 */
export function carbonFilterDefs(t: TFunction, programme: CarbonProgrammeData | undefined): FilterDef[] {
  const partners = programme?.partners ?? []
  const options = (role: 'CPO' | 'FO') => [
    { value: ALL, label: role === 'CPO' ? t('carbon.filter.allCpos') : t('carbon.filter.allFleetOwners') },
    ...partners.filter((p) => p.role === role).map((p) => ({ value: p.entity_code, label: p.name })),
  ]
  const defs: FilterDef[] = []
  if (partners.some((p) => p.role === 'CPO'))
    defs.push({
      kind: 'select',
      key: KEYS.cpo,
      label: t('carbon.filter.cpo'),
      options: options('CPO'),
      defaultValue: ALL,
    })
  if (partners.some((p) => p.role === 'FO'))
    defs.push({
      kind: 'select',
      key: KEYS.fo,
      label: t('carbon.filter.fo'),
      options: options('FO'),
      defaultValue: ALL,
    })
  defs.push(
    {
      kind: 'multi',
      key: KEYS.scenario,
      label: t('carbon.filter.scenario'),
      options: (programme?.scenarios ?? []).map((s) => ({ value: s, label: s })),
    },
    // Drawn by the date range control; declared so reset and the active count cover them.
    { kind: 'search', key: KEYS.from, label: t('carbon.filter.from') },
    { kind: 'search', key: KEYS.to, label: t('carbon.filter.to') },
  )
  return defs
}

/** The list's and the dashboard's filters (B §5: unset filters left out; dates as epoch ms). */
export function carbonFilters(
  list: Pick<ListState, 'text' | 'select' | 'multi'>,
  today: string,
): CarbonRecordFiltersInput {
  const { from, to } = rangeOf(list, today)
  const cpo = String(list.select(KEYS.cpo))
  const fo = String(list.select(KEYS.fo))
  return cleanFilters({
    date_time_from: dayStart(from),
    date_time_to: dayEnd(to),
    cpo_entity_code: cpo === ALL ? undefined : cpo,
    fo_entity_code: fo === ALL ? undefined : fo,
    scenario_list: list.multi(KEYS.scenario).map(String),
  })
}

/** The list's body: the filters and the page. */
export function carbonRecordBody(
  list: Pick<ListState, 'text' | 'select' | 'multi'>,
  page: PageWindow,
  today: string,
): CarbonRecordFilterRequest {
  return { limit: page.limit, offset: page.offset, ...carbonFilters(list, today) }
}

/** How many programme days a range spans (both ends counted). */
export function dayCount(from: string, to: string): number {
  const a = dayStart(from)
  const b = dayStart(to)
  return a === undefined || b === undefined ? 0 : Math.round((b - a) / DAY_MS) + 1
}
