import type { MachineDetail } from '@portal/contract'
import {
  formatDateTime,
  formatMoney,
  LiveEventName,
  OPENING_DAYS,
  paymentMethods,
  vmcTypes,
} from '@portal/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useLiveRefresh } from '@/lib/live/live-store'
import { useSession } from '@/lib/session/session-store'
import { machineKeys } from './api/machine-keys'
import { labelOf } from '@/lib/labels'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { Card } from '@/components/form-kit/fields'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { FailedSalesLink } from '@/components/orders/failed-sales-link'
import { OpenAlertsLink } from '@/components/alerts/open-alerts-link'
import { useMachine } from './api/get-machine'
import { RecentMaintenance, RecentOrders } from './machine-activity'
import { MachineApiCard } from './machine-api-card'
import { MachineCommandsCard } from './machine-commands-card'
import { MachineItemsEditor } from './machine-items-editor'
import { MachineSettingsForm } from './machine-settings-form'
import { MachineStatusBadge, ServiceStatusBadge } from './machine-status-badge'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className="mt-0.5 truncate text-sm text-slate-900"
        title={typeof children === 'string' ? children : undefined}
      >
        {children}
      </dd>
    </div>
  )
}

const dash = '—'

function Overview({ m }: { m: MachineDetail }) {
  const { t } = useTranslation()
  return (
    <Card title={t('machine.overview')}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3 xl:grid-cols-4">
        <Field label={t('machines.col.machine_id')}>{m.machine_id}</Field>
        <Field label={t('machines.col.username')}>{m.username}</Field>
        <Field label={t('machines.col.serial_number')}>
          <span className="font-mono text-xs">{m.serial_number}</span>
        </Field>
        <Field label={t('machines.col.model_number')}>{m.model_number}</Field>
        <Field label={t('machines.col.location')}>{m.location}</Field>
        <Field label={t('machines.col.postal_code')}>{m.postal_code}</Field>
        <Field label={t('machines.col.sets')}>{m.sets.map((s) => s.name).join(', ') || dash}</Field>
        <Field label={t('machines.col.is_active')}>
          {m.is_active ? t('machines.active') : t('machines.inactive')}
        </Field>
        <Field label={t('machines.col.last_activity_time')}>
          {m.last_activity_time === null ? dash : formatDateTime(m.last_activity_time)}
        </Field>
        <Field label={t('machines.col.last_maintenance_time')}>
          {m.last_maintenance_time === null ? dash : formatDateTime(m.last_maintenance_time)}
        </Field>
        <Field label={t('machines.col.vmc_type')}>{labelOf(vmcTypes, m.vmc_type)}</Field>
        <Field label={t('machines.col.vmc_port')}>{m.vmc_port}</Field>
        <Field label={t('machines.col.stock')}>
          {m.stock.toLocaleString()} / {m.capacity.toLocaleString()}
        </Field>
        <Field label={t('machines.col.payment_selections')}>
          {m.payment_selections.map((p) => labelOf(paymentMethods, p)).join(', ') || dash}
        </Field>
        <Field label={t('machine.tags')}>{m.tags.join(', ') || dash}</Field>
      </dl>
    </Card>
  )
}

function ServiceStatuses({ m }: { m: MachineDetail }) {
  const { t } = useTranslation()
  const services = [
    ['core_service', t('machines.filter.core'), m.service_statuses.core_service, m.core_service_status],
    [
      'machine_service',
      t('machines.filter.machine'),
      m.service_statuses.machine_service,
      m.machine_service_status,
    ],
    [
      'payment_service',
      t('machines.filter.payment'),
      m.service_statuses.payment_service,
      m.payment_service_status,
    ],
  ] as const
  return (
    <Card title={t('machine.serviceStatuses')}>
      <ul className="divide-y divide-slate-100">
        {services.map(([key, label, entry]) => (
          <li key={key} className="flex items-start justify-between gap-3 py-2.5 first:pt-0">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{label}</p>
              <p className="truncate text-xs text-slate-500">{entry.message}</p>
            </div>
            <ServiceStatusBadge status={entry.status} />
          </li>
        ))}
        {m.service_statuses.reader_manager.map((r) => (
          <li
            key={`reader-${String(r.reader_id)}`}
            className="flex items-start justify-between gap-3 py-2.5 last:pb-0"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{t('machine.reader', { id: r.reader_id })}</p>
              <p className="truncate text-xs text-slate-500">{r.message}</p>
            </div>
            <ServiceStatusBadge status={r.status} />
          </li>
        ))}
        {m.service_statuses.reader_manager.length === 0 && (
          <li className="py-2.5 text-sm text-slate-500 last:pb-0">{t('machine.noReaders')}</li>
        )}
      </ul>
    </Card>
  )
}

