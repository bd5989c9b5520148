import type { SrsBuddyDetail, SrsBuddyEvent, SrsTest } from '@portal/contract'
import { formatDate, formatDateTime, SRS_TEST_PAGE_SIZE } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import type { FilterDef } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import { useList } from '@/components/data-table/use-list'
import { dash, DetailState, Field } from '@/components/form-kit/detail-state'
import { Card } from '@/components/form-kit/fields'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { DefaultImage } from '@/components/ui/default-image/default-image'
import { filterSrsTests, useSrsBuddy } from './api/srs-buddy-api'
import { srsBuddyKeys } from './api/srs-buddy-keys'
import { ReassignBuddyModal } from './reassign-buddy-modal'
import { SrsComplianceBadge, SrsResultBadge, SrsStatusBadge } from './srs-badges'
import { phoneOf } from './srs-buddy-columns'
import { StatusModal } from './status-modal'

const NO_FILTERS: readonly FilterDef[] = []

/** /srs-buddy/{uuid}: one pair — who, their schedule and compliance, their history and swabs, and the actions. */
export function SrsBuddyRecordPage() {
  const { uuid = '' } = useParams()
  // The route's uuid is optional (A §2); without one there is no record to show, so the list is the place to be.
  if (uuid === '') return <Navigate to="/srs-buddy" replace />
  return <Record key={uuid} uuid={uuid} />
}

function Record({ uuid }: { uuid: string }) {
  const { t } = useTranslation()
  const query = useSrsBuddy(uuid)
  const [dialog, setDialog] = useState<'reassign' | 'status' | null>(null)
  const breadcrumb = (
    <Link to="/srs-buddy" className="hover:text-slate-700 hover:underline">
      {t('srsBuddy.title')}
    </Link>
  )
  if (!query.data)
    return (
      <DetailState
        valid
        query={query}
        title={t('srsBuddy.recordTitle')}
        breadcrumb={breadcrumb}
        notFoundTitle={t('srsBuddy.notFound')}
        notFoundDescription={t('srsBuddy.notFoundDescription')}
      />
    )
  const record = query.data
  const inactive = record.status === 'inactive'
  return (
    <>
      <PageHeader
        title={record.person.name}
        breadcrumb={breadcrumb}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs">{record.reference}</span>
            <span aria-hidden="true">·</span>
            {record.site}
            <SrsStatusBadge value={record.status} />
            <SrsComplianceBadge value={record.compliance} />
          </span>
        }
        actions={
          <>
            <Button
              onClick={() => setDialog('reassign')}
              disabled={inactive}
              tooltip={inactive ? t('srsBuddy.reactivateFirst') : undefined}
            >
              {record.buddy ? t('srsBuddy.reassign.title') : t('srsBuddy.reassign.assignTitle')}
            </Button>
            <Button variant={inactive ? 'positiveBasic' : 'errorBasic'} onClick={() => setDialog('status')}>
              {inactive ? t('srsBuddy.statusAction.reactivate') : t('srsBuddy.statusAction.deactivate')}
            </Button>
          </>
        }
      />
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <Card title={t('srsBuddy.pair')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <PersonBlock label={t('srsBuddy.col.person')} person={record.person} />
            {record.buddy ? (
              <PersonBlock label={t('srsBuddy.col.buddy')} person={record.buddy} />
            ) : (
              <div className="rounded-md border border-dashed border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                <p className="font-medium">{t('srsBuddy.noBuddy')}</p>
                <p className="mt-1 text-amber-800">{t('srsBuddy.noBuddyHint')}</p>
              </div>
            )}
          </div>
        </Card>
        <Card title={t('srsBuddy.schedule')}>
          <Schedule record={record} />
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="srs-tests-heading" className="min-w-0">
          <h2 id="srs-tests-heading" className="mb-2 text-base font-semibold text-slate-900">
            {t('srsBuddy.testsTitle')}
          </h2>
          <TestsTable uuid={record.uuid} />
        </section>
        <Card title={t('srsBuddy.history')}>
          <History events={record.events} />
        </Card>
      </div>
      {dialog === 'reassign' && <ReassignBuddyModal record={record} open onClose={() => setDialog(null)} />}
      {dialog === 'status' && <StatusModal record={record} open onClose={() => setDialog(null)} />}
    </>
  )
}

