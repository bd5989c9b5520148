import type { DeviceCommandCode } from '@portal/contract'
import { deviceCommandCodes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { useSendCommand } from './api/dashboard-devices'
import { serverMessage } from '@/lib/server-messages'

/**
 * "Send command": pick a command, then confirm it in a dialog that names the command and the device, since a
 * reboot or a firmware update takes the machine's screen away from customers.
 */
export function SendCommand({ deviceId, deviceCode }: { deviceId: number; deviceCode: string }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const selectId = useId()
  const [command, setCommand] = useState<DeviceCommandCode | ''>('')
  const [confirming, setConfirming] = useState(false)
  const send = useSendCommand(deviceId)
  const label = (code: string) =>
    t(`devices.command.${code}`, { defaultValue: labelOf(deviceCommandCodes, code) })

  const confirm = async () => {
    if (command === '') return
    try {
      await send.mutateAsync(command)
      addToast({
        variant: 'success',
        title: t('devices.commandSent'),
        message: t('devices.commandSentMessage', { command: label(command), device: deviceCode }),
        timeout: 5000,
      })
      setConfirming(false)
      setCommand('')
    } catch (error) {
      addToast({
        variant: 'error',
        title: t('devices.commandFailed'),
        message: serverMessage(error),
        timeout: 5000,
      })
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        {t('devices.commandToSend')}
      </label>
      <select
        id={selectId}
        className="h-8 rounded-md border border-slate-300 bg-white px-2.5 pr-7 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        value={command}
        onChange={(e) => setCommand(e.target.value as DeviceCommandCode | '')}
      >
        <option value="">{t('devices.chooseCommand')}</option>
        {deviceCommandCodes.entries.map((e) => (
          <option key={e.value} value={e.value}>
            {label(e.value)}
          </option>
        ))}
      </select>
      <Button size="sm" variant="primary" disabled={command === ''} onClick={() => setConfirming(true)}>
        {t('devices.sendCommand')}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('devices.confirmTitle')}
        size="md"
        closeOnOutsideClick={!send.isPending}
        footer={
          <>
            <Button variant="classic" onClick={() => setConfirming(false)} disabled={send.isPending}>
              {t('devices.cancel')}
            </Button>
            <Button variant="primary" onClick={() => void confirm()} loading={send.isPending}>
              {t('devices.confirmSend')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {t('devices.confirmMessage', { command: command === '' ? '' : label(command), device: deviceCode })}
        </p>
      </Modal>
    </div>
  )
}