function GeneralSettings({ m }: { m: MachineDetail }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const g = m.general_settings
  const seconds = (v: number) => t('machine.seconds', { count: v })
  if (editing)
    return (
      <Card title={t('machine.generalSettings')}>
        <MachineSettingsForm m={m} onDone={() => setEditing(false)} />
      </Card>
    )
  return (
    <Card
      title={t('machine.generalSettings')}
      actions={
        <Button variant="classic" size="sm" onClick={() => setEditing(true)}>
          {t('catalogue.machine.editSettings')}
        </Button>
      }
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
        <Field label={t('machine.settings.model_number')}>{g.model_number || dash}</Field>
        <Field label={t('machine.settings.pinpad_backend')}>{g.pinpad_backend || dash}</Field>
        <Field label={t('machine.settings.pinpad_frontend')}>{g.pinpad_frontend || dash}</Field>
        <Field label={t('machine.settings.pinpad_port')}>{g.pinpad_port || dash}</Field>
        <Field label={t('machine.settings.vmc')}>{labelOf(vmcTypes, g.vmc)}</Field>
        <Field label={t('machine.settings.vmc_port')}>{g.vmc_port || dash}</Field>
        <Field label={t('machine.settings.mdb_channel')}>{g.mdb_channel}</Field>
        <Field label={t('machine.settings.serial_type')}>{g.serial_type || dash}</Field>
        <Field label={t('machine.settings.cp_timeout')}>{seconds(g.cp_timeout)}</Field>
        <Field label={t('machine.settings.vend_session_timeout')}>{seconds(g.vend_session_timeout)}</Field>
        <Field label={t('machine.settings.vend_request_timeout')}>{seconds(g.vend_request_timeout)}</Field>
        <Field label={t('machine.settings.price_scale_factor')}>{g.price_scale_factor}</Field>
        <Field label={t('machine.settings.price_decimal_places')}>{g.price_decimal_places}</Field>
        <Field label={t('machine.settings.payment_denominations')}>{g.payment_denominations || dash}</Field>
      </dl>
      <h3 className="mt-5 mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('machine.settings.opening_hours')}
      </h3>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
        {OPENING_DAYS.map((day) => {
          const d = g.opening_hours[day]
          return (
            <div key={day}>
              <dt className="text-xs text-slate-500">{t(`machine.days.${day}`)}</dt>
              <dd className="text-sm whitespace-nowrap tabular-nums text-slate-900">
                {d.closed
                  ? t('machine.closed')
                  : d.open === '00:00' && d.close === '23:59'
                    ? t('machine.allDay')
                    : `${d.open}–${d.close}`}
              </dd>
            </div>
          )
        })}
      </dl>
    </Card>
  )
}

