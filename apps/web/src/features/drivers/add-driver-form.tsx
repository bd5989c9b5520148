import type { DriverDetail, NewDriverRequest } from '@portal/contract'
import {
  DIAL_CODES,
  formatMobile,
  isInCatalogue,
  MOBILE_RULES,
  nationalities,
  newDriverRequest,
} from '@portal/contract'
import { useState } from 'react'
import type { DefaultValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Card, FieldSet, FormError, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { useChargingEntities } from '@/components/options/charging-entities'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useAddDriver } from './api/drivers-api'
import type { DriverVariantConfig } from './driver-variant'

/** The contract's messages start in lower case (they follow a field name in API errors); under a field they are sentences. */
function sentence(message: string | undefined): string | undefined {
  return message === undefined ? undefined : message.charAt(0).toUpperCase() + message.slice(1)
}

/** An empty form; no nationality is chosen until the user picks one (the select then shows its prompt). */
const EMPTY: DefaultValues<NewDriverRequest> = {
  name: '',
  dialCode: '65',
  mobileNumber: '',
  email: '',
  isRegistered: false,
  subscribedCpoEntities: [],
  licensePlate: '',
}

/**
 * One driver: every field checked here as the server checks it (the contract's schema), a message under each
 * field, then the server's answer (a duplicate mobile number in the entity) beside its field. After adding, the form
 * is cleared for the next driver and a toast links to the one just added.
 */
export function AddDriverForm({ config }: { config: DriverVariantConfig }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const { cpoEntities } = useChargingEntities()
  const add = useAddDriver(config)
  const form = useZodForm(newDriverRequest, { defaultValues: EMPTY, mode: 'onSubmit' })
  const [formError, setFormError] = useState<string | null>(null)
  const { errors } = form.formState
  const dialCode = form.watch('dialCode')
  const nationality = form.watch('nationality')
  const subscribed = form.watch('subscribedCpoEntities') ?? []
  const rule = MOBILE_RULES[dialCode]
  const error = (message: string | undefined) => sentence(message)

  const submit = form.handleSubmit(async (driver) => {
    setFormError(null)
    try {
      const saved: DriverDetail = await add.mutateAsync({
        ...driver,
        licensePlate: driver.licensePlate ? driver.licensePlate : null,
        subscribedCpoEntities: config.subscriptions ? driver.subscribedCpoEntities : [],
      })
      addToast({
        variant: 'success',
        title: t('drivers.form.added'),
        message: `${saved.name} · ${formatMobile(saved.mobileNumber)}`,
        timeout: 8000,
        actions: [
          {
            display: t('drivers.form.viewDriver'),
            callback: () => void navigate(`${config.listPath}/${encodeURIComponent(saved.id)}`),
          },
        ],
      })
      form.reset({ ...EMPTY, dialCode: driver.dialCode })
    } catch (failure) {
      setFormError(applyServerErrors(form, failure))
    }
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('drivers.form.title')}>
      <Card title={t('drivers.form.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('drivers.field.name')}
            {...form.register('name')}
            error={error(errors.name?.message)}
            autoComplete="off"
          />
          <TextField
            label={t('drivers.field.email')}
            type="email"
            {...form.register('email')}
            error={error(errors.email?.message)}
            autoComplete="off"
          />
          <div className="grid grid-cols-[minmax(0,8.5rem)_minmax(0,1fr)] gap-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
            <SelectField
              label={t('drivers.field.dialCode')}
              {...form.register('dialCode')}
              error={error(errors.dialCode?.message)}
            >
              {DIAL_CODES.map((d) => (
                <option key={d.code} value={d.code}>
                  {`+${d.code} ${t(`drivers.country.${d.iso}`)}`}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('drivers.field.mobileNumber')}
              {...form.register('mobileNumber')}
              error={error(errors.mobileNumber?.message)}
              hint={rule ? t('drivers.form.mobileHint', { example: rule.example }) : undefined}
              inputMode="tel"
              autoComplete="off"
            />
          </div>
          <SelectField
            label={t('drivers.field.nationality')}
            {...form.register('nationality')}
            error={
              errors.nationality &&
              // Nothing chosen reads as the choice to make, not as the list of allowed values.
              (isInCatalogue(nationalities, nationality)
                ? error(errors.nationality.message)
                : t('drivers.form.chooseNationality'))
            }
          >
            <option value="">{t('drivers.form.chooseNationality')}</option>
            {nationalities.entries.map((n) => (
              <option key={n.value} value={n.value}>
                {t(`drivers.nationality.${n.value}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('drivers.field.licensePlateOptional')}
            {...form.register('licensePlate', {
              setValueAs: (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v),
            })}
            error={error(errors.licensePlate?.message)}
            placeholder="SGX1234A"
            autoComplete="off"
          />
          <div className="flex items-end pb-2">
            <Checkbox
              label={t('drivers.field.isRegistered')}
              description={t('drivers.form.registeredHint')}
              {...form.register('isRegistered')}
            />
          </div>
          {config.subscriptions && (
            <FieldSet
              legend={t('drivers.field.subscribedCpoEntities')}
              error={error(errors.subscribedCpoEntities?.message)}
              className="sm:col-span-2"
            >
              {cpoEntities.length === 0 ? (
                <p className="text-sm text-slate-500">{t('drivers.form.noCpoEntities')}</p>
              ) : (
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  {cpoEntities.map((e) => (
                    <Checkbox
                      key={e.code}
                      label={`${e.name} (${e.code})`}
                      checked={subscribed.includes(e.code)}
                      onChange={(event) =>
                        form.setValue(
                          'subscribedCpoEntities',
                          event.target.checked
                            ? [...subscribed, e.code]
                            : subscribed.filter((c) => c !== e.code),
                          { shouldDirty: true },
                        )
                      }
                    />
                  ))}
                </div>
              )}
            </FieldSet>
          )}
        </div>
        <div className="mt-4">
          <FormError message={formError} />
        </div>
        <div className="mt-4 flex justify-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('drivers.form.submit')}
          </Button>
        </div>
      </Card>
    </form>
  )
}
