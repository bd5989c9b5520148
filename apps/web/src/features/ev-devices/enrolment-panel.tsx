import type { OcppEnrolmentPasswordData, OcppPendingCharger } from '@portal/contract'
import { formatDateTime, ocppProtocolLabel } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { EDIT_CHARGERS } from '@/components/ocpp-commands/ocpp-commands-card'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import type { WaitingCharger } from './add-charger'
import { AddChargerDialog } from './add-charger'
import { useDismissPending, useEnrolment, useRotateEnrolmentPassword } from './api/ev-devices-api'
import { NewPasswordModal } from './ocpp-card'

const POLICIES = [EDIT_CHARGERS] as const
const DASH = '—'

const waitingOf = (p: OcppPendingCharger): WaitingCharger => ({
  identity: p.identity,
  version: p.ocpp_version,
  vendor: p.vendor,
  model: p.model,
  serial: p.serial_number,
})

/**
 * Chargers waiting to be commissioned (issue 14, docs/decisions/0107-ocpp-enrolment.md), above the EV devices list.
 * Where the server lets unknown chargers enrol (PORTAL_OCPP_ACCEPT_UNKNOWN), an operator with edit on chargers sets
 * the entity's enrolment password here, and commissions ("Add charger" with the charger's identity) or dismisses
 * each charger that connected with it. Where it does not, and nothing waits, the panel is not shown.
 */
