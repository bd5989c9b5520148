import { credentialKinds, formatDate, PROGRAMME_TIME_ZONE } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card } from '@/components/form-kit/fields'
import { DetailState, Field } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { useTestGroup, useTestPerson } from './api/reporting-api'
import { groupPath, programmePath, submitPath } from './programme-paths'
import { ResultsTable } from './results-table'
import { ScheduleText } from './schedule-text'
import { ComplianceBadge, ResultBadge } from './status-badges'

/**
 * A person's record (/medicord/{uuid}, /covid/{uuid}): who they are (only the last four of the national ID), their
 * compliance in each of the recent periods, and every test result of theirs.
 */
export function PersonRecord({ programme, uuid }: { programme: string; uuid: string }) {
  const { t } = useTranslation()
  const query = useTestPerson(uuid)
  const group = useTestGroup(query.data?.group.uuid ?? null)
  const programmeTitle = t(`testProgrammes.programme.${programme}`)
  if (!query.data)
    return (
      <DetailState
        valid
        query={query}
        title={programmeTitle}
        breadcrumb={
          <Link to={programmePath(programme)} className="hover:text-slate-700 hover:underline">
            {programmeTitle}
          </Link>
        }
        notFoundTitle={t('testProgrammes.personNotFound')}
        notFoundDescription={t('testProgrammes.personNotFoundDescription')}
      />
    )
  const { person, periods } = query.data
  const g = query.data.group
  return (
    <>
      <PageHeader
        title={person.fullName}
        breadcrumb={
          <>
            <Link to={programmePath(g.programme)} className="hover:text-slate-700 hover:underline">
              {t(`testProgrammes.programme.${g.programme}`)}
            </Link>
            {' › '}
            <Link to={groupPath(g.programme, g.uuid)} className="hover:text-slate-700 hover:underline">
              {g.name}
            </Link>
          </>
        }
        description={
          <span className="inline-flex items-center gap-2">
            {t('testProgrammes.complianceNow')} <ComplianceBadge value={person.compliance} />
          </span>
        }
        actions={
          <Link to={submitPath(g.uuid, person.uuid)} className={buttonClasses({ variant: 'primary' })}>
            {t('testProgrammes.submitForPerson')}
          </Link>
        }
      />
      <div className="mb-4 grid gap-4 lg:grid-cols-[1fr_2fr]">
        <Card title={t('testProgrammes.details')}>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            <Field label={t('testProgrammes.col.mobileNumber')}>{person.mobileNumber}</Field>
            <Field label={t('testProgrammes.col.nationalIdLastFour')}>
              <span className="font-mono">•••• {person.nationalIdLastFour}</span>
            </Field>
            <Field label={t('testProgrammes.col.nationality')}>{person.nationality}</Field>
            <Field label={t('testProgrammes.group')}>{g.name}</Field>
            <Field label={t('testProgrammes.scheduleLabel')}>
              <ScheduleText schedule={g.schedule} />
            </Field>
            <Field label={t('testProgrammes.exempted')}>
              {person.exempted ? t('testProgrammes.yes') : t('testProgrammes.no')}
            </Field>
            <Field label={t('testProgrammes.col.lastTest')}>
              {person.lastTest ? (
                <span className="inline-flex flex-wrap items-center gap-2">
                  <ResultBadge value={person.lastTest.result} /> {formatDate(person.lastTest.submittedAt)}
                </span>
              ) : (
                '—'
              )}
            </Field>
            <Field label={t('testProgrammes.config.credentials')}>
              {g.authConfig.credentials.map((c) => labelOf(credentialKinds, c)).join(', ') || '—'}
            </Field>
          </dl>
        </Card>
        <Card title={t('testProgrammes.complianceHistory')}>
          <ol className="divide-y divide-slate-100" aria-label={t('testProgrammes.complianceHistory')}>
            {periods.map((p, i) => (
              <li key={p.start} className="flex items-center justify-between gap-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {formatDate(p.start, PROGRAMME_TIME_ZONE)} – {formatDate(p.end - 1, PROGRAMME_TIME_ZONE)}
                    {i === 0 && (
                      <span className="ml-2 text-xs font-normal text-slate-500">
                        {t('testProgrammes.current')}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t('testProgrammes.dueOn', { date: formatDate(p.due, PROGRAMME_TIME_ZONE) })} ·{' '}
                    {t('testProgrammes.testsCount', { count: p.tests })}
                  </p>
                </div>
                <ComplianceBadge value={p.compliance} />
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <h2 className="mb-2 text-base font-semibold text-slate-900">{t('testProgrammes.historyTitle')}</h2>
      <ResultsTable
        programme={g.programme}
        groupUuid={g.uuid}
        groupName={`${g.name} ${person.fullName}`}
        sites={group.data?.sites ?? [g.siteRef]}
        providers={group.data?.testKitProviders ?? []}
        person={person.uuid}
      />
    </>
  )
}
