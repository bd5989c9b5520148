import type {
  CreateMachineCommandRequest,
  MachineCommand,
  MachineCommandStatus,
  MachineDetail,
  PolicyRef,
} from '@portal/contract'
import {
  deviceCommandCodes,
  formatDateTime,
  formatMoney,
  machineCommandCodes,
  machineCommandStatuses,
  minorUnitsFromText,
  minorUnitsToText,
} from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { FormError, SelectField } from '@/components/form-kit/fields'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { labelOf } from '@/lib/labels'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import { useMachineCommands, useSendMachineCommand } from './api/machine-commands'
import { MachinePanel } from './machine-panel'

/** Sending a command needs edit on machines (the server checks the same). */
const EDIT_MACHINES: PolicyRef = { app_code: 'iot', resource_code: 'machines/*', action_code: 'edit' }
const POLICIES = [EDIT_MACHINES] as const

/** What the machine page may send; a device's command goes from the device's page. */
type Sendable = CreateMachineCommandRequest['command']
const SENDABLE: readonly Sendable[] = [
  'reboot',
  'sync_config',
  'set_price',
  'disable_slot',
  'enable_slot',
  'test_dispense',
  'set_service_mode',
]
const NEEDS_SLOT = new Set<Sendable>(['set_price', 'disable_slot', 'enable_slot', 'test_dispense'])

const STATUS_TONE: Record<MachineCommandStatus, BadgeTone> = {
  queued: 'neutral',
  delivered: 'info',
  succeeded: 'positive',
  failed: 'error',
  expired: 'warning',
}

interface Draft {
  command: Sendable | ''
  slot: string
  price: string
  on: 'on' | 'off'
}

/** The draft as the request, or the message of each field that is not right. */
function requestOf(
  draft: Draft,
  m: MachineDetail,
  messages: { command: string; slot: string; price: string },
):
  | { ok: true; body: CreateMachineCommandRequest }
  | { ok: false; errors: Partial<Record<keyof Draft, string>> } {
  const errors: Partial<Record<keyof Draft, string>> = {}
  if (draft.command === '') return { ok: false, errors: { command: messages.command } }
  const slotNo = Number(draft.slot)
  if (NEEDS_SLOT.has(draft.command) && draft.slot === '') errors.slot = messages.slot
  const price = minorUnitsFromText(draft.price, m.currency_code)
  if (draft.command === 'set_price' && (price === null || price < 0)) errors.price = messages.price
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  switch (draft.command) {
    case 'set_price':
      return { ok: true, body: { command: 'set_price', params: { slot_no: slotNo, price: price ?? 0 } } }
    case 'disable_slot':
    case 'enable_slot':
    case 'test_dispense':
      return { ok: true, body: { command: draft.command, params: { slot_no: slotNo } } }
    case 'set_service_mode':
      return { ok: true, body: { command: 'set_service_mode', params: { on: draft.on === 'on' } } }
    case 'reboot':
    case 'sync_config':
      return { ok: true, body: { command: draft.command, params: {} } }
  }
}

const EMPTY: Draft = { command: '', slot: '', price: '', on: 'on' }

function SendCommandModal({ m, onClose }: { m: MachineDetail; onClose: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const send = useSendMachineCommand(m.machine_id)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setErrors({})
  }
  const pickSlot = (slot: string) => {
    const item = m.items.find((i) => String(i.slot_no) === slot)
    set({ slot, price: item ? minorUnitsToText(item.price, m.currency_code) : draft.price })
  }
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const checked = requestOf(draft, m, {
      command: t('machine.commands.chooseCommandError'),
      slot: t('machine.commands.chooseSlotError'),
      price: t('machine.commands.priceError', { currency: m.currency_code }),
    })
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    send.mutate(checked.body, {
      onSuccess: () => {
        addToast({
          variant: 'success',
          title: t('machine.commands.queuedTitle'),
          message: t('machine.commands.queuedMessage', {
            command: labelOf(machineCommandCodes, checked.body.command),
            machine: m.alias,
          }),
          timeout: 5000,
        })
        onClose()
      },
    })
  }
  const command = draft.command
  return (
    <Modal
      open
      onClose={onClose}
      title={t('machine.commands.send')}
      size="md"
      closeOnOutsideClick={!send.isPending}
      footer={
        <>
          <Button variant="secondaryBasic" onClick={onClose} disabled={send.isPending}>
            {t('machine.commands.cancel')}
          </Button>
          <Button type="submit" form="machine-command-form" variant="primary" loading={send.isPending}>
            {t('machine.commands.queue')}
          </Button>
        </>
      }
    >
      <form id="machine-command-form" noValidate onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">{t('machine.commands.intro', { machine: m.alias })}</p>
        <FormError message={send.isError ? serverMessage(send.error) : null} />
        <SelectField
          label={t('machine.commands.command')}
          name="command"
          value={command}
          error={errors.command}
          onChange={(e) => set({ command: e.target.value as Sendable | '' })}
        >
          <option value="">{t('machine.commands.chooseCommand')}</option>
          {SENDABLE.map((c) => (
            <option key={c} value={c}>
              {labelOf(machineCommandCodes, c)}
            </option>
          ))}
        </SelectField>
        {command !== '' && NEEDS_SLOT.has(command) && (
          <SelectField
            label={t('machine.commands.slot')}
            name="slot"
            value={draft.slot}
            error={errors.slot}
            onChange={(e) => pickSlot(e.target.value)}
          >
            <option value="">{t('machine.commands.chooseSlot')}</option>
            {m.items.map((i) => (
              <option key={i.slot_no} value={String(i.slot_no)}>
                {t('machine.commands.slotOption', { slot: i.slot_no, name: i.name })}
              </option>
            ))}
          </SelectField>
        )}
        {command === 'set_price' && (
          <TextField
            label={t('machine.commands.price', { currency: m.currency_code })}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            value={draft.price}
            error={errors.price}
            onChange={(e) => set({ price: e.target.value })}
          />
        )}
        {command === 'set_service_mode' && (
          <SelectField
            label={t('machine.commands.serviceMode')}
            name="on"
            value={draft.on}
            onChange={(e) => set({ on: e.target.value === 'off' ? 'off' : 'on' })}
          >
            <option value="on">{t('machine.commands.serviceOn')}</option>
            <option value="off">{t('machine.commands.serviceOff')}</option>
          </SelectField>
        )}
        {(command === 'reboot' || command === 'set_service_mode') && (
          <p className="text-sm text-amber-800">{t('machine.commands.outOfService')}</p>
        )}
      </form>
    </Modal>
  )
}

