import type { EmployeeListItem, PersonDetail } from '@portal/contract'
import {
  EmployeeBalanceType,
  employeeBalanceTypes,
  formatDateTime,
  redemptionMethods,
  refreshFrequencies,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { DetailState } from '@/components/form-kit/detail-state'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { getRuntimeConfig } from '@/lib/runtime-config'
import { usePerson } from './api/get-person'
import { ClosedLoopStatusBadge } from './closed-loop-status-badge'

const dash = '—'
const when = (ms: number | null) => (ms === null ? dash : formatDateTime(ms))

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      className={`rounded-lg border border-slate-200 bg-white shadow-xs ${className ?? ''}`}
      aria-label={title}
    >
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{title}</h2>
      <div className="p-4">{children}</div>
    </section>
  )
}

function Field({ label, children, wrap = false }: { label: string; children: ReactNode; wrap?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={`mt-0.5 text-sm text-slate-900 ${wrap ? 'break-words' : 'truncate'}`}>{children}</dd>
    </div>
  )
}

function Profile({ p }: { p: PersonDetail }) {
  const { t } = useTranslation()
  return (
    <Card title={t('closedLoop.person.profile')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('closedLoop.col.username')}>{p.username}</Field>
        <Field label={t('closedLoop.col.email')}>{p.email}</Field>
        <Field label={t('closedLoop.col.phone_number')}>{p.phone_number}</Field>
        <Field label={t('closedLoop.col.nric_last_four_characters')}>{p.nric_last_four_characters}</Field>
        <Field label={t('closedLoop.col.hospital_code')}>{p.hospital_code}</Field>
        <Field label={t('closedLoop.col.created_at')}>{formatDateTime(p.created_at)}</Field>
        <Field label={t('closedLoop.col.person_uuid')}>
          <span className="font-mono text-xs">{p.person_uuid}</span>
        </Field>
      </dl>
    </Card>
  )
}

/** One employee record (quota) of the person: its balance and, for quota employees, its refresh schedule. */
function EmployeeCard({ e }: { e: EmployeeListItem }) {
  const { t } = useTranslation()
  const quota = e.balance_type === EmployeeBalanceType.Quota
  const showNext = getRuntimeConfig().closed_loop_next_refresh_time
  const pct = e.quota > 0 ? Math.round((e.item_balance / e.quota) * 100) : 0
  return (
    <li className="rounded-md border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm font-semibold text-slate-900">{e.redemption_code}</p>
        <div className="flex items-center gap-2">
          <span className="text-xs text-slate-500">{labelOf(employeeBalanceTypes, e.balance_type)}</span>
          <ClosedLoopStatusBadge status={e.status} />
        </div>
      </div>
      <div className="mt-3">
        <div className="flex items-baseline justify-between text-sm">
          <span className="text-slate-600">{t('closedLoop.col.item_balance')}</span>
          <span className="tabular-nums font-medium text-slate-900">
            {e.item_balance} / {e.quota}
          </span>
        </div>
        <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div
            className={`h-full rounded-full ${pct === 0 ? 'bg-rose-500' : pct < 30 ? 'bg-amber-500' : 'bg-emerald-500'}`}
            style={{ width: `${String(pct)}%` }}
          />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
        {quota && (
          <Field wrap label={t('closedLoop.col.refresh_frequency_type')}>
            {labelOf(refreshFrequencies, e.refresh_frequency_type)}
          </Field>
        )}
        {quota && (
          <Field wrap label={t('closedLoop.col.refresh_time')}>
            {when(e.refresh_time)}
          </Field>
        )}
        {quota && showNext && (
          <Field wrap label={t('closedLoop.col.next_refresh_time')}>
            {when(e.next_refresh_time)}
          </Field>
        )}
        <Field wrap label={t('closedLoop.col.last_collected')}>
          {when(e.last_collected)}
        </Field>
        <Field wrap label={t('closedLoop.col.start_time')}>
          {when(e.start_time)}
        </Field>
        <Field wrap label={t('closedLoop.col.end_time')}>
          {when(e.end_time)}
        </Field>
        <Field wrap label={t('closedLoop.col.set')}>
          {e.set?.name ?? t('closedLoop.allMachines')}
        </Field>
      </dl>
    </li>
  )
}

function Redemptions({ p }: { p: PersonDetail }) {
  const { t } = useTranslation()
  const title = t('closedLoop.person.redemptions', { count: p.redemption_count })
  return (
    <Card title={title} className="overflow-hidden">
      {p.redemptions.length === 0 ? (
        <EmptyState title={t('closedLoop.person.noRedemptions')} />
      ) : (
        <div className="-m-4 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('closedLoop.redemption.created_at')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('closedLoop.redemption.item_name')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('closedLoop.redemption.machine')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('closedLoop.redemption.method_code')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('closedLoop.col.redemption_code')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('closedLoop.redemption.redemption_refer_no')}
                </th>
              </tr>
            </thead>
            <tbody>
              {p.redemptions.map((r) => (
                <tr key={r.redemption_uuid} className="border-t border-slate-100">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.created_at)}</td>
                  <td className="px-3 py-2">{r.item_name}</td>
                  <td className="px-3 py-2">
                    {r.machine_id === null ? (
                      dash
                    ) : (
                      <Link
                        to={`/machines/${String(r.machine_id)}`}
                        className="text-brand-700 hover:underline"
                      >
                        {r.machine_location || r.machine_username}
                      </Link>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{labelOf(redemptionMethods, r.method_code)}</td>
                  <td className="px-3 py-2 font-mono text-xs">{r.redemption_code}</td>
                  <td className="px-3 py-2 font-mono text-xs">{r.redemption_refer_no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

/** /closed-loop/{uuid}: a person with their employee records (balances, quotas) and latest redemptions. */
export function PersonPage() {
  const { t } = useTranslation()
  const { uuid = '' } = useParams()
  const query = usePerson(uuid)
  const back = (
    <Link to="/closed-loop" className="text-brand-700 hover:underline">
      ← {t('closedLoop.title')}
    </Link>
  )

  if (uuid === '') return <Navigate to="/closed-loop" replace />
  if (!query.data) {
    return (
      <DetailState
        valid
        query={query}
        title={t('closedLoop.title')}
        breadcrumb={back}
        notFoundTitle={t('closedLoop.person.notFoundTitle')}
        notFoundDescription={t('closedLoop.person.notFoundDescription')}
      />
    )
  }
  const p = query.data
  return (
    <>
      <PageHeader
        title={p.name}
        breadcrumb={back}
        description={`${p.hospital_code} · ${p.email}`}
        actions={<ClosedLoopStatusBadge status={p.status} />}
      />
      <div className="space-y-5">
        <Profile p={p} />
        <Card title={t('closedLoop.person.employees', { count: p.employees.length })}>
          {p.employees.length === 0 ? (
            <EmptyState title={t('closedLoop.person.noEmployees')} />
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
              {p.employees.map((e) => (
                <EmployeeCard key={e.employee_uuid} e={e} />
              ))}
            </ul>
          )}
        </Card>
        <Redemptions p={p} />
      </div>
    </>
  )
}
