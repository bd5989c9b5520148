import type { ChargeLocationListQuery, EvseStatus } from '@portal/contract'
import {
  CHARGE_LOCATION_PAGE_SIZE,
  CHARGE_LOCATION_RESET,
  chargeLocationCountries,
  evseStatuses,
  isInCatalogue,
  MAX_CONNECTOR_POWER_KW,
  POWER_TYPE_FILTER_ALL,
  powerTypes,
} from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import type { ChargeLocationFilters } from './api/charge-locations-api'
import { catalogueOptions } from '@/lib/labels'

/** The list's page size (B §9). */
export const LOCATIONS_PAGE_SIZE = CHARGE_LOCATION_PAGE_SIZE

/** URL keys of the list's filters (and of the map toggle). */
export const KEYS = {
  name: 'name',
  address: 'address',
  postalCode: 'postal_code',
  city: 'city',
  country: 'country',
  status: 'evse_status',
  powerType: 'power_type',
  powerFrom: 'power_from',
  powerTo: 'power_to',
  map: 'map',
} as const

/** The country filter's "every country" option: the call then sends no country. */
export const ALL_COUNTRIES = 'ALL'

/**
 * The filters of B §7. Country and power type default to what Reset sets (B §9: SG and ALL), so the list opens as a
 * reset list does; the power range is declared here (reset and the active count cover it) and drawn beside the bar.
 */
export function locationFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: KEYS.name, label: t('chargeLocations.filter.name') },
    { kind: 'search', key: KEYS.address, label: t('chargeLocations.filter.address') },
    { kind: 'search', key: KEYS.postalCode, label: t('chargeLocations.filter.postalCode') },
    { kind: 'search', key: KEYS.city, label: t('chargeLocations.filter.city') },
    {
      kind: 'select',
      key: KEYS.country,
      label: t('chargeLocations.filter.country'),
      options: [
        ...catalogueOptions(chargeLocationCountries),
        { value: ALL_COUNTRIES, label: t('chargeLocations.filter.allCountries') },
      ],
      defaultValue: CHARGE_LOCATION_RESET.country,
    },
    {
      kind: 'multi',
      key: KEYS.status,
      label: t('chargeLocations.filter.evseStatus'),
      options: catalogueOptions(evseStatuses),
    },
    {
      kind: 'select',
      key: KEYS.powerType,
      label: t('chargeLocations.filter.powerType'),
      options: [
        { value: POWER_TYPE_FILTER_ALL, label: t('chargeLocations.filter.allPowerTypes') },
        ...catalogueOptions(powerTypes),
      ],
      defaultValue: CHARGE_LOCATION_RESET.connector_power_type,
    },
    { kind: 'search', key: KEYS.powerFrom, label: t('chargeLocations.filter.powerFrom') },
    { kind: 'search', key: KEYS.powerTo, label: t('chargeLocations.filter.powerTo') },
  ]
}

/** Filters the FilterBar draws (the power range and the map toggle have their own controls). */
export const isBarFilter = (def: FilterDef) => def.key !== KEYS.powerFrom && def.key !== KEYS.powerTo

type PowerEnd = { ok: true; kw: number | undefined } | { ok: false }

function powerEnd(raw: string): PowerEnd {
  const text = raw.trim()
  if (text === '') return { ok: true, kw: undefined }
  const kw = Number(text)
  if (!Number.isFinite(kw) || kw < 0 || kw > MAX_CONNECTOR_POWER_KW) return { ok: false }
  return { ok: true, kw }
}

/** What is wrong with the power range as typed, if anything: the call leaves a wrong range out. */
export type PowerRangeProblem = 'invalid' | 'reversed' | null

export function powerRangeOf(list: Pick<ListState, 'text'>): {
  lower: number | undefined
  upper: number | undefined
  problem: PowerRangeProblem
} {
  const from = powerEnd(list.text(KEYS.powerFrom))
  const to = powerEnd(list.text(KEYS.powerTo))
  if (!from.ok || !to.ok) return { lower: undefined, upper: undefined, problem: 'invalid' }
  if (from.kw !== undefined && to.kw !== undefined && from.kw > to.kw)
    return { lower: undefined, upper: undefined, problem: 'reversed' }
  return { lower: from.kw, upper: to.kw, problem: null }
}

/**
 * The call's filters (B §7, §5), what the list, its count, the map and the export take: empty filters left out,
 * `evse_status[]` only when some are chosen, power type omitted for ALL, country omitted for every country, the
 * caller's entity code, is_dashboard=true.
 */
export function locationFilters(
  list: Pick<ListState, 'text' | 'multi' | 'select'>,
  entityCode: string | null,
): ChargeLocationFilters {
  const query: ChargeLocationFilters = { is_dashboard: 'true' }
  const text = (key: string) => list.text(key).trim() || undefined
  const name = text(KEYS.name)
  if (name) query.name = name
  const address = text(KEYS.address)
  if (address) query.address = address
  const postal = text(KEYS.postalCode)
  if (postal) query.postal_code = postal
  const city = text(KEYS.city)
  if (city) query.city = city
  const country = String(list.select(KEYS.country))
  if (country !== ALL_COUNTRIES && country !== '') query.country = country
  const statuses = list.multi(KEYS.status).filter((s): s is EvseStatus => isInCatalogue(evseStatuses, s))
  if (statuses.length > 0) query['evse_status[]'] = statuses
  const powerType = String(list.select(KEYS.powerType))
  if (powerType !== POWER_TYPE_FILTER_ALL && isInCatalogue(powerTypes, powerType))
    query.connector_power_type = powerType
  const range = powerRangeOf(list)
  if (range.lower !== undefined) query.connector_max_power_lower = range.lower
  if (range.upper !== undefined) query.connector_max_power_upper = range.upper
  if (entityCode) query.entity_code = entityCode
  return query
}

/** The list's query: its filters and the page the list asks for (20, B §9). */
export function locationListQuery(
  list: Pick<ListState, 'text' | 'multi' | 'select'>,
  page: PageWindow,
  entityCode: string | null,
): ChargeLocationListQuery {
  return { ...locationFilters(list, entityCode), limit: page.limit, offset: page.offset }
}