export function EnrolmentPanel() {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const enrolment = useEnrolment()
  const allowed = usePolicies(POLICIES)(EDIT_CHARGERS) === 'allowed'
  const rotate = useRotateEnrolmentPassword()
  const dismiss = useDismissPending()
  const [confirmRotate, setConfirmRotate] = useState(false)
  const [password, setPassword] = useState<OcppEnrolmentPasswordData | null>(null)
  const [commissioning, setCommissioning] = useState<WaitingCharger | null>(null)
  const [dismissing, setDismissing] = useState<string | null>(null)

  const data = enrolment.data
  if (!data || (!data.accept_unknown && data.pending.length === 0)) return null
  const rotateLabel = data.password_set ? t('evDevices.enrol.rotate') : t('evDevices.enrol.set')
  const runRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (r) => {
        setConfirmRotate(false)
        setPassword(r)
      },
      onError: (err) => {
        setConfirmRotate(false)
        addToast({ title: t('evDevices.enrol.failed'), message: serverMessage(err), variant: 'error' })
      },
    })
  const runDismiss = (identity: string) =>
    dismiss.mutate(identity, {
      onSuccess: () => {
        setDismissing(null)
        addToast({ title: t('evDevices.enrol.dismissed', { identity }), variant: 'success' })
      },
      onError: (err) => {
        setDismissing(null)
        addToast({ title: t('evDevices.enrol.failed'), message: serverMessage(err), variant: 'error' })
      },
    })

  const actionsOf = (p: OcppPendingCharger) =>
    allowed && (
      <span className="inline-flex gap-2">
        <Button
          size="sm"
          onClick={() => setCommissioning(waitingOf(p))}
          aria-label={t('evDevices.enrol.commissionOne', { identity: p.identity })}
        >
          {t('evDevices.enrol.commission')}
        </Button>
        <Button
          size="sm"
          variant="secondaryBasic"
          onClick={() => setDismissing(p.identity)}
          aria-label={t('evDevices.enrol.dismissOne', { identity: p.identity })}
        >
          {t('evDevices.enrol.dismiss')}
        </Button>
      </span>
    )
  const describe = (p: OcppPendingCharger) => ({
    what: [p.vendor, p.model].filter(Boolean).join(' · ') || DASH,
    detail:
      [p.serial_number, p.firmware_version].filter(Boolean).join(' · ') || t('evDevices.enrol.notBooted'),
  })

  return (
    <DetailCard
      className="mb-4"
      padded={false}
      title={t('evDevices.enrol.title')}
      actions={
        allowed && data.accept_unknown ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirmRotate(true)}>
            {rotateLabel}
          </Button>
        ) : undefined
      }
    >
      <p className="px-4 py-3 text-sm text-slate-600">
        {!data.accept_unknown
          ? t('evDevices.enrol.off')
          : data.password_set && data.password_set_at !== null
            ? t('evDevices.enrol.howTo', { time: formatDateTime(data.password_set_at) })
            : t('evDevices.enrol.noPassword')}
      </p>
      {data.pending.length > 0 && (
        // A phone gets cards (the table's actions would sit off-screen), as every list does.
        <ul
          className="divide-y divide-slate-100 border-t border-slate-200 sm:hidden"
          aria-label={t('evDevices.enrol.waiting')}
        >
          {data.pending.map((p) => (
            <li key={p.identity} className="flex flex-col gap-1 px-4 py-3 text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-mono text-xs break-all text-slate-900">{p.identity}</span>
                <span className="shrink-0 text-xs text-slate-600">{ocppProtocolLabel(p.ocpp_version)}</span>
              </div>
              <div className="text-slate-900">{describe(p).what}</div>
              <div className="text-xs text-slate-500">{describe(p).detail}</div>
              <div className="text-xs text-slate-500 tabular-nums">
                {t('evDevices.enrol.lastSeen')}: {formatDateTime(p.last_seen_at)}
              </div>
              {allowed && <div className="mt-1">{actionsOf(p)}</div>}
            </li>
          ))}
        </ul>
      )}
      {data.pending.length > 0 && (
        <div
          className="hidden overflow-x-auto border-t border-slate-200 sm:block"
          tabIndex={0}
          role="group"
          aria-label={t('evDevices.enrol.waiting')}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t('evDevices.enrol.waiting')}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  {t('evDevices.ocpp.identity')}
                </th>
                <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  {t('evDevices.enrol.charger')}
                </th>
                <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  {t('evDevices.ocpp.version')}
                </th>
                <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  {t('evDevices.enrol.firstSeen')}
                </th>
                <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  {t('evDevices.enrol.lastSeen')}
                </th>
                <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  <span className="sr-only">{t('evDevices.enrol.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.pending.map((p) => (
                <tr key={p.identity} className="border-b border-slate-100 last:border-b-0">
                  <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{p.identity}</td>
                  <td className="px-3 py-2">
                    <div className="text-slate-900">{describe(p).what}</div>
                    <div className="text-xs text-slate-500">{describe(p).detail}</div>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{ocppProtocolLabel(p.ocpp_version)}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {formatDateTime(p.first_seen_at)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {formatDateTime(p.last_seen_at)}
                    {p.remote_address && (
                      <div className="font-mono text-xs text-slate-500">{p.remote_address}</div>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{actionsOf(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal
        open={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        title={rotateLabel}
        footer={
          <>
            <Button
              variant="secondaryBasic"
              onClick={() => setConfirmRotate(false)}
              disabled={rotate.isPending}
            >
              {t('evDevices.ocpp.cancel')}
            </Button>
            <Button variant="warning" onClick={runRotate} loading={rotate.isPending}>
              {rotateLabel}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {data.password_set ? t('evDevices.enrol.rotateWarning') : t('evDevices.enrol.setWarning')}
        </p>
      </Modal>
      <Modal
        open={dismissing !== null}
        onClose={() => setDismissing(null)}
        title={t('evDevices.enrol.dismissTitle', { identity: dismissing ?? '' })}
        footer={
          <>
            <Button variant="secondaryBasic" onClick={() => setDismissing(null)} disabled={dismiss.isPending}>
              {t('evDevices.ocpp.cancel')}
            </Button>
            <Button
              variant="warning"
              onClick={() => dismissing !== null && runDismiss(dismissing)}
              loading={dismiss.isPending}
            >
              {t('evDevices.enrol.dismiss')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{t('evDevices.enrol.dismissWarning')}</p>
      </Modal>
      {password && (
        <NewPasswordModal
          result={{ identity: null, password: password.password, password_set_at: password.password_set_at }}
          title={t('evDevices.enrol.newPasswordTitle')}
          hint={t('evDevices.enrol.configureHint')}
          onClose={() => setPassword(null)}
        />
      )}
      <AddChargerDialog
        open={commissioning !== null}
        onClose={() => setCommissioning(null)}
        waiting={commissioning ?? undefined}
      />
    </DetailCard>
  )
}