function Items({ m }: { m: MachineDetail }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  return (
    <Card
      title={t('machine.items', { count: m.items.length })}
      className="overflow-hidden"
      actions={
        m.items.length > 0 && !editing ? (
          <Button variant="classic" size="sm" onClick={() => setEditing(true)}>
            {t('catalogue.machine.editItems')}
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <MachineItemsEditor m={m} onDone={() => setEditing(false)} />
      ) : m.items.length === 0 ? (
        <EmptyState title={t('machine.noItems')} />
      ) : (
        <div
          className="-m-4 overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-label={t('machine.items', { count: m.items.length })}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{t('machine.items', { count: m.items.length })}</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('machine.item.slot_no')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('machine.item.name')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('machine.item.price')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('machine.item.stock')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('machine.item.total_sold')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('machine.item.total_revenue')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('machine.item.sku_id')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('machine.item.is_enabled')}
                </th>
              </tr>
            </thead>
            <tbody>
              {m.items.map((item) => (
                <tr key={item.slot_no} className="border-t border-slate-100">
                  <td className="px-3 py-2 text-right tabular-nums text-slate-500">{item.slot_no}</td>
                  <td className="px-3 py-2">
                    <p className="font-medium text-slate-900">{item.name}</p>
                    <p className="text-xs text-slate-500">{item.description}</p>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                    {formatMoney(item.price, m.currency_code)}
                  </td>
                  <td
                    className={`px-3 py-2 text-right tabular-nums ${item.stock === 0 ? 'font-semibold text-rose-700' : ''}`}
                  >
                    {item.stock}/{item.capacity}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{item.total_sold.toLocaleString()}</td>
                  <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                    {formatMoney(item.total_revenue, m.currency_code)}
                  </td>
                  <td className="px-3 py-2 text-slate-500">{item.sku_id ?? dash}</td>
                  <td className="px-3 py-2">
                    <Badge tone={item.is_enabled ? 'positive' : 'neutral'}>
                      {item.is_enabled ? t('machine.enabled') : t('machine.disabled')}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

/** The machine's status, its latest sales and commands read again as the machine reports (issue 16). */
function useMachineLive(machineId: number) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  useLiveRefresh(
    [LiveEventName.machineStatus, LiveEventName.orderCreated],
    () => {
      void queryClient.invalidateQueries({ queryKey: machineKeys.detail(entityCode, machineId) })
      void queryClient.invalidateQueries({ queryKey: machineKeys.recentOrders(entityCode, machineId) })
    },
    { when: (event) => 'machine_id' in event.data && event.data.machine_id === machineId },
  )
}

/** One machine (/machines/{id}): overview, service statuses, general settings and its slot items. */
export function MachinePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const machineId = Number(id)
  const query = useMachine(machineId)
  useMachineLive(machineId)
  const back = (
    <Link to="/machines" className="text-brand-700 hover:underline">
      ← {t('machines.title')}
    </Link>
  )

  if (query.data === undefined)
    return (
      <DetailState
        valid={Number.isInteger(machineId) && machineId > 0}
        query={query}
        title={t('machines.title')}
        breadcrumb={back}
        notFoundTitle={t('machine.notFoundTitle')}
        notFoundDescription={t('machine.notFoundDescription')}
      />
    )
  const m = query.data
  return (
    <>
      <PageHeader
        title={m.alias}
        breadcrumb={back}
        description={`${m.serial_number} · ${m.location}`}
        actions={
          <>
            <MachineStatusBadge status={m.overall_status} />
            <Badge tone={m.is_active ? 'positive' : 'neutral'}>
              {m.is_active ? t('machines.active') : t('machines.inactive')}
            </Badge>
            <FailedSalesLink machineId={m.machine_id} />
            <OpenAlertsLink subject={{ machine_id: m.machine_id }} />
          </>
        }
      />
      <div className="grid gap-5 xl:grid-cols-3">
        <div className="space-y-5 xl:col-span-2">
          <Overview m={m} />
          <GeneralSettings m={m} />
        </div>
        <div className="space-y-5">
          <ServiceStatuses m={m} />
          <MachineApiCard machineId={m.machine_id} />
        </div>
      </div>
      <div className="mt-5">
        <Items m={m} />
      </div>
      <div className="mt-5">
        <MachineCommandsCard m={m} />
      </div>
      <div className="mt-5 grid gap-5 xl:grid-cols-2">
        <RecentOrders machineId={m.machine_id} />
        <RecentMaintenance machineId={m.machine_id} />
      </div>
    </>
  )
}
