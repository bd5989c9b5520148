import type { EvDeviceDetail, OcppPasswordData } from '@portal/contract'
import { formatDateTime, ocppProtocolLabel } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DetailCard, Field } from '@/components/ev-overview/detail-card'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { SecretShownOnce } from '@/components/ui/secret-shown-once/secret-shown-once'
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
  return (
    <SecretShownOnce
      title={title ?? t('evDevices.ocpp.newPasswordTitle')}
      intro={t('evDevices.ocpp.shownOnce')}
      label={t('evDevices.ocpp.password')}
      secret={result.password}
      details={[
        { term: t('evDevices.ocpp.username'), value: result.identity ?? t('evDevices.enrol.anyIdentity') },
        {
          term: t('evDevices.ocpp.endpoint'),
          value:
            result.identity === null
              ? `${ocppEndpoint('')}${t('evDevices.enrol.identityPlaceholder')}`
              : ocppEndpoint(result.identity),
        },
      ]}
      hint={hint ?? t('evDevices.ocpp.configureHint')}
      onClose={onClose}
    />
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
