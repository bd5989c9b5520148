import type { TeamRow, TestInstanceRow, TestPerson } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataColumn } from '@/components/data-table/types'
import { personPath } from './programme-paths'
import { ComplianceBadge, ResultBadge } from './status-badges'

const dash = '—'
const mono = (v: string | null) => (v === null ? dash : <span className="font-mono text-xs">{v}</span>)
const personLink = (programme: string, uuid: string, name: string) => (
  <Link
    to={personPath(programme, uuid)}
    className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
  >
    {name}
  </Link>
)

/** A group's test results (B §3 "Test results" row), the person first so each row leads to their record. */
export function resultColumns(
  t: TFunction,
  programme: string,
  withPerson = true,
): DataColumn<TestInstanceRow>[] {
  const columns: DataColumn<TestInstanceRow>[] = [
    {
      id: 'fullName',
      card: 'title',
      header: t('testProgrammes.col.fullName'),
      cell: (r) => personLink(programme, r.personUuid, r.fullName),
    },
    {
      id: 'testKitProvider',
      card: 'subtitle',
      header: t('testProgrammes.col.testKitProvider'),
      cell: (r) => r.testKitProvider,
    },
    {
      id: 'submittedAt',
      // A person's own history has no name column: the time leads their card.
      card: withPerson ? 'meta' : 'title',
      header: t('testProgrammes.col.submittedAt'),
      cell: (r) => formatDateTime(r.submittedAt),
    },
    {
      id: 'result',
      card: 'status',
      header: t('testProgrammes.col.result'),
      cell: (r) => <ResultBadge value={r.result} />,
    },
    {
      id: 'reporterName',
      card: 'meta',
      header: t('testProgrammes.col.reporterName'),
      cell: (r) => r.reporterName,
    },
    { id: 'siteRef', header: t('testProgrammes.col.siteRef'), cell: (r) => mono(r.siteRef) },
    { id: 'testKitLot', header: t('testProgrammes.col.testKitLot'), cell: (r) => mono(r.testKitLot) },
    { id: 'testID', card: 'meta', header: t('testProgrammes.col.testID'), cell: (r) => mono(r.testID) },
    {
      id: 'testKitID',
      header: t('testProgrammes.col.testKitID'),
      cell: (r) => mono(r.testKitID),
      defaultVisible: false,
    },
    {
      id: 'timeResultRecorded',
      header: t('testProgrammes.col.timeResultRecorded'),
      cell: (r) => formatDateTime(r.timeResultRecorded),
      defaultVisible: false,
    },
  ]
  return withPerson ? columns : columns.filter((c) => c.id !== 'fullName')
}

/** The team variant (B §3): who, how to reach them, the last four of their ID, the result and who reported. */
export function teamColumns(t: TFunction, programme: string): DataColumn<TeamRow>[] {
  return [
    {
      id: 'fullName',
      card: 'title',
      header: t('testProgrammes.col.fullName'),
      cell: (r) => personLink(programme, r.personUuid, r.fullName),
    },
    {
      id: 'mobileNumber',
      card: 'subtitle',
      header: t('testProgrammes.col.mobileNumber'),
      cell: (r) => <span className="tabular-nums">{r.mobileNumber}</span>,
    },
    {
      id: 'nationalIdLastFour',
      header: t('testProgrammes.col.nationalIdLastFour'),
      cell: (r) => <span className="font-mono text-xs">•••• {r.nationalIdLastFour}</span>,
    },
    {
      id: 'result',
      card: 'status',
      header: t('testProgrammes.col.result'),
      cell: (r) => <ResultBadge value={r.result} />,
    },
    {
      id: 'submittedAt',
      card: 'meta',
      header: t('testProgrammes.col.submittedAt'),
      cell: (r) => formatDateTime(r.submittedAt),
    },
    {
      id: 'reporterName',
      card: 'meta',
      header: t('testProgrammes.col.reporterName'),
      cell: (r) => r.reporterName,
    },
    {
      // The view's range and order are by this time, so it is on by default and its header sorts.
      id: 'timeResultRecorded',
      card: 'meta',
      sort: 'timeResultRecorded',
      header: t('testProgrammes.col.timeResultRecorded'),
      cell: (r) => formatDateTime(r.timeResultRecorded),
    },
  ]
}

/** The members of a group with their compliance in the current period. */
export function memberColumns(t: TFunction): DataColumn<TestPerson>[] {
  return [
    { id: 'fullName', card: 'title', header: t('testProgrammes.col.fullName'), cell: (p) => p.fullName },
    {
      id: 'compliance',
      card: 'status',
      header: t('testProgrammes.col.compliance'),
      cell: (p) => <ComplianceBadge value={p.compliance} />,
    },
    {
      id: 'lastTest',
      card: 'meta',
      header: t('testProgrammes.col.lastTest'),
      cell: (p) =>
        p.lastTest === null ? (
          dash
        ) : (
          <span className="inline-flex items-center gap-2">
            <ResultBadge value={p.lastTest.result} />
            <span className="text-slate-600">{formatDateTime(p.lastTest.submittedAt)}</span>
          </span>
        ),
    },
    {
      id: 'mobileNumber',
      card: 'subtitle',
      header: t('testProgrammes.col.mobileNumber'),
      cell: (p) => <span className="tabular-nums">{p.mobileNumber}</span>,
    },
    {
      id: 'nationalIdLastFour',
      card: 'meta',
      header: t('testProgrammes.col.nationalIdLastFour'),
      cell: (p) => <span className="font-mono text-xs">•••• {p.nationalIdLastFour}</span>,
    },
    {
      id: 'nationality',
      card: 'meta',
      header: t('testProgrammes.col.nationality'),
      cell: (p) => p.nationality,
    },
  ]
}
