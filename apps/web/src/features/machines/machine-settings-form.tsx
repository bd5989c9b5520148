import type { MachineDetail, MachineGeneralSettings, OpeningHours } from '@portal/contract'
import { OPENING_DAYS, machineSettingsUpdateRequest, vmcTypes } from '@portal/contract'
import { useState } from 'react'
import type { SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { FormError, SelectField } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { useUpdateMachineSettings } from './api/update-machine'

type TextKey = Exclude<keyof MachineGeneralSettings, 'opening_hours' | 'vmc'>
const TEXT_FIELDS: readonly TextKey[] = [
  'model_number',
  'pinpad_backend',
  'pinpad_frontend',
  'pinpad_port',
  'vmc_port',
  'serial_type',
  'payment_denominations',
]
const NUMBER_FIELDS: readonly TextKey[] = [
  'mdb_channel',
  'cp_timeout',
  'vend_session_timeout',
  'vend_request_timeout',
  'price_scale_factor',
  'price_decimal_places',
]
const ALL_DAY = { open: '00:00', close: '23:59' }

type Draft = Record<TextKey, string> & { vmc: string; opening_hours: OpeningHours }

function draftOf(g: MachineGeneralSettings): Draft {
  const out = { vmc: String(g.vmc), opening_hours: g.opening_hours } as Draft
  for (const k of [...TEXT_FIELDS, ...NUMBER_FIELDS]) out[k] = String(g[k])
  return out
}

function bodyOf(d: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = { opening_hours: d.opening_hours, vmc: Number(d.vmc) }
  for (const k of TEXT_FIELDS) body[k] = d[k]
  // An empty or unreadable number is sent as typed so validation names it.
  for (const k of NUMBER_FIELDS)
    body[k] = d[k].trim() === '' || Number.isNaN(Number(d[k])) ? d[k] : Number(d[k])
  return body
}

/** The general settings of B §3 as a form; saved with PUT /iot/machines/{id}/settings. */
export function MachineSettingsForm({ m, onDone }: { m: MachineDetail; onDone: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const update = useUpdateMachineSettings(m.machine_id)
  const [draft, setDraft] = useState<Draft>(() => draftOf(m.general_settings))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const setDay = (day: keyof OpeningHours, change: Partial<OpeningHours[keyof OpeningHours]>) =>
    setDraft((d) => ({
      ...d,
      opening_hours: { ...d.opening_hours, [day]: { ...d.opening_hours[day], ...change } },
    }))

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const checked = validate(machineSettingsUpdateRequest, bodyOf(draft), () => [])
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    try {
      await update.mutateAsync(checked.data)
      addToast({
        variant: 'success',
        title: t('catalogue.machine.settingsSaved'),
        message: m.alias,
        timeout: 5000,
      })
      onDone()
    } catch (error) {
      const server = serverErrors(error, [...TEXT_FIELDS, ...NUMBER_FIELDS, 'vmc'])
      setErrors(server.fields)
      setFormError(server.message)
    }
  }

  const text = (k: TextKey, extra: { hint?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <TextField
      key={k}
      label={t(`machine.settings.${k}`)}
      value={draft[k]}
      onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
      error={errors[k]}
      {...extra}
    />
  )

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('machine.generalSettings')}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text('model_number')}
        {text('pinpad_backend')}
        {text('pinpad_frontend')}
        {text('pinpad_port')}
        <SelectField
          label={t('machine.settings.vmc')}
          value={draft.vmc}
          onChange={(e) => setDraft((d) => ({ ...d, vmc: e.target.value }))}
          error={errors.vmc}
        >
          {vmcTypes.entries.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </SelectField>
        {text('vmc_port')}
        {text('mdb_channel', { inputMode: 'numeric' })}
        {text('serial_type')}
        {text('cp_timeout', { inputMode: 'numeric', hint: t('catalogue.machine.secondsHint') })}
        {text('vend_session_timeout', { inputMode: 'numeric', hint: t('catalogue.machine.secondsHint') })}
        {text('vend_request_timeout', { inputMode: 'numeric', hint: t('catalogue.machine.secondsHint') })}
        {text('price_scale_factor', { inputMode: 'decimal' })}
        {text('price_decimal_places', { inputMode: 'numeric' })}
        {text('payment_denominations', { hint: t('catalogue.machine.denominationsHint') })}
      </div>
      <fieldset className="mt-6">
        <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('machine.settings.opening_hours')}
        </legend>
        <div className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {OPENING_DAYS.map((day) => {
            const d = draft.opening_hours[day]
            const allDay = !d.closed && d.open === ALL_DAY.open && d.close === ALL_DAY.close
            const error = errors[`opening_hours.${day}.close`] ?? errors[`opening_hours.${day}.open`]
            return (
              <div key={day} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
                <span className="w-24 text-sm font-medium text-slate-800">{t(`machine.days.${day}`)}</span>
                <Checkbox
                  label={t('machine.closed')}
                  checked={d.closed}
                  onChange={(e) => setDay(day, { closed: e.target.checked })}
                />
                <Checkbox
                  label={t('machine.allDay')}
                  checked={allDay}
                  disabled={d.closed}
                  onChange={(e) =>
                    setDay(day, e.target.checked ? ALL_DAY : { open: '08:00', close: '22:00' })
                  }
                />
                <label className="flex items-center gap-1.5 text-sm text-slate-600">
                  {t('catalogue.machine.opens')}
                  <input
                    type="time"
                    value={d.open}
                    disabled={d.closed}
                    onChange={(e) => setDay(day, { open: e.target.value })}
                    className="h-8 rounded-md border border-slate-300 px-2 text-sm disabled:bg-slate-50"
                  />
                </label>
                <label className="flex items-center gap-1.5 text-sm text-slate-600">
                  {t('catalogue.machine.closes')}
                  <input
                    type="time"
                    value={d.close}
                    disabled={d.closed}
                    onChange={(e) => setDay(day, { close: e.target.value })}
                    className="h-8 rounded-md border border-slate-300 px-2 text-sm disabled:bg-slate-50"
                  />
                </label>
                {error && <p className="w-full text-xs text-rose-700">{error}</p>}
              </div>
            )
          })}
        </div>
      </fieldset>
      <div className="mt-4">
        <FormError message={formError} />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button type="button" variant="classic" onClick={onDone}>
          {t('catalogue.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('catalogue.save')}
        </Button>
      </div>
    </form>
  )
}