function PersonBlock({ label, person }: { label: string; person: SrsBuddyDetail['person'] }) {
  const { t } = useTranslation()
  return (
    <div className="flex min-w-0 gap-3">
      <DefaultImage name={person.name} size="md" />
      <dl className="min-w-0 space-y-2">
        <div>
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="truncate text-sm font-semibold text-slate-900">{person.name}</dd>
        </div>
        <Field label={t('srsBuddy.field.mobile')}>{phoneOf(person)}</Field>
        <Field label={t('srsBuddy.field.lastFour')}>
          <span className="font-mono">•••• {person.national_id_last_four}</span>
        </Field>
      </dl>
    </div>
  )
}

function Schedule({ record }: { record: SrsBuddyDetail }) {
  const { t } = useTranslation()
  const [now] = useState(() => Date.now())
  const overdue = record.status !== 'inactive' && record.next_due_at < now
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
      <Field label={t('srsBuddy.col.interval')}>{t('srsBuddy.every', { count: record.interval_days })}</Field>
      <Field label={t('srsBuddy.col.lastTest')}>
        {record.last_test_at === null || record.last_result === null ? (
          t('srsBuddy.never')
        ) : (
          <span className="inline-flex flex-wrap items-center gap-2">
            {formatDate(record.last_test_at)} <SrsResultBadge value={record.last_result} />
          </span>
        )}
      </Field>
      <Field label={t('srsBuddy.col.nextDue')}>
        {record.status === 'inactive' ? (
          dash
        ) : (
          <span className={cn(overdue && 'font-medium text-rose-700')}>
            {formatDate(record.next_due_at)}
            {overdue && ` · ${t('srsBuddy.overdue')}`}
          </span>
        )}
      </Field>
      <Field label={t('srsBuddy.col.tests30d')}>{record.tests_30d}</Field>
      <Field label={t('srsBuddy.testsTotal')}>{record.tests_total}</Field>
      <Field label={t('srsBuddy.col.enrolled')}>{formatDate(record.enrolled_at)}</Field>
    </dl>
  )
}

function History({ events }: { events: readonly SrsBuddyEvent[] }) {
  const { t } = useTranslation()
  if (events.length === 0) return <p className="text-sm text-slate-500">{t('srsBuddy.noHistory')}</p>
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-4" aria-label={t('srsBuddy.history')}>
      {events.map((e) => (
        <li key={e.id} className="relative">
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ring-2 ring-white',
              e.action === 'deactivated' || e.action === 'buddy_removed' ? 'bg-rose-400' : 'bg-brand-500',
            )}
          />
          <p className="text-sm font-medium text-slate-900">
            {t(`srsBuddy.event.${e.action}`, {
              defaultValue: e.action,
              from: e.from_buddy ?? '',
              to: e.to_buddy ?? '',
            })}
          </p>
          <p className="text-xs text-slate-500">
            {formatDateTime(e.at)} · {e.actor_name ?? t('srsBuddy.system')}
          </p>
          {e.reason && <p className="mt-1 text-sm text-slate-600">{e.reason}</p>}
        </li>
      ))}
    </ol>
  )
}

function TestsTable({ uuid }: { uuid: string }) {
  const { t } = useTranslation()
  const columns = useMemo<DataColumn<SrsTest>[]>(
    () => [
      {
        id: 'tested_at',
        card: 'title',
        header: t('srsBuddy.test.testedAt'),
        cell: (x) => <span className="whitespace-nowrap">{formatDateTime(x.tested_at)}</span>,
      },
      {
        id: 'result',
        card: 'status',
        header: t('srsBuddy.test.result'),
        cell: (x) => <SrsResultBadge value={x.result} />,
      },
      { id: 'witness', card: 'subtitle', header: t('srsBuddy.test.witness'), cell: (x) => x.witness_name },
      {
        id: 'lot',
        card: 'meta',
        header: t('srsBuddy.test.lot'),
        cell: (x) => <span className="font-mono text-xs">{x.test_kit_lot_no}</span>,
      },
    ],
    [t],
  )
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: SRS_TEST_PAGE_SIZE,
    paging: 'count',
    request: (_state, page) => ({ limit: page.limit, offset: page.offset }),
    queryKey: (body, entityCode) => srsBuddyKeys.tests(entityCode, uuid, body),
    fetch: (body, signal) => filterSrsTests(uuid, body, signal),
    rows: (data) => data.tests,
    total: (data) => data.count,
  })
  return (
    <DataTable
      tableId="srs-buddy-tests"
      caption={t('srsBuddy.testsTitle')}
      columns={columns}
      getRowId={(x) => x.uuid}
      {...table}
      emptyTitle={t('srsBuddy.noTests')}
    />
  )
}
