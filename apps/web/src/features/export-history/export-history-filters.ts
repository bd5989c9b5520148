import type { ExportJobFilterRequest, ExportJobStatus } from '@portal/contract'
import { cleanFilters, exportJobStatuses, isInCatalogue } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { catalogueOptions } from '@/lib/labels'

export const EXPORT_HISTORY_PAGE_SIZE = 20

export function exportHistoryFilterDefs(t: TFunction): FilterDef[] {
  return [
    {
      kind: 'multi',
      key: 'status',
      label: t('exports.col.status'),
      options: catalogueOptions(exportJobStatuses),
    },
  ]
}

/** POST /exports/filter from the list state: the statuses chosen, if any. */
export function exportHistoryFilterBody(list: ListState, page: PageWindow): ExportJobFilterRequest {
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      status_list: list
        .multi('status')
        .filter((s): s is ExportJobStatus => isInCatalogue(exportJobStatuses, s)),
    }),
  }
}
