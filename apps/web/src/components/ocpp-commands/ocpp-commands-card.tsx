import type {
  EvDeviceDetail,
  OcppCommand,
  OcppCommandBody,
  OcppCommandName,
  PolicyRef,
} from '@portal/contract'
import { formatDateTime, OCPP_COMMANDS, OCPP_TRIGGERABLE_MESSAGES } from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DetailCard } from '@/components/ev-overview/detail-card'
import { SelectField } from '@/components/form-kit/fields'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import { useOcppCommands, useSendOcppCommand } from './ocpp-commands-api'
import { sessionHref } from '@/components/ev-overview/recent-sessions'

/** Changing chargers (commands, passwords, enrolment) needs edit on chargers (the server checks the same). */
export const EDIT_CHARGERS: PolicyRef = { app_code: 'ev', resource_code: 'devices/*', action_code: 'edit' }
const POLICIES = [EDIT_CHARGERS] as const
const DASH = '—'

/** A connector as a command names it (OCPP 1.6's number over the charger), with how the page shows it. */
export interface CommandConnector {
  number: number
  label: string
}

/** The charger's connectors, in OCPP's numbering, labelled by EVSE and connector as the page shows them. */
export function commandConnectors(d: Pick<EvDeviceDetail, 'evses'>, evseUid?: string): CommandConnector[] {
  return d.evses
    .filter((e) => evseUid === undefined || e.uid === evseUid)
    .flatMap((e) =>
      e.connectors.map((c) => ({
        number: c.ocpp_number,
        label: `${e.physical_reference || e.evse_id} · ${c.connector_id}`,
      })),
    )
    .sort((a, b) => a.number - b.number)
}

/** The sessions running on the charger: what a remote stop can name. */
export function runningSessions(d: Pick<EvDeviceDetail, 'evses'>, evseUid?: string) {
  return d.evses
    .filter((e) => evseUid === undefined || e.uid === evseUid)
    .flatMap((e) =>
      e.connectors.flatMap((c) =>
        c.active_session
          ? [{ uid: c.active_session.uid, label: `${e.physical_reference || e.evse_id} · ${c.connector_id}` }]
          : [],
      ),
    )
}

interface Draft {
  command: OcppCommandName
  connector: string
  idTag: string
  sessionUid: string
  resetType: 'Soft' | 'Hard'
  availability: 'Operative' | 'Inoperative'
  message: (typeof OCPP_TRIGGERABLE_MESSAGES)[number]
  keys: string
  key: string
  value: string
}

/** The request body of a draft; a field the operator left empty stays empty, and the server names it. */
export function commandBody(d: Draft): OcppCommandBody {
  const connector = Number(d.connector)
  switch (d.command) {
    case 'RemoteStart':
      return { command: 'RemoteStart', connector, id_tag: d.idTag.trim() }
    case 'RemoteStop':
      return { command: 'RemoteStop', session_uid: d.sessionUid }
    case 'Reset':
      return { command: 'Reset', type: d.resetType }
    case 'UnlockConnector':
      return { command: 'UnlockConnector', connector }
    case 'ChangeAvailability':
      return { command: 'ChangeAvailability', connector, availability: d.availability }
    case 'TriggerMessage':
      return {
        command: 'TriggerMessage',
        message: d.message,
        ...(d.connector === '' || d.connector === '0' ? {} : { connector }),
      }
    case 'GetConfiguration': {
      const keys = d.keys
        .split(/[\s,]+/)
        .map((k) => k.trim())
        .filter(Boolean)
      return { command: 'GetConfiguration', ...(keys.length ? { keys } : {}) }
    }
    case 'ChangeConfiguration':
      return { command: 'ChangeConfiguration', key: d.key.trim(), value: d.value }
  }
}

/** How a command ended, as a badge: the charger's status when it answered, else what happened. */
function Outcome({ c }: { c: Pick<OcppCommand, 'state' | 'status'> }) {
  const { t } = useTranslation()
  if (c.state === 'answered') {
    const ok = c.status === null || /^(Accepted|Unlocked|Scheduled)$/.test(c.status)
    return (
      <Badge tone={ok ? 'positive' : 'warning'}>{c.status ?? t('evDevices.commands.state.answered')}</Badge>
    )
  }
  const tone = c.state === 'pending' ? 'info' : 'error'
  return (
    <Badge tone={tone}>
      {t(`evDevices.commands.state.${c.state}`)}
      {c.status ? ` · ${c.status}` : ''}
    </Badge>
  )
}

