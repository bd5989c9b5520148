import type { MachineApiKeyData, PolicyRef } from '@portal/contract'
import { formatDateTime, MACHINE_AUTH_SCHEME } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '@/components/form-kit/fields'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { SecretShownOnce } from '@/components/ui/secret-shown-once/secret-shown-once'
import { useToast } from '@/components/ui/toast/toast'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import { useMachineApiKey, useRotateMachineApiKey } from './api/machine-api-key'

/** Creating or rotating a machine's key needs edit on machines (the server checks the same). */
const EDIT_MACHINES: PolicyRef = { app_code: 'iot', resource_code: 'machines/*', action_code: 'edit' }
const POLICIES = [EDIT_MACHINES] as const

/** Where the machine sends its events: this portal's origin. */
const eventsEndpoint = () => `${window.location.origin}/api/machine/v1/events`

/** The new key, shown this once with how the machine sends it. */
function NewKeyModal({ result, onClose }: { result: MachineApiKeyData; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <SecretShownOnce
      title={t('machine.api.newKeyTitle')}
      intro={t('machine.api.shownOnce')}
      label={t('machine.api.key')}
      secret={result.api_key}
      details={[
        {
          term: t('machine.api.header'),
          value: `Authorization: ${MACHINE_AUTH_SCHEME} <${t('machine.api.key')}>`,
        },
        { term: t('machine.api.endpoint'), value: eventsEndpoint() },
      ]}
      onClose={onClose}
    />
  )
}

/**
 * The machine API on the machine page (issue 15): whether the machine has a key, when it was made and last used,
 * and "Rotate key" (the new key shown once; the old one stops at once).
 */
export function MachineApiCard({ machineId }: { machineId: number }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const status = useMachineApiKey(machineId)
  const rotate = useRotateMachineApiKey(machineId)
  const allowed = usePolicies(POLICIES)(EDIT_MACHINES)
  const [confirming, setConfirming] = useState(false)
  const [result, setResult] = useState<MachineApiKeyData | null>(null)
  const set = status.data?.set === true
  const label = set ? t('machine.api.rotate') : t('machine.api.create')
  const run = () =>
    rotate.mutate(undefined, {
      onSuccess: (r) => {
        setConfirming(false)
        setResult(r)
      },
      onError: (err) => {
        setConfirming(false)
        addToast({ title: t('machine.api.failed'), message: serverMessage(err), variant: 'error' })
      },
    })
  return (
    <Card
      title={t('machine.api.title')}
      actions={
        allowed === 'allowed' && status.data ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {label}
          </Button>
        ) : undefined
      }
    >
      {status.isError ? (
        <p className="text-sm text-rose-700" role="alert">
          {serverMessage(status.error)}
        </p>
      ) : !status.data ? (
        <p className="text-sm text-slate-500">{t('machine.api.loading')}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('machine.api.key')}</dt>
            <dd className="mt-0.5 text-sm text-slate-900">
              {status.data.created_at === null
                ? t('machine.api.notSet')
                : t('machine.api.setAt', { time: formatDateTime(status.data.created_at) })}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('machine.api.lastUsed')}</dt>
            <dd className="mt-0.5 text-sm text-slate-900">
              {status.data.last_used_at === null
                ? t('machine.api.never')
                : formatDateTime(status.data.last_used_at)}
            </dd>
          </div>
        </dl>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={label}
        footer={
          <>
            <Button variant="secondaryBasic" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
              {t('machine.api.cancel')}
            </Button>
            <Button variant="warning" onClick={run} loading={rotate.isPending}>
              {label}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {set ? t('machine.api.rotateWarning') : t('machine.api.createWarning')}
        </p>
      </Modal>
      {result && <NewKeyModal result={result} onClose={() => setResult(null)} />}
    </Card>
  )
}