/** The parameters of a command in words: "Slot 3 · SGD 2.50", "On", "DEV-0001 · Refresh screen". */
function paramsText(c: MachineCommand, currency: string, t: TFunction): string {
  const p = c.params
  const parts: string[] = []
  if (typeof p.device_code === 'string') parts.push(p.device_code)
  if (typeof p.command_code === 'string') parts.push(labelOf(deviceCommandCodes, p.command_code))
  if (typeof p.slot_no === 'number') parts.push(t('machine.commands.slotNo', { slot: p.slot_no }))
  if (typeof p.price === 'number') parts.push(formatMoney(p.price, currency))
  if (typeof p.on === 'boolean')
    parts.push(p.on ? t('machine.commands.serviceOn') : t('machine.commands.serviceOff'))
  return parts.join(' · ')
}

const th = 'px-3 py-2'
const td = 'px-3 py-2 align-top'

/**
 * Commands on the machine page (issue 15, decision 0109): "Send command", and the latest commands with their life
 * (queued, delivered, succeeded, failed, expired), who sent each and what the machine answered. The list is watched
 * closely while a command is on its way, so a result shows without a reload.
 */
export function MachineCommandsCard({ m }: { m: MachineDetail }) {
  const { t } = useTranslation()
  const query = useMachineCommands(m.machine_id)
  const allowed = usePolicies(POLICIES)(EDIT_MACHINES)
  const [sending, setSending] = useState(false)
  const title = t('machine.commands.title')
  const commands = query.data?.commands ?? []
  return (
    <>
      <MachinePanel
        title={title}
        note={
          query.data && query.data.count > commands.length ? (
            <span className="ml-2 font-normal text-slate-500">
              {t('machine.commands.latest', { shown: commands.length, count: query.data.count })}
            </span>
          ) : undefined
        }
        action={
          allowed === 'allowed' ? (
            <Button variant="secondary" size="sm" onClick={() => setSending(true)}>
              {t('machine.commands.send')}
            </Button>
          ) : undefined
        }
        query={query}
        empty={commands.length === 0}
        emptyText={t('machine.commands.none')}
        head={
          <tr>
            <th scope="col" className={th}>
              {t('machine.commands.command')}
            </th>
            <th scope="col" className={th}>
              {t('machine.commands.status')}
            </th>
            <th scope="col" className={th}>
              {t('machine.commands.sent')}
            </th>
            <th scope="col" className={th}>
              {t('machine.commands.result')}
            </th>
          </tr>
        }
      >
        {commands.map((c) => (
          <tr key={c.id} className="border-t border-slate-100">
            <td className={td}>
              <div className="font-medium text-slate-900">{labelOf(machineCommandCodes, c.command)}</div>
              <div className="text-xs text-slate-500">{paramsText(c, m.currency_code, t)}</div>
            </td>
            <td className={td}>
              <Badge tone={STATUS_TONE[c.status]} dot>
                {labelOf(machineCommandStatuses, c.status)}
              </Badge>
            </td>
            <td className={`${td} whitespace-nowrap`}>
              <div className="tabular-nums">{formatDateTime(c.issued_at)}</div>
              <div className="text-xs text-slate-500">
                {c.issued_by?.name ?? t('machine.commands.unknownUser')}
              </div>
            </td>
            <td className={td}>
              {c.finished_at !== null && (
                <div className="whitespace-nowrap tabular-nums">{formatDateTime(c.finished_at)}</div>
              )}
              <div className="text-xs text-slate-500">
                {c.message ??
                  (c.status === 'expired'
                    ? t('machine.commands.expiredNote')
                    : c.delivered_at !== null && c.finished_at === null
                      ? t('machine.commands.deliveredAt', { time: formatDateTime(c.delivered_at) })
                      : '')}
              </div>
            </td>
          </tr>
        ))}
      </MachinePanel>
      {sending && <SendCommandModal m={m} onClose={() => setSending(false)} />}
    </>
  )
}
