import type { MachineListItem } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { ExportButton } from '@/components/export/export-button'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { isForbidden } from '@/lib/http'
import { useMachines } from './api/filter-machines'
import { useSets } from './api/filter-sets'
import { machineColumns } from './machine-columns'
import { ERROR_SHORTCUT, machineFilterBody, machineFilterDefs, MACHINES_PAGE_SIZE } from './machine-filters'

const rowId = (m: MachineListItem) => String(m.machine_id)
const rowHref = (m: MachineListItem) => `/machines/${String(m.machine_id)}`

/** Machines (B §2–§7): the entity's machines with search, status filters, paging and a column picker. */
export function MachinesPage() {
  const { t, i18n } = useTranslation()
  const sets = useSets()
  const defs = useMemo(() => machineFilterDefs(t, sets.data ?? []), [t, sets.data])
  const columns = useMemo(() => machineColumns(t), [t])
  const list = useListState(defs)
  const body = machineFilterBody(list)
  const query = useMachines(body)
  // The export takes the list's filters without its paging (and without "Show: All", the default, so the export
  // history lists only what was chosen).
  const { limit: _limit, offset: _offset, ...exportFilters } = body
  if (exportFilters.active_filter === 0) delete exportFilters.active_filter

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const total = query.data?.count

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
            <ExportButton source="machines" filters={exportFilters} />
          </>
        }
      />
      <DataTable
        tableId="machines"
        caption={t('machines.title')}
        columns={columns}
        rows={query.data?.machines}
        getRowId={rowId}
        rowHref={rowHref}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={MACHINES_PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
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
