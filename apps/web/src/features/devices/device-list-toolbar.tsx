import { useTranslation } from 'react-i18next'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { FROM, RANGE_KEYS, TO } from './device-filters'

/** The filters of a device list and its created-at range, in the table's toolbar (folded away on a phone). */
export function DeviceListToolbar({ defs, list }: { defs: readonly FilterDef[]; list: ListState }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-2">
      <FilterBar defs={defs.filter((d) => !RANGE_KEYS.includes(d.key))} list={list} />
      <RangeFilter
        list={list}
        label={t('devices.filter.created')}
        fromKey={FROM}
        toKey={TO}
        fromLabel={t('devices.filter.from')}
        toLabel={t('devices.filter.to')}
        type="date"
      />
    </div>
  )
}
