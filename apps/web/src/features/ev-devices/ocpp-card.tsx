import type { EvDeviceDetail, OcppPasswordData } from '@portal/contract'
import { formatDateTime, ocppProtocolLabel } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DetailCard, Field } from '@/components/ev-overview/detail-card'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { EDIT_CHARGERS } from '@/components/ocpp-commands/ocpp-commands-card'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import { useCommissionCharger, useRotateOcppPassword } from './api/ev-devices-api'

const DASH = '—'
const POLICIES = [EDIT_CHARGERS] as const

/** Where the charger connects: this portal's host, over TLS when the portal is (security profile 2 behind a proxy). */
export function ocppEndpoint(
  identity: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}/ocpp/${encodeURIComponent(identity)}`
}

/**
 * The new password, shown this once with what to do with it. An enrolment password (identity null) serves any
 * charger the operator installs, each with an identity of its own.
 */
export function NewPasswordModal({
  result,
  onClose,
  title,
  hint,
}: {
  result: Omit<OcppPasswordData, 'identity'> & { identity: string | null }
  onClose: () => void
  title?: string
  hint?: string
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const copy = () => {
    void navigator.clipboard
      .writeText(result.password)
      .then(() => addToast({ title: t('evDevices.ocpp.copied'), variant: 'success' }))
      .catch(() => addToast({ title: t('evDevices.ocpp.copyFailed'), variant: 'error' }))
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={title ?? t('evDevices.ocpp.newPasswordTitle')}
      size="lg"
      closeOnOutsideClick={false}
      footer={<Button onClick={onClose}>{t('evDevices.ocpp.done')}</Button>}
    >
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        <p>{t('evDevices.ocpp.shownOnce')}</p>
        <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
          <code
            className="min-w-0 flex-1 font-mono text-base break-all text-slate-900"
            aria-label={t('evDevices.ocpp.password')}
          >
            {result.password}
          </code>
          <Button variant="secondary" size="sm" onClick={copy}>
            {t('evDevices.ocpp.copy')}
          </Button>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-500">{t('evDevices.ocpp.username')}</dt>
          <dd className="font-mono text-xs break-all">
            {result.identity ?? t('evDevices.enrol.anyIdentity')}
          </dd>
          <dt className="text-slate-500">{t('evDevices.ocpp.endpoint')}</dt>
          <dd className="font-mono text-xs break-all">
            {result.identity === null
              ? `${ocppEndpoint('')}${t('evDevices.enrol.identityPlaceholder')}`
              : ocppEndpoint(result.identity)}
          </dd>
        </dl>
        <p className="text-slate-600">{hint ?? t('evDevices.ocpp.configureHint')}</p>
      </div>
    </Modal>
  )
}

/**
 * How the charger connects over OCPP (issue 14): identity, endpoint, version, password, commissioning, last boot.
 * An operator with edit on chargers sets or rotates the password here.
 */
export function OcppCard({ d }: { d: EvDeviceDetail }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const policy = usePolicies(POLICIES)
  const allowed = policy(EDIT_CHARGERS)
  const rotate = useRotateOcppPassword(d.uid)
  const commission = useCommissionCharger(d.uid)
  // Its boots are Accepted from now on; a charger waiting Pending is asked to reconnect and boot again.
  const commissionNow = () =>
    commission.mutate(undefined, {
      onSuccess: () => addToast({ title: t('evDevices.ocpp.commissionedNow'), variant: 'success' }),
      onError: (err) =>
        addToast({
          title: t('evDevices.ocpp.commissionFailed'),
          message: serverMessage(err),
          variant: 'error',
        }),
    })
  const [confirming, setConfirming] = useState(false)
  const [result, setResult] = useState<OcppPasswordData | null>(null)
  const o = d.ocpp
  const label = o.password_set ? t('evDevices.ocpp.rotate') : t('evDevices.ocpp.set')
  const run = () => {
    rotate.mutate(undefined, {
      onSuccess: (data) => {
        setConfirming(false)
        setResult(data)
      },
      onError: (err) => {
        setConfirming(false)
        addToast({ title: t('evDevices.ocpp.failed'), message: serverMessage(err), variant: 'error' })
      },
    })
  }
  return (
    <DetailCard
      title={t('evDevices.ocpp.title')}
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={allowed !== 'allowed' || o.identity === null}
          tooltip={
            allowed === 'denied'
              ? t('evDevices.ocpp.noPermission')
              : o.identity === null
                ? t('evDevices.ocpp.noIdentity')
                : undefined
          }
          onClick={() => setConfirming(true)}
        >
          {label}
        </Button>
      }
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
        <Field label={t('evDevices.ocpp.identity')}>
          <span className="font-mono text-xs">{o.identity ?? DASH}</span>
        </Field>
        <Field className="col-span-2 lg:col-span-3" label={t('evDevices.ocpp.endpoint')}>
          <span className="font-mono text-xs break-all">
            {o.identity === null ? DASH : ocppEndpoint(o.identity)}
          </span>
        </Field>
        <Field label={t('evDevices.ocpp.version')}>
          {o.version === null ? t('evDevices.ocpp.neverConnected') : ocppProtocolLabel(o.version)}
        </Field>
        <Field label={t('evDevices.ocpp.password')}>
          {o.password_set
            ? o.password_set_at === null
              ? t('evDevices.ocpp.passwordSet')
              : t('evDevices.ocpp.passwordSetAt', { time: formatDateTime(o.password_set_at) })
            : t('evDevices.ocpp.passwordNotSet')}
        </Field>
        <Field label={t('evDevices.ocpp.commissioned')}>
          {o.commissioned ? t('evDevices.ocpp.yes') : t('evDevices.ocpp.pendingCommissioning')}
          {!o.commissioned && allowed === 'allowed' && (
            <div className="mt-1.5">
              <Button size="sm" onClick={commissionNow} loading={commission.isPending}>
                {t('evDevices.ocpp.commission')}
              </Button>
            </div>
          )}
        </Field>
        <Field label={t('evDevices.ocpp.lastBoot')}>
          {o.boot_at === null ? t('evDevices.never') : formatDateTime(o.boot_at)}
        </Field>
        <Field label={t('evDevices.ocpp.errorCode')}>
          <span className="font-mono text-xs">{o.error_code ?? DASH}</span>
        </Field>
      </dl>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={label}
        footer={
          <>
            <Button variant="secondaryBasic" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
              {t('evDevices.ocpp.cancel')}
            </Button>
            <Button variant="warning" onClick={run} loading={rotate.isPending}>
              {label}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {o.password_set ? t('evDevices.ocpp.rotateWarning') : t('evDevices.ocpp.setWarning')}
        </p>
      </Modal>
      {result && <NewPasswordModal result={result} onClose={() => setResult(null)} />}
    </DetailCard>
  )
}
