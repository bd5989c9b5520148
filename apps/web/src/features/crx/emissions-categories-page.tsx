import type { EmissionsCategory, EmissionsCategoryFilterRequest } from '@portal/contract'
import { cleanFilters, EMISSIONS_CATEGORY_PAGE_SIZE, formatDate, fuels, vehicleTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { carbonKeys } from '@/components/carbon/carbon-keys'
import { multiIn } from '@/components/list-filters/typed-values'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { fetchEmissionsCategories } from './api/crx-api'
import { categoryPath, NEW_CATEGORY_PATH } from './crx-paths'

const KEYS = { search: 'search', type: 'type', fuel: 'fuel' } as const
const rowId = (c: EmissionsCategory) => String(c.id)
const rowHref = (c: EmissionsCategory) => categoryPath(c.id)

function categoryFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: KEYS.search, label: t('crx.categories.search') },
    {
      kind: 'multi',
      key: KEYS.type,
      label: t('crx.categories.col.vehicle_type'),
      options: vehicleTypes.entries.map((e) => ({ value: e.value, label: t(`crx.vehicleType.${e.value}`) })),
    },
    {
      kind: 'multi',
      key: KEYS.fuel,
      label: t('crx.categories.col.fuel'),
      options: fuels.entries.map((e) => ({ value: e.value, label: t(`crx.fuel.${e.value}`) })),
    },
  ]
}

/** The call's body from the list state (unset filters left out). */
function categoryBody(
  list: Pick<ListState, 'text' | 'multi'>,
  page: PageWindow,
): EmissionsCategoryFilterRequest {
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      search: list.text(KEYS.search).trim(),
      vehicle_type_list: multiIn(list, KEYS.type, vehicleTypes),
      fuel_list: multiIn(list, KEYS.fuel, fuels),
    }),
  }
}

function categoryColumns(t: TFunction): DataColumn<EmissionsCategory>[] {
  return [
    { id: 'name', card: 'title', header: t('crx.categories.col.name'), cell: (c) => c.name },
    {
      id: 'vehicle_type',
      card: 'subtitle',
      header: t('crx.categories.col.vehicle_type'),
      cell: (c) => labelOf(vehicleTypes, c.vehicle_type),
    },
    { id: 'fuel', card: 'meta', header: t('crx.categories.col.fuel'), cell: (c) => labelOf(fuels, c.fuel) },
    {
      id: 'emission_factor',
      card: 'meta',
      header: t('crx.categories.col.emission_factor'),
      cell: (c) => c.emission_factor.toFixed(3),
      align: 'right',
    },
    {
      id: 'vehicles',
      card: 'meta',
      header: t('crx.categories.col.vehicles'),
      cell: (c) => c.vehicles,
      align: 'right',
    },
    {
      id: 'description',
      header: t('crx.categories.col.description'),
      cell: (c) => <span title={c.description}>{c.description || '—'}</span>,
      className: 'max-w-80',
    },
    {
      id: 'updated_at',
      card: 'meta',
      header: t('crx.categories.col.updated_at'),
      cell: (c) => <span className="whitespace-nowrap">{formatDate(c.updated_at)}</span>,
    },
  ]
}

/**
 * Emissions categories (/crx/emissions-category): the exchange's scenarios, one per vehicle type and fuel, each with
 * the emission factor its records are computed with. A row opens its edit page; "New category" creates one.
 */
export function EmissionsCategoriesPage() {
  const { t } = useTranslation()
  const defs = useMemo(() => categoryFilterDefs(t), [t])
  const columns = useMemo(() => categoryColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: EMISSIONS_CATEGORY_PAGE_SIZE,
    paging: 'count',
    request: categoryBody,
    queryKey: (body, entityCode) => carbonKeys.categories(entityCode, body),
    fetch: fetchEmissionsCategories,
    rows: (data) => data.categories,
    total: (data) => data.count,
  })
  return (
    <>
      <PageHeader
        title={t('crx.categories.title')}
        description={t('crx.categories.subtitle')}
        actions={
          <Link to={NEW_CATEGORY_PATH} className={buttonClasses({ variant: 'primary' })}>
            {t('crx.categories.new')}
          </Link>
        }
      />
      <DataTable
        tableId="crx-emissions-categories"
        caption={t('crx.categories.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('crx.categories.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
      <p className="mt-3 text-xs text-slate-500">{t('crx.categories.footnote')}</p>
    </>
  )
}
