import type { ApiKey, ServiceAccount } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '@/components/form-kit/fields'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Loader } from '@/components/ui/loader/loader'
import { Modal } from '@/components/ui/modal/modal'
import { SecretShownOnce } from '@/components/ui/secret-shown-once/secret-shown-once'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { serverMessage } from '@/lib/server-messages'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/service-accounts'
import { Card } from '../components/card'
import { ConfirmModal } from '../components/confirm-modal'
import { dash } from './list-parts'

type KeyState = 'active' | 'expired' | 'revoked'

function stateOf(key: ApiKey, now: number): KeyState {
  if (key.revoked_at !== null) return 'revoked'
  if (key.expires_at !== null && key.expires_at <= now) return 'expired'
  return 'active'
}

const TONES = { active: 'positive', expired: 'warning', revoked: 'neutral' } as const

/** The end of the chosen day, in the browser's zone: a key "expires on 31 Dec" works all that day. */
export function endOfDay(date: string): number | null {
  const [y, m, d] = date.split('-').map(Number)
  if (y === undefined || m === undefined || d === undefined || [y, m, d].some(Number.isNaN)) return null
  return new Date(y, m - 1, d, 23, 59, 59, 999).getTime()
}

function CreateKeyDialog({ account, onClose }: { account: ServiceAccount; onClose: () => void }) {
  const { t } = useTranslation()
  const create = useCreateApiKey(account.uuid)
  const [name, setName] = useState('')
  const [expires, setExpires] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()
  const [created, setCreated] = useState<{ key: string; prefix: string } | null>(null)

  if (created)
    return (
      <SecretShownOnce
        title={t('serviceAccounts.keys.shownTitle')}
        intro={t('serviceAccounts.keys.shownIntro')}
        label={t('serviceAccounts.keys.secretLabel')}
        secret={created.key}
        details={[
          { term: t('serviceAccounts.keys.header'), value: 'Authorization: Token <key>' },
          { term: t('serviceAccounts.keys.casesHeader'), value: 'Authorization: Bearer <key>' },
        ]}
        hint={t('serviceAccounts.keys.shownHint')}
        onClose={onClose}
      />
    )

  const submit = () => {
    if (name.trim() === '') {
      setNameError(t('serviceAccounts.nameRequired'))
      return
    }
    setNameError(undefined)
    create.mutate(
      { name: name.trim(), expires_at: expires === '' ? null : endOfDay(expires) },
      { onSuccess: (data) => setCreated({ key: data.key, prefix: data.api_key.prefix }) },
    )
  }
  return (
    <Modal
      open
      onClose={create.isPending ? () => undefined : onClose}
      title={t('serviceAccounts.keys.createTitle')}
      size="md"
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={create.isPending}>
            {t('iamScreens.cancel')}
          </Button>
          <Button type="submit" form="create-api-key" loading={create.isPending}>
            {t('serviceAccounts.keys.create')}
          </Button>
        </>
      }
    >
      <form
        id="create-api-key"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <TextField
          label={t('serviceAccounts.keys.name')}
          hint={t('serviceAccounts.keys.nameHint')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          maxLength={120}
        />
        <TextField
          type="date"
          label={t('serviceAccounts.keys.expires')}
          hint={t('serviceAccounts.keys.expiresHint')}
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <FormError message={create.error ? serverMessage(create.error) : null} />
      </form>
    </Modal>
  )
}

function lastUse(t: TFunction, key: ApiKey) {
  if (key.last_used_at === null)
    return <span className="text-slate-500">{t('serviceAccounts.keys.never')}</span>
  return (
    <span className="whitespace-nowrap tabular-nums">
      {t('serviceAccounts.keys.usedFrom', {
        time: formatDateTime(key.last_used_at),
        address: key.last_used_ip ?? '?',
      })}
    </span>
  )
}

/** The account's keys: which exist, when each was last used and from where; create one, revoke one. */
export function ApiKeysCard({ account, canEdit }: { account: ServiceAccount; canEdit: boolean }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const keys = useApiKeys(account.uuid)
  const revoke = useRevokeApiKey(account.uuid)
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const now = Date.now()

  let body
  if (keys.isPending) body = <Loader size="sm" className="py-6" />
  else if (keys.isError) body = <FormError message={serverMessage(keys.error)} />
  else if (keys.data.length === 0)
    body = <p className="text-sm text-slate-500">{t('serviceAccounts.keys.empty')}</p>
  else
    body = (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={t('serviceAccounts.keys.title')}>
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 pr-3 font-medium">{t('serviceAccounts.keys.name')}</th>
              <th className="py-1 pr-3 font-medium">{t('serviceAccounts.keys.prefix')}</th>
              <th className="py-1 pr-3 font-medium">{t('serviceAccounts.keys.created')}</th>
              <th className="py-1 pr-3 font-medium">{t('serviceAccounts.keys.expires')}</th>
              <th className="py-1 pr-3 font-medium">{t('serviceAccounts.keys.lastUsed')}</th>
              <th className="py-1 pr-3 font-medium">{t('serviceAccounts.keys.state')}</th>
              <th className="py-1 font-medium">
                <span className="sr-only">{t('serviceAccounts.keys.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {keys.data.map((key) => {
              const state = stateOf(key, now)
              return (
                <tr key={key.uuid} data-testid={`api-key-${key.prefix}`}>
                  <td className="py-2 pr-3">{key.name}</td>
                  <td className="py-2 pr-3 font-mono text-xs">pk_{key.prefix}_…</td>
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                    {formatDateTime(key.created_at)}
                    {key.created_by && <span className="block text-xs text-slate-500">{key.created_by}</span>}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                    {key.expires_at === null ? dash : formatDateTime(key.expires_at)}
                  </td>
                  <td className="py-2 pr-3">{lastUse(t, key)}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={TONES[state]} dot>
                      {t(`serviceAccounts.keys.states.${state}`)}
                    </Badge>
                    {key.revoked_at !== null && (
                      <span className="block text-xs whitespace-nowrap text-slate-500 tabular-nums">
                        {formatDateTime(key.revoked_at)}
                      </span>
                    )}
                  </td>
                  <td className="py-2 text-right">
                    {canEdit && state === 'active' && (
                      <Button variant="errorBasic" size="sm" onClick={() => setRevoking(key)}>
                        {t('serviceAccounts.keys.revoke')}
                      </Button>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    )

  return (
    <Card
      title={t('serviceAccounts.keys.title')}
      description={t('serviceAccounts.keys.hint')}
      actions={
        canEdit && (
          <Button size="sm" onClick={() => setCreating(true)}>
            {t('serviceAccounts.keys.new')}
          </Button>
        )
      }
    >
      {body}
      {creating && <CreateKeyDialog account={account} onClose={() => setCreating(false)} />}
      <ConfirmModal
        open={revoking !== null}
        title={t('serviceAccounts.keys.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('serviceAccounts.keys.revoke')}
        confirmVariant="error"
        busy={revoke.isPending}
        error={revoke.error ? serverMessage(revoke.error) : undefined}
        onClose={() => {
          setRevoking(null)
          revoke.reset()
        }}
        onConfirm={() => {
          if (revoking)
            revoke.mutate(revoking.uuid, {
              onSuccess: () => {
                addToast({ title: t('serviceAccounts.keys.revoked'), variant: 'success', timeout: 5000 })
                setRevoking(null)
              },
            })
        }}
      >
        <p>{t('serviceAccounts.keys.revokeText')}</p>
      </ConfirmModal>
    </Card>
  )
}
