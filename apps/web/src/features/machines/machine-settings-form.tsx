import type { MachineDetail, OpeningHours } from '@portal/contract'
import { OPENING_DAYS, vmcTypes } from '@portal/contract'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { catalogueOptions } from '@/lib/labels'
import { useUpdateMachineSettings } from './api/update-machine'
import type { MachineSettingsDraft } from './machine-settings-draft'
import { machineSettingsForm, settingsDraftOf } from './machine-settings-draft'

type TextKey = Exclude<keyof MachineSettingsDraft, 'opening_hours' | 'vmc'>
type Day = keyof OpeningHours

const ALL_DAY = { open: '00:00', close: '23:59' }
const DAY_HOURS = { open: '08:00', close: '22:00' }

/** The general settings of B §3 as a form; saved with PUT /iot/machines/{id}/settings. */
export function MachineSettingsForm({ m, onDone }: { m: MachineDetail; onDone: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const update = useUpdateMachineSettings(m.machine_id)
  const form = useZodForm(machineSettingsForm, { defaultValues: settingsDraftOf(m.general_settings) })
  const { errors, isSubmitted } = form.formState
  const [formError, setFormError] = useState<string | null>(null)
  const hours = useWatch({ control: form.control, name: 'opening_hours' })
  // The opening hours are set through setValue (the All day box sets two fields); checked again once submitted.
  const setDay = (day: Day, change: Partial<OpeningHours[Day]>) => {
    for (const [field, value] of Object.entries(change))
      form.setValue(`opening_hours.${day}.${field as keyof OpeningHours[Day]}`, value, {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      })
  }

  const submit = form.handleSubmit(async (settings) => {
    setFormError(null)
    try {
      await update.mutateAsync(settings)
      addToast({
        variant: 'success',
        title: t('catalogue.machine.settingsSaved'),
        message: m.alias,
        timeout: 5000,
      })
      onDone()
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })

  const text = (k: TextKey, extra: { hint?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <TextField
      key={k}
      label={t(`machine.settings.${k}`)}
      error={errors[k]?.message}
      {...extra}
      {...form.register(k)}
    />
  )

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('machine.generalSettings')}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text('model_number')}
        {text('pinpad_backend')}
        {text('pinpad_frontend')}
        {text('pinpad_port')}
        <SelectField label={t('machine.settings.vmc')} error={errors.vmc?.message} {...form.register('vmc')}>
          {catalogueOptions(vmcTypes).map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
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
            const d = hours[day]
            const allDay = !d.closed && d.open === ALL_DAY.open && d.close === ALL_DAY.close
            const dayErrors = errors.opening_hours?.[day]
            const error = dayErrors?.close?.message ?? dayErrors?.open?.message ?? dayErrors?.message
            const label = t(`machine.days.${day}`)
            return (
              <div
                key={day}
                role="group"
                aria-label={label}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2"
              >
                <span className="w-28 text-sm font-medium text-slate-800">{label}</span>
                <Checkbox
                  label={t('machine.closed')}
                  checked={d.closed}
                  onChange={(e) => setDay(day, { closed: e.target.checked })}
                />
                <Checkbox
                  label={t('machine.allDay')}
                  checked={allDay}
                  disabled={d.closed}
                  onChange={(e) => setDay(day, e.target.checked ? ALL_DAY : DAY_HOURS)}
                />
                <label className="flex items-center gap-1.5 text-sm text-slate-600">
                  {t('catalogue.machine.opens')}
                  <input
                    type="time"
                    value={d.open}
                    disabled={d.closed}
                    aria-invalid={dayErrors?.open ? true : undefined}
                    onChange={(e) => setDay(day, { open: e.target.value })}
                    className="h-8 rounded-md border border-slate-300 px-2 text-sm disabled:bg-slate-50 aria-invalid:border-rose-400"
                  />
                </label>
                <label className="flex items-center gap-1.5 text-sm text-slate-600">
                  {t('catalogue.machine.closes')}
                  <input
                    type="time"
                    value={d.close}
                    disabled={d.closed}
                    aria-invalid={dayErrors?.close ? true : undefined}
                    onChange={(e) => setDay(day, { close: e.target.value })}
                    className="h-8 rounded-md border border-slate-300 px-2 text-sm disabled:bg-slate-50 aria-invalid:border-rose-400"
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
