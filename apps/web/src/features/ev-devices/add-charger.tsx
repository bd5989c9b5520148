import type { EvDeviceCreateBody, EvDeviceCreateData, OcppProtocol } from '@portal/contract'
import {
  ConnectorStandard,
  connectorFormats,
  connectorStandards,
  OCPP_PROTOCOLS,
  ocppProtocolLabel,
  powerTypes,
} from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { TextField } from '@/components/ui/text-field/text-field'
import { labelOf } from '@/lib/labels'
import { EDIT_CHARGERS } from '@/components/ocpp-commands/ocpp-commands-card'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import { useAddCharger, useChargerFormOptions } from './api/ev-devices-api'
import { NewPasswordModal } from './ocpp-card'

const POLICIES = [EDIT_CHARGERS] as const

interface ConnectorDraft {
  standard: string
  format: string
  power_type: string
  kw: string
  voltage: string
  amperage: string
  tariff: string
}
interface EvseDraft {
  ref: string
  connectors: ConnectorDraft[]
}

/** A Type 2 socket, AC three-phase, 22 kW: what most new AC chargers are. */
const newConnector = (): ConnectorDraft => ({
  standard: ConnectorStandard.IEC_62196_T2,
  format: 'SOCKET',
  power_type: 'AC_3_PHASE',
  kw: '22',
  voltage: '400',
  amperage: '32',
  tariff: '',
})

/** The request body of the form: numbers as numbers, kW as W, empty optional fields left out. */
export function chargerBody(d: {
  identity: string
  location: string
  version: OcppProtocol
  vendor: string
  model: string
  serial?: string | undefined
  /** Whether its boots are Accepted from the start; false: Pending until commissioned on its page. */
  commissioned?: boolean
  evses: EvseDraft[]
}): EvDeviceCreateBody {
  const serial = d.serial?.trim() ?? ''
  return {
    ocpp_identity: d.identity.trim(),
    location_uid: d.location,
    ocpp_version: d.version,
    ...(serial !== '' ? { serial_number: serial } : {}),
    vendor: d.vendor.trim(),
    model: d.model.trim(),
    ...(d.commissioned === false ? { commissioned: false } : {}),
    evses: d.evses.map((e) => ({
      physical_reference: e.ref.trim(),
      connectors: e.connectors.map((c) => ({
        standard: c.standard,
        format: c.format,
        power_type: c.power_type,
        max_electric_power: Math.round(Number(c.kw) * 1000),
        max_voltage: Math.round(Number(c.voltage)),
        max_amperage: Math.round(Number(c.amperage)),
        ...(c.tariff ? { tariff_uid: c.tariff } : {}),
      })),
    })),
  }
}

/** A charger waiting to be commissioned: what it said of itself when it booted (docs/decisions/0107). */
export interface WaitingCharger {
  identity: string
  version: OcppProtocol
  vendor: string
  model: string
  serial: string
}

