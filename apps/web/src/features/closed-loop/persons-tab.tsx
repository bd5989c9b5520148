import type { PersonListItem } from '@portal/contract'
import { CLOSED_LOOP_EXPORTS } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { closedLoopKeys } from './api/closed-loop-keys'
import { filterPersons } from './api/filter-persons'
import { OUTSIDE_BAR, personFilterBody, personFilterDefs, PERSONS_PAGE_SIZE } from './closed-loop-filters'
import { PersonPicker } from './closed-loop-pickers'
import { personColumns } from './person-columns'

const rowId = (p: PersonListItem) => p.person_uuid
const rowHref = (p: PersonListItem) => `/closed-loop/${p.person_uuid}`

/** The Persons tab: 20 a page (B §9), the person picker (B §7), search over the people fields, status, columns. */
export function PersonsTab() {
  const { t } = useTranslation()
  const defs = useMemo(() => personFilterDefs(t), [t])
  const barDefs = useMemo(() => defs.filter((d) => !OUTSIDE_BAR.includes(d.key)), [defs])
  const columns = useMemo(() => personColumns(t), [t])
  const { list, table, query, exportFilters } = useList({
    filters: defs,
    pageSize: PERSONS_PAGE_SIZE,
    paging: 'count',
    request: personFilterBody,
    queryKey: (body, entityCode) => closedLoopKeys.persons(entityCode, body),
    fetch: filterPersons,
    rows: (data) => data.persons,
    total: (data) => data.count,
  })

  return (
    <DataTable
      tableId="closed-loop-persons"
      caption={t('closedLoop.tabs.persons')}
      columns={columns}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
      emptyTitle={t('closedLoop.emptyPersons')}
      actions={
        // The person variant of the redemption export (Person UUID / Person Name first), behind the same flag.
        query.data?.can_export === true && (
          <ExportButton
            source={CLOSED_LOOP_EXPORTS.persons}
            filters={exportFilters}
            label={t('closedLoop.export')}
          />
        )
      }
      toolbar={
        <div className="flex flex-wrap items-center gap-2">
          <PersonPicker list={list} />
          <FilterBar defs={barDefs} list={list} />
        </div>
      }
    />
  )
}
