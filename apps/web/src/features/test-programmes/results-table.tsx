import type { TestInstanceRow } from '@portal/contract'
import { TEST_RESULTS_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { downloadResultsCsv, fetchTestResults, useTestPeople } from './api/reporting-api'
import { reportingKeys } from './api/reporting-keys'
import { resultColumns } from './result-columns'
import { csvFileName, RESULT_KEYS, resultFilterDefs, tiFilterBody } from './result-filters'
import { serverMessage } from '@/lib/server-messages'

const rowId = (r: TestInstanceRow) => r.uuid
const RANGE_KEYS: readonly string[] = [RESULT_KEYS.from, RESULT_KEYS.to]

/**
 * A group's test results (B §3, B §7 ti-filter): search by lot number, test ID or name, the result, site, tests and
 * users filters, the created-at range, 25 a page with the total, and the CSV of every matching row. With `person`,
 * the list is that person's history (no users filter, no name column).
 */
export function ResultsTable(props: {
  programme: string
  groupUuid: string
  groupName: string
  sites: readonly string[]
  providers: readonly string[]
  person?: string
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const [exporting, setExporting] = useState(false)
  const members = useTestPeople(
    { group_id: props.groupUuid, limit: 1000, offset: 0 },
    props.person === undefined,
  )
  const people = useMemo(
    () => (members.data?.people ?? []).map((p) => ({ value: p.uuid, label: p.fullName })),
    [members.data],
  )
  const defs = useMemo(
    () => resultFilterDefs(t, { sites: props.sites, providers: props.providers, people }),
    [t, props.sites, props.providers, people],
  )
  const { list, table, total, exportFilters } = useList({
    filters: defs,
    pageSize: TEST_RESULTS_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => tiFilterBody(state, page, props.groupUuid, props.person),
    queryKey: (body, entityCode) => reportingKeys.results(entityCode, body),
    fetch: fetchTestResults,
    rows: (data) => data.data,
    total: (data) => data.total,
  })
  const columns = useMemo(
    () => resultColumns(t, props.programme, props.person === undefined),
    [t, props.programme, props.person],
  )
  const barDefs = defs.filter(
    (d) => !RANGE_KEYS.includes(d.key) && !(props.person !== undefined && d.key === RESULT_KEYS.users),
  )

  const exportCsv = async () => {
    setExporting(true)
    try {
      await downloadResultsCsv(exportFilters, csvFileName(props.groupName, new Date()))
    } catch (err) {
      addToast({
        variant: 'error',
        title: t('testProgrammes.exportFailed'),
        message: serverMessage(err) || String(err),
        timeout: 5000,
      })
    } finally {
      setExporting(false)
    }
  }

  return (
    <DataTable
      tableId={props.person === undefined ? 'test-results' : 'person-test-results'}
      caption={
        props.person === undefined ? t('testProgrammes.resultsTitle') : t('testProgrammes.historyTitle')
      }
      columns={columns}
      getRowId={rowId}
      {...table}
      emptyTitle={t('testProgrammes.noResults')}
      actions={
        <Button
          variant="secondary"
          size="sm"
          loading={exporting}
          disabled={total === 0}
          onClick={() => void exportCsv()}
        >
          {t('testProgrammes.exportCsv')}
        </Button>
      }
      toolbar={
        <div className="flex flex-col gap-2">
          <FilterBar defs={barDefs} list={list} />
          <RangeFilter
            list={list}
            label={t('testProgrammes.filter.created')}
            fromKey={RESULT_KEYS.from}
            toKey={RESULT_KEYS.to}
            fromLabel={t('testProgrammes.filter.from')}
            toLabel={t('testProgrammes.filter.to')}
            type="date"
          />
        </div>
      }
    />
  )
}
