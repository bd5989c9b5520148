import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { ListTabs } from '@/components/list-filters/list-tabs'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { useTestGroup } from './api/reporting-api'
import { ConfigSummary } from './config-summary'
import { MembersTable } from './members-table'
import { programmePath, submitPath } from './programme-paths'
import { ResultsTable } from './results-table'
import { PeriodText, ScheduleText } from './schedule-text'
import { ComplianceSummary } from './status-badges'
import { TeamTable } from './team-table'

const VIEWS = ['results', 'team', 'members'] as const
type View = (typeof VIEWS)[number]
const VIEW_KEY = 'view'

/**
 * One group (/medicord/group/{uuid}, /covid?group={uuid}): its compliance this period and configuration, then its
 * test results (ti-filter), the team view (testInstances) and its members, as tabs kept in the URL.
 */
export function GroupView({ programme, uuid }: { programme: string; uuid: string }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const query = useTestGroup(uuid)
  const view: View = VIEWS.find((v) => v === params.get(VIEW_KEY)) ?? 'results'
  const programmeTitle = t(`testProgrammes.programme.${programme}`)
  const breadcrumb = (
    <Link to={programmePath(programme)} className="hover:text-slate-700 hover:underline">
      {programmeTitle}
    </Link>
  )

  if (!query.data)
    return (
      <DetailState
        valid
        query={query}
        title={programmeTitle}
        breadcrumb={breadcrumb}
        notFoundTitle={t('testProgrammes.groupNotFound')}
        notFoundDescription={t('testProgrammes.groupNotFoundDescription')}
      />
    )
  const { group, sites, testKitProviders } = query.data

  const selectView = (next: string) =>
    setParams((prev) => {
      // Each tab keeps its own filters; the page number belongs to the tab being left.
      const out = new URLSearchParams(prev)
      out.delete('page')
      if (next === 'results') out.delete(VIEW_KEY)
      else out.set(VIEW_KEY, next)
      return out
    })

  return (
    <>
      <PageHeader
        title={group.name}
        breadcrumb={breadcrumb}
        description={
          <>
            <span className="font-mono">{group.siteRef}</span> · <ScheduleText schedule={group.schedule} /> ·{' '}
            {t('testProgrammes.peopleCount', { count: group.memberCount })}
          </>
        }
        actions={
          <Link to={submitPath(group.uuid)} className={buttonClasses({ variant: 'primary' })}>
            {t('testProgrammes.submitTest')}
          </Link>
        }
      />
      <div className="mb-4 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <section
          aria-label={t('testProgrammes.complianceThisPeriod')}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
        >
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-sm font-semibold text-slate-900">
              {t('testProgrammes.complianceThisPeriod')}
            </h2>
            <p className="text-xs text-slate-500">
              <PeriodText period={group.period} />
            </p>
          </div>
          <ComplianceSummary counts={group.compliance} />
        </section>
        <section
          aria-label={t('testProgrammes.config.title')}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
        >
          <h2 className="mb-2 text-sm font-semibold text-slate-900">{t('testProgrammes.config.title')}</h2>
          <ConfigSummary config={group.authConfig} />
        </section>
      </div>
      <ListTabs
        label={group.name}
        tabs={VIEWS.map((v) => ({ id: v, label: t(`testProgrammes.view.${v}`) }))}
        current={view}
        onSelect={selectView}
      />
      {view === 'results' && (
        <ResultsTable
          programme={programme}
          groupUuid={group.uuid}
          groupName={group.name}
          sites={sites}
          providers={testKitProviders}
        />
      )}
      {view === 'team' && <TeamTable programme={programme} groupUuid={group.uuid} />}
      {view === 'members' && <MembersTable programme={programme} groupUuid={group.uuid} />}
    </>
  )
}
