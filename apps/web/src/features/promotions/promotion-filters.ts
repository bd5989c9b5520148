import type { PromotionFilterRequest } from '@portal/contract'
import { cleanFilters, promotionStatuses, promotionTypes } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'

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

export function promotionFilterBody(list: ListState): PromotionFilterRequest {
  const status = list.select('status')
  return cleanFilters({
    limit: PROMOTIONS_PAGE_SIZE,
    offset: (list.page - 1) * PROMOTIONS_PAGE_SIZE,
    type_list: list.multi('type').map(Number),
    status: status === '' ? undefined : Number(status),
    search: list.text('q'),
  }) as PromotionFilterRequest
}
