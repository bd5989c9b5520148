import type { CaseListItem } from '@portal/contract'
import { CASE_PAGE_SIZE, CASE_SORT_FIELDS } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { filterCases, useCaseSites, useCaseStaff } from './api/cases-api'
import { caseKeys } from './api/case-keys'
import { caseColumns } from './case-columns'
import { caseInfoPath } from './case-draft'
import { CASE_RANGE_KEYS, caseFilterBody, caseFilterDefs, DEFAULT_CASE_SORT } from './case-filters'

const rowId = (c: CaseListItem) => c.caseId
const rowHref = (c: CaseListItem) => caseInfoPath(c.caseId)
const isRange = (key: string) => (CASE_RANGE_KEYS as readonly string[]).includes(key)

/** /digital-health/cases, "Case history" (A §2, B §3/§7): every case of the entity, 20 a page. */
export function CasesPage() {
  const { t, i18n } = useTranslation()
  const sites = useCaseSites()
  const staff = useCaseStaff()
  const siteOptions = useMemo(
    () => (sites.data ?? []).map((s) => ({ value: s.code, label: s.name })),
    [sites.data],
  )
  const staffOptions = useMemo(
    () => (staff.data ?? []).map((u) => ({ value: u.uuid, label: u.name })),
    [staff.data],
  )
  const defs = useMemo(() => caseFilterDefs(t, siteOptions, staffOptions), [t, siteOptions, staffOptions])
  const columns = useMemo(() => caseColumns(t), [t])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: CASE_PAGE_SIZE,
    paging: 'count',
    request: caseFilterBody,
    queryKey: (body, entityCode) => caseKeys.list(entityCode, body),
    fetch: filterCases,
    rows: (data) => data.cases,
    total: (data) => data.count,
    defaultSort: DEFAULT_CASE_SORT,
    sortKeys: CASE_SORT_FIELDS,
  })
  const range = { fromLabel: t('digitalHealth.filter.from'), toLabel: t('digitalHealth.filter.to') }

  return (
    <>
      <PageHeader
        title={t('digitalHealth.historyTitle')}
        description={
          total === undefined
            ? t('digitalHealth.historyDescription')
            : t('digitalHealth.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
        actions={
          <Link to="/digital-health" className={buttonClasses({ variant: 'primary' })}>
            {t('digitalHealth.addTitle')}
          </Link>
        }
      />
      <DataTable
        tableId="digital-health-cases"
        caption={t('digitalHealth.historyTitle')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('digitalHealth.empty')}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter((d) => !isRange(d.key))} list={list} />
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <RangeFilter
                list={list}
                label={t('digitalHealth.filter.created')}
                fromKey="created_from"
                toKey="created_to"
                type="date"
                {...range}
              />
              <RangeFilter
                list={list}
                label={t('digitalHealth.filter.edited')}
                fromKey="edited_from"
                toKey="edited_to"
                type="date"
                {...range}
              />
            </div>
          </div>
        }
      />
    </>
  )
}