/**
 * What operators tell a charger (issue 14): remote start and stop, reset, unlock, availability, trigger a message,
 * get and change its configuration. The charger's answer shows when it comes, or why none came; the last commands
 * are listed below with who sent them. On the EV device page and the EVSE page.
 */
export function OcppCommandsCard({
  uid,
  connectors,
  sessions,
  onSent,
}: {
  /** The charger's uid. */
  uid: string
  connectors: CommandConnector[]
  sessions: { uid: string; label: string }[]
  /** Refreshes what a command may have changed (the page's charger, EVSE). */
  onSent?: () => unknown
}) {
  const { t } = useTranslation()
  const policy = usePolicies(POLICIES)
  const allowed = policy(EDIT_CHARGERS) === 'allowed'
  const send = useSendOcppCommand(uid, onSent)
  const history = useOcppCommands(uid)
  const [draft, setDraft] = useState<Draft>({
    command: 'TriggerMessage',
    connector: String(connectors[0]?.number ?? 1),
    idTag: '',
    sessionUid: sessions[0]?.uid ?? '',
    resetType: 'Soft',
    availability: 'Operative',
    message: 'StatusNotification',
    keys: '',
    key: '',
    value: '',
  })
  const [last, setLast] = useState<{ command?: OcppCommand; error?: string } | null>(null)
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    setLast(null)
    send.mutate(commandBody(draft), {
      onSuccess: (command) => setLast({ command }),
      onError: (err) => setLast({ error: serverMessage(err) }),
    })
  }
  const connectorSelect = (withWhole: 'charger' | 'any' | null) => (
    <SelectField
      label={t('evDevices.commands.connector')}
      value={draft.connector}
      onChange={(e) => set({ connector: e.target.value })}
      disabled={!allowed}
    >
      {withWhole && (
        <option value="0">
          {withWhole === 'charger'
            ? t('evDevices.commands.wholeCharger')
            : t('evDevices.commands.anyConnector')}
        </option>
      )}
      {connectors.map((c) => (
        <option key={c.number} value={String(c.number)}>
          {c.number} · {c.label}
        </option>
      ))}
    </SelectField>
  )
  const fields = () => {
    switch (draft.command) {
      case 'RemoteStart':
        return (
          <>
            {connectorSelect(null)}
            <TextField
              label={t('evDevices.commands.idTag')}
              value={draft.idTag}
              maxLength={20}
              onChange={(e) => set({ idTag: e.target.value })}
              disabled={!allowed}
              hint={t('evDevices.commands.idTagHint')}
            />
          </>
        )
      case 'RemoteStop':
        return (
          <SelectField
            label={t('evDevices.commands.session')}
            value={draft.sessionUid}
            onChange={(e) => set({ sessionUid: e.target.value })}
            disabled={!allowed || sessions.length === 0}
            hint={sessions.length === 0 ? t('evDevices.commands.noSession') : undefined}
          >
            {sessions.map((s) => (
              <option key={s.uid} value={s.uid}>
                {s.label}
              </option>
            ))}
          </SelectField>
        )
      case 'Reset':
        return (
          <SelectField
            label={t('evDevices.commands.resetType')}
            value={draft.resetType}
            onChange={(e) => set({ resetType: e.target.value as Draft['resetType'] })}
            disabled={!allowed}
          >
            <option value="Soft">{t('evDevices.commands.soft')}</option>
            <option value="Hard">{t('evDevices.commands.hard')}</option>
          </SelectField>
        )
      case 'UnlockConnector':
        return connectorSelect(null)
      case 'ChangeAvailability':
        return (
          <>
            {connectorSelect('charger')}
            <SelectField
              label={t('evDevices.commands.availability')}
              value={draft.availability}
              onChange={(e) => set({ availability: e.target.value as Draft['availability'] })}
              disabled={!allowed}
            >
              <option value="Operative">{t('evDevices.commands.operative')}</option>
              <option value="Inoperative">{t('evDevices.commands.inoperative')}</option>
            </SelectField>
          </>
        )
      case 'TriggerMessage':
        return (
          <>
            <SelectField
              label={t('evDevices.commands.message')}
              value={draft.message}
              onChange={(e) => set({ message: e.target.value as Draft['message'] })}
              disabled={!allowed}
            >
              {OCPP_TRIGGERABLE_MESSAGES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </SelectField>
            {connectorSelect('any')}
          </>
        )
      case 'GetConfiguration':
        return (
          <TextField
            label={t('evDevices.commands.keys')}
            value={draft.keys}
            onChange={(e) => set({ keys: e.target.value })}
            disabled={!allowed}
            hint={t('evDevices.commands.keysHint')}
          />
        )
      case 'ChangeConfiguration':
        return (
          <>
            <TextField
              label={t('evDevices.commands.key')}
              value={draft.key}
              onChange={(e) => set({ key: e.target.value })}
              disabled={!allowed}
              hint={t('evDevices.commands.keyHint')}
            />
            <TextField
              label={t('evDevices.commands.value')}
              value={draft.value}
              onChange={(e) => set({ value: e.target.value })}
              disabled={!allowed}
            />
          </>
        )
    }
  }

  const commands = history.data ?? []
  return (
    <DetailCard title={t('evDevices.commands.title')} padded={false}>
      <form onSubmit={submit} className="flex flex-col gap-3 p-4" aria-label={t('evDevices.commands.title')}>
        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label={t('evDevices.commands.command')}
            value={draft.command}
            onChange={(e) => {
              set({ command: e.target.value as OcppCommandName })
              setLast(null)
            }}
            disabled={!allowed}
          >
            {OCPP_COMMANDS.map((c) => (
              <option key={c} value={c}>
                {t(`evDevices.commands.name.${c}`)}
              </option>
            ))}
          </SelectField>
          {fields()}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            size="sm"
            loading={send.isPending}
            disabled={!allowed}
            tooltip={allowed ? undefined : t('evDevices.commands.noPermission')}
          >
            {t('evDevices.commands.send')}
          </Button>
          {send.isPending && (
            <span className="text-sm text-slate-600" role="status">
              {t('evDevices.commands.waiting')}
            </span>
          )}
          {last?.command && (
            <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm" role="status">
              <span className="text-slate-600">{t('evDevices.commands.answer')}</span>
              <Outcome c={last.command} />
              {last.command.answer && (
                <code className="max-w-full truncate rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                  {last.command.answer}
                </code>
              )}
            </span>
          )}
          {last?.error && (
            <span className="text-sm font-medium text-rose-700" role="alert">
              {last.error}
            </span>
          )}
        </div>
      </form>
      <div
        className="overflow-x-auto border-t border-slate-200"
        tabIndex={0}
        role="group"
        aria-label={t('evDevices.commands.history')}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t('evDevices.commands.history')}</caption>
          <thead className="bg-slate-50">
            <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {t('evDevices.commands.time')}
              </th>
              <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {t('evDevices.commands.command')}
              </th>
              <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {t('evDevices.commands.by')}
              </th>
              <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {t('evDevices.commands.result')}
              </th>
              <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {t('evDevices.commands.answer')}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.isError ? (
              <tr>
                <td colSpan={5} className="px-3 py-4 text-sm text-rose-700">
                  {serverMessage(history.error)}
                </td>
              </tr>
            ) : history.isPending ? (
              <tr>
                <td colSpan={5} className="px-3 py-4 text-sm text-slate-500">
                  {t('evDevices.commands.loading')}
                </td>
              </tr>
            ) : commands.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-4 text-sm text-slate-500">
                  {t('evDevices.commands.empty')}
                </td>
              </tr>
            ) : (
              commands.map((c) => (
                <tr key={c.id} className="border-b border-slate-100 last:border-b-0">
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {formatDateTime(c.requested_at)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {t(`evDevices.commands.name.${c.command}`)}
                    <span className="ml-1.5 font-mono text-xs text-slate-500">{c.action}</span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{c.requested_by || DASH}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Outcome c={c} />
                  </td>
                  <td className="max-w-md px-3 py-2">
                    <code className="block truncate font-mono text-xs text-slate-600" title={c.answer ?? ''}>
                      {c.answer ?? DASH}
                    </code>
                    {c.session_uid && (
                      <Link
                        to={sessionHref(c.session_uid)}
                        className="text-xs font-medium text-brand-700 hover:underline"
                      >
                        {t('evDevices.commands.openSession')}
                      </Link>
                    )}
                    {c.report && (
                      <details className="text-xs">
                        <summary className="cursor-pointer font-medium text-brand-700">
                          {t('evDevices.commands.report', { count: c.report.length })}
                        </summary>
                        <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 font-mono whitespace-pre-wrap text-slate-700">
                          {c.report.join('\n')}
                        </pre>
                      </details>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </DetailCard>
  )
}
