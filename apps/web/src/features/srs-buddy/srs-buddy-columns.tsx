import type { SrsBuddy, SrsPerson } from '@portal/contract'
import { formatDate } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { cn } from '@/components/ui/cn'
import { SrsComplianceBadge, SrsResultBadge, SrsStatusBadge } from './srs-badges'

/** +65 9123 4567: the number as an operator dials it. */
export function phoneOf(p: Pick<SrsPerson, 'dial_code' | 'mobile_number'>): string {
  const n = p.mobile_number
  const grouped = n.length === 8 ? `${n.slice(0, 4)} ${n.slice(4)}` : n
  return `+${p.dial_code} ${grouped}`
}

function PersonCell({ person }: { person: SrsPerson }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900">{person.name}</p>
      <p className="text-xs whitespace-nowrap text-slate-500">{phoneOf(person)}</p>
    </div>
  )
}

/**
 * The list's columns, in reading order: who, with whom, where, how often, and how they are doing. The person, last
 * swab, next due and enrolment headers order the list (the call's `sort_by`, `sort_order`).
 */
export function srsColumns(t: TFunction, now: number): DataColumn<SrsBuddy>[] {
  return [
    {
      id: 'reference',
      card: 'subtitle',
      header: t('srsBuddy.col.reference'),
      cell: (b) => <span className="font-mono text-xs whitespace-nowrap">{b.reference}</span>,
    },
    {
      id: 'person',
      card: 'title',
      sort: 'name',
      header: t('srsBuddy.col.person'),
      cell: (b) => <PersonCell person={b.person} />,
    },
    {
      id: 'buddy',
      card: 'meta',
      header: t('srsBuddy.col.buddy'),
      cell: (b) =>
        b.buddy ? (
          <PersonCell person={b.buddy} />
        ) : (
          <span className="text-amber-700 italic">{t('srsBuddy.noBuddy')}</span>
        ),
    },
    {
      id: 'site',
      header: t('srsBuddy.col.site'),
      cell: (b) => (
        <div className="min-w-0">
          <p className="truncate">{b.site}</p>
          <p className="text-xs whitespace-nowrap text-slate-500">
            {t('srsBuddy.every', { count: b.interval_days })}
          </p>
        </div>
      ),
      className: 'max-w-48',
    },
    {
      id: 'interval',
      header: t('srsBuddy.col.interval'),
      cell: (b) => (
        <span className="whitespace-nowrap">{t('srsBuddy.every', { count: b.interval_days })}</span>
      ),
      defaultVisible: false,
    },
    {
      id: 'status',
      card: 'meta',
      header: t('srsBuddy.col.status'),
      cell: (b) => <SrsStatusBadge value={b.status} />,
    },
    {
      id: 'compliance',
      card: 'status',
      header: t('srsBuddy.col.compliance'),
      cell: (b) => <SrsComplianceBadge value={b.compliance} />,
    },
    {
      id: 'last_test',
      card: 'meta',
      sort: 'last_test',
      header: t('srsBuddy.col.lastTest'),
      cell: (b) =>
        b.last_test_at === null || b.last_result === null ? (
          <span className="text-slate-400">{t('srsBuddy.never')}</span>
        ) : (
          <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
            <span>{formatDate(b.last_test_at)}</span>
            <SrsResultBadge value={b.last_result} />
          </div>
        ),
    },
    {
      id: 'next_due',
      card: 'meta',
      sort: 'next_due',
      header: t('srsBuddy.col.nextDue'),
      cell: (b) => {
        const overdue = b.status !== 'inactive' && b.next_due_at < now
        return (
          <span className={cn('whitespace-nowrap', overdue && 'font-medium text-rose-700')}>
            {b.status === 'inactive' ? '—' : formatDate(b.next_due_at)}
          </span>
        )
      },
    },
    {
      id: 'tests_30d',
      header: t('srsBuddy.col.tests30d'),
      cell: (b) => b.tests_30d,
      align: 'right',
      defaultVisible: false,
    },
    {
      id: 'enrolled',
      sort: 'enrolled',
      header: t('srsBuddy.col.enrolled'),
      cell: (b) => <span className="whitespace-nowrap">{formatDate(b.enrolled_at)}</span>,
      defaultVisible: false,
    },
  ]
}
