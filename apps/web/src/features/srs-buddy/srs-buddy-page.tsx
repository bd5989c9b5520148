import type { SrsBuddy } from '@portal/contract'
import { SRS_SORTS } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { filterSrsBuddies } from './api/srs-buddy-api'
import { srsBuddyKeys } from './api/srs-buddy-keys'
import { srsColumns } from './srs-buddy-columns'
import {
  DEFAULT_SRS_SORT,
  RANGE_KEYS,
  srsFilterBody,
  srsFilterDefs,
  SRS_PAGE_SIZE,
} from './srs-buddy-filters'

const rowId = (b: SrsBuddy) => b.uuid
const rowHref = (b: SrsBuddy) => `/srs-buddy/${encodeURIComponent(b.uuid)}`
const isRange = (key: string) => (RANGE_KEYS as readonly string[]).includes(key)

/**
 * /srs-buddy: the supervised self-swab pairs of the entity, most urgent first, with the filters an operator works
 * through (who is late, who needs a buddy); a row opens the record.
 */
export function SrsBuddyPage() {
  const { t, i18n } = useTranslation()
  // Fixed while the page is open, so "overdue" does not change under the reader between renders.
  const [now] = useState(() => Date.now())
  const defs = useMemo(() => srsFilterDefs(t), [t])
  const columns = useMemo(() => srsColumns(t, now), [t, now])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: SRS_PAGE_SIZE,
    paging: 'count',
    request: srsFilterBody,
    queryKey: (body, entityCode) => srsBuddyKeys.list(entityCode, body),
    fetch: filterSrsBuddies,
    rows: (data) => data.buddies,
    total: (data) => data.count,
    defaultSort: DEFAULT_SRS_SORT,
    sortKeys: SRS_SORTS,
  })

  return (
    <>
      <PageHeader
        title={t('srsBuddy.title')}
        description={
          total === undefined
            ? t('srsBuddy.subtitle')
            : t('srsBuddy.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
      />
      <DataTable
        tableId="srs-buddies"
        caption={t('srsBuddy.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('srsBuddy.empty')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="warningBasic"
              size="sm"
              onClick={() => list.reset({ compliance: ['Late', 'Failed', 'Error'] })}
            >
              {t('srsBuddy.quick.attention')}
            </Button>
            <Button variant="classic" size="sm" onClick={() => list.reset({ status: ['unpaired'] })}>
              {t('srsBuddy.quick.unpaired')}
            </Button>
          </div>
        }
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter((d) => !isRange(d.key))} list={list} />
            <RangeFilter
              list={list}
              label={t('srsBuddy.filter.lastTest')}
              fromKey="last_from"
              toKey="last_to"
              type="date"
              fromLabel={t('srsBuddy.filter.from')}
              toLabel={t('srsBuddy.filter.to')}
            />
          </div>
        }
      />
    </>
  )
}
