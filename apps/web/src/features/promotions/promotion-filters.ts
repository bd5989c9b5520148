import type { PromotionFilterRequest, PromotionType } from '@portal/contract'
import { cleanFilters, isInCatalogue, promotionStatuses, promotionTypes } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'

/** The spec gives no page size for promotions; 20 like the other closed-loop lists (persons, employees). */
export const PROMOTIONS_PAGE_SIZE = 20

export function promotionFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('promotions.search') },
    {
      kind: 'multi',
      key: 'type',
      label: t('promotions.filter.type'),
      options: promotionTypes.entries.map((e) => ({
        value: e.value,
        label: t(`promotions.type.${String(e.value)}`, { defaultValue: e.label }),
      })),
    },
    {
      kind: 'select',
      key: 'status',
      label: t('promotions.filter.status'),
      defaultValue: '',
      options: [
        { value: '', label: t('promotions.filter.anyStatus') },
        ...promotionStatuses.entries.map((e) => ({
          value: e.value,
          label: t(`promotions.status.${String(e.value)}`, { defaultValue: e.label }),
        })),
      ],
    },
  ]
}

/** POST /promo/promotions/filter from the list state; unset filters are left out. */
export function promotionFilterBody(list: ListState, page: PageWindow): PromotionFilterRequest {
  const status = list.select('status')
  const types = list.multi('type').filter((v): v is PromotionType => isInCatalogue(promotionTypes, v))
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      type_list: types,
      status: isInCatalogue(promotionStatuses, status) ? status : undefined,
      search: list.text('q'),
    }),
  }
}
