import type { OcpiCommandView, OcpiPartner } from '@portal/contract'
import { formatDateTime, OCPI_COMMAND_LIST_SIZE, OCPI_SENT_COMMANDS } from '@portal/contract'
import { useId, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { dash } from '@/components/form-kit/detail-state'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { Loader } from '@/components/ui/loader/loader'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { isForbidden } from '@/lib/http'
import { serverMessage } from '@/lib/server-messages'
import { awaitsResult, usePartnerCommands, useSendPartnerCommand } from './api/roaming-commands'
import { commandForm, commandTarget, EMPTY_COMMAND, RESULT_TONES } from './roaming-command-draft'
import { fieldMessage } from './roaming-parts'

/*
 * The Commands card of a partner's details (issue 17): the latest commands both ways, sent by our eMSP to the
 * partner CPO or received by our CPO from the partner eMSP, with the CPO's answer at once and the charger's result
 * later; and, for an editor, "Send a command" to a partner that takes commands.
 */

const head =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
const cell = 'px-3 py-2 align-top whitespace-nowrap'
const wrap = 'min-w-20 px-3 py-2 align-top'

/** A connected partner listing a Commands receiver: the only kind the server sends commands to (409 otherwise). */
export const takesCommands = (partner: Pick<OcpiPartner, 'status' | 'endpoints'>) =>
  partner.status === 'connected' &&
  partner.endpoints.some((e) => e.identifier === 'commands' && e.role === 'RECEIVER')

function Target({ c }: { c: OcpiCommandView }) {
  const { t } = useTranslation()
  const target = commandTarget(c.request)
  // The session a START_SESSION opened on our charger (a command received): its uid as the session lists show it.
  const started =
    c.command === 'START_SESSION' && c.session_uid !== null ? (
      <span className="text-slate-500">{t('roaming.commands.startedSession', { uid: c.session_uid })}</span>
    ) : null
  let lines
  if (target === null) lines = started ?? dash
  else if (target.kind === 'session') lines = t('roaming.commands.session', { id: target.session_id })
  else if (target.kind === 'reservation')
    lines = t('roaming.commands.reservation', { id: target.reservation_id })
  else
    lines = (
      <>
        <span>{t('roaming.commands.location', { id: target.location_id })}</span>
        {target.evse_uid !== null && (
          <span className="text-slate-500">{t('roaming.commands.evse', { id: target.evse_uid })}</span>
        )}
        {target.connector_id !== null && (
          <span className="text-slate-500">
            {t('roaming.commands.connector', { id: target.connector_id })}
          </span>
        )}
        {started}
      </>
    )
  // One id a line, never broken inside: ids are read and copied whole.
  return <span className="flex flex-col font-mono text-xs whitespace-nowrap">{lines}</span>
}

function CommandRow({ c, now }: { c: OcpiCommandView; now: number }) {
  const { t } = useTranslation()
  const waiting = awaitsResult(c, now)
  return (
    <tr className="border-b border-slate-100 last:border-b-0">
      <td className={`${cell} text-slate-700 tabular-nums`}>{formatDateTime(c.created_at)}</td>
      <td className={cell}>
        <span className={c.direction === 'in' ? 'text-emerald-700' : 'text-sky-700'}>
          <span aria-hidden="true">{c.direction === 'in' ? '←' : '→'}</span>{' '}
          {t(`roaming.commands.directions.${c.direction}`)}
        </span>
      </td>
      {/* The words wrap (the ids beside them do not), so the table fits a laptop's width. */}
      <td className={`${wrap} font-medium`}>{t(`roaming.commands.types.${c.command}`)}</td>
      <td className="px-3 py-2 align-top">
        <Target c={c} />
      </td>
      <td className={wrap}>
        {c.response === null ? (
          dash
        ) : (
          <span className={c.response === 'ACCEPTED' ? 'text-slate-700' : 'font-medium text-rose-700'}>
            {t(`roaming.commands.responses.${c.response}`)}
          </span>
        )}
      </td>
      <td className={cell}>
        {c.result !== null ? (
          <Badge tone={RESULT_TONES[c.result]} dot>
            {t(`roaming.commands.results.${c.result}`)}
          </Badge>
        ) : waiting ? (
          <Badge tone="info" dot>
            {t('roaming.commands.waiting')}
          </Badge>
        ) : (
          dash
        )}
      </td>
      <td className={`${wrap} max-w-40 break-words`}>{c.requested_by}</td>
      <td className="max-w-80 min-w-40 px-3 py-2 align-top break-words text-slate-600">
        {c.message ?? dash}
      </td>
    </tr>
  )
}

/**
 * Sends the partner a command (POST /ocpi/partners/{id}/commands) and says what it answered: the CPO accepts at once
 * or refuses; the result of an accepted one shows in the card when the partner posts it.
 */
export function SendCommandDialog({ partner, onClose }: { partner: OcpiPartner; onClose: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const formId = useId()
  const send = useSendPartnerCommand(partner.id)
  const form = useZodForm(commandForm, { defaultValues: EMPTY_COMMAND })
  const command = useWatch({ control: form.control, name: 'command' })
  const errors = form.formState.errors
  const [formError, setFormError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      const sent = await send.mutateAsync(body)
      const response = sent.response === null ? dash : t(`roaming.commands.responses.${sent.response}`)
      onClose()
      // A CPO may refuse at once (REJECTED, UNKNOWN_SESSION…): said as a warning, not as a success.
      addToast(
        sent.response === 'ACCEPTED'
          ? {
              variant: 'success',
              title: t('roaming.commands.acceptedToast', { name: partner.name }),
              message: sent.message ?? t('roaming.commands.resultLater'),
              timeout: 6000,
            }
          : {
              variant: 'warning',
              title: t('roaming.commands.answeredToast', { name: partner.name, response }),
              message: sent.message ?? undefined,
              timeout: 8000,
            },
      )
    } catch (error) {
      // A field the partner's copy lacks (400) goes beside it; 409 and 502 are the form's own message.
      setFormError(applyServerErrors(form, error))
    }
  })

  const reset = () => {
    form.clearErrors()
    setFormError(null)
  }
  const id = (name: 'location_id' | 'evse_uid' | 'connector_id' | 'token_uid' | 'session_id') => ({
    autoComplete: 'off',
    spellCheck: false,
    maxLength: 36,
    className: '[&_input]:font-mono',
    ...form.register(name),
    error: fieldMessage(errors[name]?.message),
  })
  const start = command === 'START_SESSION'
  const unlock = command === 'UNLOCK_CONNECTOR'

  return (
    <Modal
      open
      onClose={onClose}
      title={t('roaming.commands.send')}
      size="lg"
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={send.isPending}>
            {t('entitySettings.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={send.isPending}>
            {t('roaming.commands.sendButton')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={t('roaming.commands.send')}
        onSubmit={(e) => void submit(e)}
        className="space-y-4"
      >
        <SelectField
          label={t('roaming.commands.command')}
          {...form.register('command', { onChange: reset })}
          error={fieldMessage(errors.command?.message)}
        >
          {OCPI_SENT_COMMANDS.map((c) => (
            <option key={c} value={c}>
              {t(`roaming.commands.types.${c}`)}
            </option>
          ))}
        </SelectField>
        <p className="text-sm text-slate-600">
          {t(`roaming.commands.intro.${command}`, { name: partner.name })}
        </p>
        {(start || unlock) && (
          <>
            <TextField
              label={t('roaming.commands.locationId')}
              hint={t('roaming.commands.locationIdHint')}
              {...id('location_id')}
            />
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField
                label={start ? t('roaming.commands.evseUidOptional') : t('roaming.commands.evseUid')}
                {...id('evse_uid')}
              />
              <TextField
                label={start ? t('roaming.commands.connectorIdOptional') : t('roaming.commands.connectorId')}
                hint={start ? t('roaming.commands.connectorIdHint') : undefined}
                {...id('connector_id')}
              />
            </div>
          </>
        )}
        {start && (
          <TextField
            label={t('roaming.commands.tokenUid')}
            hint={t('roaming.commands.tokenUidHint')}
            {...id('token_uid')}
          />
        )}
        {command === 'STOP_SESSION' && (
          <TextField
            label={t('roaming.commands.sessionId')}
            hint={t('roaming.commands.sessionIdHint')}
            {...id('session_id')}
          />
        )}
        <FormError message={formError} />
      </form>
    </Modal>
  )
}

/**
 * The latest commands with the partner (GET /ocpi/partners/{id}/commands), both ways, newest first. While a result
 * may still come the list is read every few seconds, so it shows without a reload.
 */
export function CommandsCard({ partner, editable }: { partner: OcpiPartner; editable: boolean }) {
  const { t } = useTranslation()
  const commands = usePartnerCommands(partner.id)
  const [sending, setSending] = useState(false)
  const title = t('roaming.commands.title')
  const data = commands.data

  let body
  if (commands.isError) {
    body = isForbidden(commands.error) ? (
      <EmptyState title={t('table.noAccessTitle')} description={t('table.noAccessDescription')} />
    ) : (
      <EmptyState
        icon={<ErrorIcon />}
        title={t('roaming.commands.failed')}
        description={serverMessage(commands.error) || t('table.errorDescription')}
        action={
          <Button variant="classic" size="sm" onClick={() => void commands.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    )
  } else if (!data) {
    body = <Loader busy message={t('ui.loading')} className="py-10" />
  } else if (data.commands.length === 0) {
    body = <EmptyState title={t('roaming.commands.empty')} description={t('roaming.commands.emptyHint')} />
  } else {
    body = (
      <>
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-label={t('table.rowsOf', { caption: title })}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {t('roaming.commands.when')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.log.direction')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.commands.command')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.commands.target')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.commands.response')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.commands.result')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.commands.requestedBy')}
                </th>
                <th scope="col" className={head}>
                  {t('roaming.commands.message')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.commands.map((c) => (
                // The time the list was read, not the clock: a row reads the same until the next read.
                <CommandRow key={c.id} c={c} now={commands.dataUpdatedAt} />
              ))}
            </tbody>
          </table>
        </div>
        {data.commands.length >= OCPI_COMMAND_LIST_SIZE && (
          <p className="border-t border-slate-200 px-4 py-2 text-sm text-slate-600">
            {t('roaming.commands.latest', { count: OCPI_COMMAND_LIST_SIZE })}
          </p>
        )}
      </>
    )
  }

  return (
    <section aria-label={title} className="mb-4 rounded-lg border border-slate-200 bg-white shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="classic"
            size="sm"
            loading={commands.isFetching && data !== undefined}
            onClick={() => void commands.refetch()}
          >
            {t('roaming.log.refresh')}
          </Button>
          {editable && takesCommands(partner) && (
            <Button size="sm" onClick={() => setSending(true)}>
              {t('roaming.commands.send')}
            </Button>
          )}
        </div>
      </div>
      {body}
      {sending && <SendCommandDialog partner={partner} onClose={() => setSending(false)} />}
    </section>
  )
}