function AddChargerForm({
  onClose,
  onAdded,
  waiting,
}: {
  onClose: () => void
  onAdded: (r: EvDeviceCreateData) => void
  waiting?: WaitingCharger | undefined
}) {
  const { t } = useTranslation()
  const options = useChargerFormOptions(true)
  const add = useAddCharger()
  const [identity, setIdentity] = useState(waiting?.identity ?? '')
  const [location, setLocation] = useState('')
  const [version, setVersion] = useState<OcppProtocol>(waiting?.version ?? 'ocpp1.6')
  const [vendor, setVendor] = useState(waiting?.vendor ?? '')
  const [model, setModel] = useState(waiting?.model ?? '')
  const [commissioned, setCommissioned] = useState(true)
  const [evses, setEvses] = useState<EvseDraft[]>([{ ref: '', connectors: [newConnector()] }])
  const [error, setError] = useState<string | null>(null)
  const patchConnector = (i: number, k: number, patch: Partial<ConnectorDraft>) =>
    setEvses((all) =>
      all.map((e, ei) =>
        ei !== i ? e : { ...e, connectors: e.connectors.map((c, ci) => (ci === k ? { ...c, ...patch } : c)) },
      ),
    )
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    setError(null)
    const serial = waiting?.serial
    add.mutate(chargerBody({ identity, location, version, vendor, model, serial, commissioned, evses }), {
      onSuccess: onAdded,
      onError: (err) => setError(serverMessage(err)),
    })
  }
  const small = 'text-sm font-medium text-brand-700 hover:underline disabled:text-slate-400'
  return (
    <form id="add-charger" onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormError message={error} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label={t('evDevices.add.identity')}
          value={identity}
          onChange={(e) => setIdentity(e.target.value)}
          hint={waiting ? t('evDevices.enrol.identityFixed') : t('evDevices.add.identityHint')}
          maxLength={48}
          readOnly={waiting !== undefined}
          required
        />
        <SelectField
          label={t('evDevices.add.location')}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          required
          hint={options.isError ? serverMessage(options.error) : undefined}
        >
          <option value="">
            {options.isPending ? t('evDevices.add.loading') : t('evDevices.add.chooseLocation')}
          </option>
          {options.data?.locations.map((l) => (
            <option key={l.uid} value={l.uid}>
              {l.name}
              {l.city ? ` · ${l.city}` : ''}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('evDevices.ocpp.version')}
          value={version}
          onChange={(e) => setVersion(e.target.value as OcppProtocol)}
        >
          {[...OCPP_PROTOCOLS].reverse().map((p) => (
            <option key={p} value={p}>
              {ocppProtocolLabel(p)}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('evDevices.detail.vendor')}
            value={vendor}
            onChange={(e) => setVendor(e.target.value)}
          />
          <TextField
            label={t('evDevices.detail.modelName')}
            value={model}
            onChange={(e) => setModel(e.target.value)}
          />
        </div>
      </div>
      {evses.map((e, i) => (
        <fieldset key={i} className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {t('evDevices.add.evse', { n: i + 1 })}
          </legend>
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              className="w-40"
              label={t('evDevices.add.reference')}
              value={e.ref}
              maxLength={30}
              onChange={(ev) =>
                setEvses((all) => all.map((x, xi) => (xi === i ? { ...x, ref: ev.target.value } : x)))
              }
            />
            {evses.length > 1 && (
              <button
                type="button"
                className={`${small} mb-2.5`}
                onClick={() => setEvses((all) => all.filter((_, xi) => xi !== i))}
              >
                {t('evDevices.add.removeEvse')}
              </button>
            )}
          </div>
          {e.connectors.map((c, k) => (
            <div
              key={k}
              className="mt-3 grid grid-cols-2 items-start gap-x-3 gap-y-2 border-t border-slate-100 pt-3 sm:grid-cols-4"
              role="group"
              aria-label={t('evDevices.add.connector', { evse: i + 1, n: k + 1 })}
            >
              <SelectField
                className="col-span-2"
                label={t('evDevices.detail.standard')}
                value={c.standard}
                onChange={(ev) => patchConnector(i, k, { standard: ev.target.value })}
              >
                {connectorStandards.values.map((v) => (
                  <option key={v} value={v}>
                    {labelOf(connectorStandards, v)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('evDevices.add.format')}
                value={c.format}
                onChange={(ev) => patchConnector(i, k, { format: ev.target.value })}
              >
                {connectorFormats.values.map((v) => (
                  <option key={v} value={v}>
                    {labelOf(connectorFormats, v)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('evDevices.detail.powerType')}
                value={c.power_type}
                onChange={(ev) => patchConnector(i, k, { power_type: ev.target.value })}
              >
                {powerTypes.values.map((v) => (
                  <option key={v} value={v}>
                    {labelOf(powerTypes, v)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('evDevices.add.maxPower')}
                inputMode="decimal"
                value={c.kw}
                onChange={(ev) => patchConnector(i, k, { kw: ev.target.value })}
              />
              <TextField
                label={t('evDevices.add.volts')}
                inputMode="numeric"
                value={c.voltage}
                onChange={(ev) => patchConnector(i, k, { voltage: ev.target.value })}
              />
              <TextField
                label={t('evDevices.add.amps')}
                inputMode="numeric"
                value={c.amperage}
                onChange={(ev) => patchConnector(i, k, { amperage: ev.target.value })}
              />
              <SelectField
                label={t('evDevices.detail.tariff')}
                value={c.tariff}
                onChange={(ev) => patchConnector(i, k, { tariff: ev.target.value })}
              >
                <option value="">{t('evDevices.detail.noTariff')}</option>
                {options.data?.tariffs.map((tariff) => (
                  <option key={tariff.uid} value={tariff.uid}>
                    {tariff.name}
                  </option>
                ))}
              </SelectField>
              {e.connectors.length > 1 && (
                <button
                  type="button"
                  className={`${small} col-span-2 justify-self-start sm:col-span-4`}
                  onClick={() =>
                    setEvses((all) =>
                      all.map((x, xi) =>
                        xi === i ? { ...x, connectors: x.connectors.filter((_, ci) => ci !== k) } : x,
                      ),
                    )
                  }
                >
                  {t('evDevices.add.removeConnector')}
                </button>
              )}
            </div>
          ))}
          {e.connectors.length < 4 && (
            <button
              type="button"
              className={`${small} mt-3`}
              onClick={() =>
                setEvses((all) =>
                  all.map((x, xi) =>
                    xi === i ? { ...x, connectors: [...x.connectors, newConnector()] } : x,
                  ),
                )
              }
            >
              {t('evDevices.add.addConnector')}
            </button>
          )}
        </fieldset>
      ))}
      {evses.length < 8 && (
        <button
          type="button"
          className={`${small} self-start`}
          onClick={() => setEvses((all) => [...all, { ref: '', connectors: [newConnector()] }])}
        >
          {t('evDevices.add.addEvse')}
        </button>
      )}
      <Checkbox
        label={t('evDevices.add.commissioned')}
        description={t('evDevices.add.commissionedHint')}
        checked={commissioned}
        onChange={(e) => setCommissioned(e.target.checked)}
      />
      <p className="text-sm text-slate-600">
        {waiting ? t('evDevices.enrol.passwordKept') : t('evDevices.add.passwordHint')}
      </p>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
        <Button type="button" variant="secondaryBasic" onClick={onClose} disabled={add.isPending}>
          {t('evDevices.ocpp.cancel')}
        </Button>
        <Button type="submit" loading={add.isPending}>
          {waiting ? t('evDevices.enrol.commission') : t('evDevices.add.submit')}
        </Button>
      </div>
    </form>
  )
}

/**
 * The "Add charger" dialog, for a new charger or for one waiting to be commissioned (`waiting`): the server
 * generates a new charger's OCPP password, shown once; a commissioned one keeps the password it connected with.
 * Either way the charger's page opens next.
 */
export function AddChargerDialog({
  open,
  onClose,
  waiting,
}: {
  open: boolean
  onClose: () => void
  waiting?: WaitingCharger | undefined
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const [added, setAdded] = useState<(EvDeviceCreateData & { password: string }) | null>(null)
  const openCharger = (uid: string) => void navigate(`/ev-devices/${encodeURIComponent(uid)}`)
  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        title={
          waiting
            ? t('evDevices.enrol.commissionTitle', { identity: waiting.identity })
            : t('evDevices.add.title')
        }
        size="3xl"
        closeOnOutsideClick={false}
      >
        {open && (
          <AddChargerForm
            waiting={waiting}
            onClose={onClose}
            onAdded={(r) => {
              onClose()
              if (r.password === null) {
                addToast({
                  title: t('evDevices.enrol.commissioned', { identity: r.identity }),
                  variant: 'success',
                })
                openCharger(r.uid)
              } else setAdded({ ...r, password: r.password })
            }}
          />
        )}
      </Modal>
      {added && (
        <NewPasswordModal
          result={{
            identity: added.identity,
            password: added.password,
            password_set_at: added.password_set_at,
          }}
          onClose={() => {
            setAdded(null)
            openCharger(added.uid)
          }}
        />
      )}
    </>
  )
}

/**
 * "Add charger" on the EV devices list (issue 14): the charger's OCPP identity, location, version, EVSEs and
 * connectors; the server generates its OCPP password, shown once, then the charger's page opens.
 */
export function AddChargerButton() {
  const { t } = useTranslation()
  const allowed = usePolicies(POLICIES)(EDIT_CHARGERS)
  const [open, setOpen] = useState(false)
  if (allowed !== 'allowed') return null
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('evDevices.add.title')}</Button>
      <AddChargerDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}
