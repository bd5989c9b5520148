import type { ComplianceCounts, Programme, TestGroup } from '@portal/contract'
import { emptyComplianceCounts, formatDate, formatDateTime, PROGRAMME_INDUSTRY } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { tableStateOf } from '@/components/data-table/use-list'
import { useSession } from '@/lib/session/session-store'
import { useTestGroups } from './api/reporting-api'
import { groupPath, programmePath, submitPath } from './programme-paths'
import { ComplianceSummary } from './status-badges'
import { PeriodText, ScheduleText } from './schedule-text'
import { serverMessage } from '@/lib/server-messages'

const PROGRAMMES: readonly Programme[] = ['medicord', 'covid']

/** Links between the programmes the entity runs (tabs; only shown when it runs more than one). */
export function ProgrammeTabs({ current }: { current: Programme }) {
  const { t } = useTranslation()
  const { entity } = useSession()
  const held = PROGRAMMES.filter((p) => entity?.industries.includes(PROGRAMME_INDUSTRY[p]))
  if (held.length < 2) return null
  return (
    <nav aria-label={t('testProgrammes.programmes')} className="mb-4 flex gap-1 border-b border-slate-200">
      {held.map((p) => (
        <Link
          key={p}
          to={programmePath(p)}
          aria-current={p === current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
            p === current
              ? 'border-brand-700 text-brand-800'
              : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
          )}
        >
          {t(`testProgrammes.programme.${p}`)}
        </Link>
      ))}
    </nav>
  )
}

function GroupCard({ group }: { group: TestGroup }) {
  const { t, i18n } = useTranslation()
  const attention = group.compliance.Late + group.compliance.Failed + group.compliance.Error
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md">
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900">
              <Link
                to={groupPath(group.programme, group.uuid)}
                className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {group.name}
              </Link>
            </h2>
            <p className="mt-0.5 text-xs text-slate-500">
              <span className="font-mono">{group.siteRef}</span> · <ScheduleText schedule={group.schedule} />
            </p>
          </div>
          {attention > 0 && (
            <span className="shrink-0 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-700 ring-1 ring-rose-600/20 ring-inset">
              {t('testProgrammes.needAttention', { count: attention })}
            </span>
          )}
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{t('testProgrammes.people')}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {group.memberCount.toLocaleString(i18n.language)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('testProgrammes.testsThisPeriod')}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {group.testsInPeriod.toLocaleString(i18n.language)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">{t('testProgrammes.lastTest')}</dt>
            <dd
              className="truncate text-slate-900"
              title={group.lastTestAt === null ? undefined : formatDateTime(group.lastTestAt)}
            >
              {group.lastTestAt === null ? '—' : formatDate(group.lastTestAt)}
            </dd>
          </div>
        </dl>
        <div>
          <p className="mb-1.5 text-xs text-slate-500">
            <PeriodText period={group.period} />
          </p>
          <ComplianceSummary counts={group.compliance} />
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-4 py-2.5">
        <Link
          to={groupPath(group.programme, group.uuid)}
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('testProgrammes.viewResults')}
        </Link>
        <Link
          to={submitPath(group.uuid)}
          className="text-sm font-medium text-slate-600 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('testProgrammes.submitTest')}
        </Link>
      </div>
    </li>
  )
}

function totalsOf(groups: readonly TestGroup[]): ComplianceCounts {
  const totals = emptyComplianceCounts()
  for (const g of groups)
    for (const key of Object.keys(totals) as (keyof ComplianceCounts)[]) totals[key] += g.compliance[key]
  return totals
}

/**
 * A programme's overview (/medicord, /covid): its groups with the compliance of their people in the current
 * period, the programme's totals, and the way to each group's results and to a new submission.
 */
export function ProgrammeOverview({ programme }: { programme: Programme }) {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const [draft, setDraft] = useState(search)
  const query = useTestGroups({ programme, limit: 100, offset: 0, ...(search ? { search } : {}) })
  const groups = query.data?.groups
  const people = groups?.reduce((sum, g) => sum + g.memberCount, 0) ?? 0
  const title = t(`testProgrammes.programme.${programme}`)

  const applySearch = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value.trim()) next.set('q', value.trim())
        else next.delete('q')
        return next
      },
      { replace: true },
    )

  // The groups are a handful of cards, not a table; their state is the list's own (use-list.ts).
  const state = tableStateOf(query)
  let body
  if (state === 'loading') {
    body = (
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-56 animate-pulse rounded-lg border border-slate-200 bg-white" />
        ))}
      </ul>
    )
  } else if (state === 'error' || state === 'forbidden') {
    const forbidden = state === 'forbidden'
    body = (
      <div className="rounded-lg border border-slate-200 bg-white">
        <EmptyState
          icon={<ErrorIcon />}
          title={forbidden ? t('table.noAccessTitle') : t('table.errorTitle')}
          description={
            forbidden ? t('table.noAccessDescription') : query.error ? serverMessage(query.error) : undefined
          }
          action={
            !forbidden && (
              <Button variant="classic" size="sm" onClick={() => void query.refetch()}>
                {t('table.retry')}
              </Button>
            )
          }
        />
      </div>
    )
  } else if (!groups?.length) {
    body = (
      <div className="rounded-lg border border-slate-200 bg-white">
        <EmptyState
          title={search ? t('testProgrammes.noGroupsFound') : t('testProgrammes.noGroups')}
          description={search ? t('table.emptyFiltered') : t('testProgrammes.noGroupsDescription')}
        />
      </div>
    )
  } else {
    body = (
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('testProgrammes.groups')}>
        {groups.map((g) => (
          <GroupCard key={g.uuid} group={g} />
        ))}
      </ul>
    )
  }

  return (
    <>
      <PageHeader
        title={title}
        description={
          groups
            ? t('testProgrammes.overviewCount', {
                groups: groups.length.toLocaleString(i18n.language),
                people: people.toLocaleString(i18n.language),
                count: groups.length,
              })
            : t('testProgrammes.overviewSubtitle')
        }
        actions={
          <Link to={submitPath()} className={buttonClasses({ variant: 'primary', size: 'md' })}>
            {t('testProgrammes.submitTest')}
          </Link>
        }
      />
      <ProgrammeTabs current={programme} />
      {groups && groups.length > 0 && (
        <section
          aria-label={t('testProgrammes.programmeCompliance')}
          className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
        >
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-sm font-semibold text-slate-900">
              {t('testProgrammes.programmeCompliance')}
            </h2>
            <p className="text-xs text-slate-500">
              {t('testProgrammes.asOf', { date: formatDate(Date.now()) })}
            </p>
          </div>
          <ComplianceSummary counts={totalsOf(groups)} />
        </section>
      )}
      <form
        role="search"
        className="mb-4 flex max-w-md gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          applySearch(draft)
        }}
      >
        <label className="sr-only" htmlFor="group-search">
          {t('testProgrammes.searchGroups')}
        </label>
        <input
          id="group-search"
          type="search"
          value={draft}
          placeholder={t('testProgrammes.searchGroups')}
          onChange={(e) => {
            setDraft(e.target.value)
            if (e.target.value === '') applySearch('')
          }}
          className="h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <Button type="submit" variant="secondary" size="md">
          {t('testProgrammes.search')}
        </Button>
      </form>
      {body}
    </>
  )
}
