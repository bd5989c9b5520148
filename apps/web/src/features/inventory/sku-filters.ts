import type { SkuCategory, SkuFilterRequest } from '@portal/contract'
import { cleanFilters, isInCatalogue, PAGE_SIZES, skuCategories } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'

export const SKUS_PAGE_SIZE = PAGE_SIZES.skus

export function skuFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('catalogue.inventory.search') },
    {
      kind: 'select',
      key: 'active',
      label: t('catalogue.sku.is_active'),
      defaultValue: 'all',
      options: [
        { value: 'all', label: t('catalogue.all') },
        { value: 'active', label: t('catalogue.active') },
        { value: 'inactive', label: t('catalogue.inactive') },
      ],
    },
    {
      kind: 'multi',
      key: 'category',
      label: t('catalogue.sku.category'),
      options: skuCategories.entries.map((e) => ({
        value: e.value,
        label: t(`catalogue.category.${e.value}`),
      })),
    },
  ]
}

/** The request of POST /iot/skus/filter from the list state; unset filters are left out. */
export function skuFilterBody(list: ListState, page: PageWindow): SkuFilterRequest {
  const active = list.select('active')
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      search: list.text('q'),
      category_list: list.multi('category').filter((c): c is SkuCategory => isInCatalogue(skuCategories, c)),
      is_active: active === 'active' ? true : active === 'inactive' ? false : undefined,
    }),
  }
}
