import { LiveEventName } from '@portal/contract'
import type { MachineListItem } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BulkActions } from '@/components/bulk/bulk-actions-lazy'
import { useBulkSelection } from '@/components/bulk/use-bulk-selection'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { useList } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { useSetOptions } from '@/components/options/set-options'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { filterMachines } from './api/filter-machines'
import { machineKeys } from './api/machine-keys'
import { machineColumns } from './machine-columns'
import { ERROR_SHORTCUT, machineFilterBody, machineFilterDefs, MACHINES_PAGE_SIZE } from './machine-filters'

const rowId = (m: MachineListItem) => String(m.machine_id)
const rowHref = (m: MachineListItem) => `/machines/${String(m.machine_id)}`

/** Machines (B §2–§7): the entity's machines with search, status filters, paging and a column picker. */
export function MachinesPage() {
  const { t, i18n } = useTranslation()
  const sets = useSetOptions()
  const defs = useMemo(() => machineFilterDefs(t, sets.data ?? []), [t, sets.data])
  const columns = useMemo(() => machineColumns(t), [t])
  // The export writes the visible columns in their order (decision 0116).
  const exportColumns = useExportColumns('machines', columns)
  const bulk = useBulkSelection()
  const { list, table, total, exportFilters, body } = useList({
    filters: defs,
    pageSize: MACHINES_PAGE_SIZE,
    paging: 'count',
    live: { refresh: [LiveEventName.machineStatus] },
    request: machineFilterBody,
    queryKey: (body, entityCode) => machineKeys.list(entityCode, body),
    fetch: filterMachines,
    rows: (data) => data.machines,
    total: (data) => data.count,
    // Without "Show: All", the default, so the export history lists only what was chosen.
    exportFilters: ({ limit: _limit, offset: _offset, active_filter, ...filters }) =>
      active_filter === 0 ? filters : { ...filters, active_filter },
  })

  return (
    <>
      <PageHeader
        title={t('machines.title')}
        description={
          total === undefined
            ? t('machines.subtitle')
            : t('machines.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
        actions={
          <>
            <Link
              to="/machines/export-history"
              className={buttonClasses({ variant: 'secondaryBasic', size: 'sm' })}
            >
              {t('exports.historyLink')}
            </Link>
            <ExportButton source="machines" filters={exportFilters} columns={exportColumns} />
          </>
        }
      />
      <DataTable
        tableId="machines"
        caption={t('machines.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        {...bulk.tableProps}
        selectionActions={<BulkActions list="machines" selection={bulk} filter={body} />}
        emptyTitle={t('machines.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
        actions={
          <Button
            variant="errorBasic"
            size="sm"
            onClick={() => list.reset(ERROR_SHORTCUT)}
            tooltip={t('machines.errorShortcutHint')}
          >
            {t('machines.errorShortcut')}
          </Button>
        }
      />
    </>
  )
}
