import type { DriverDetail } from '@portal/contract'
import {
  DIAL_CODES,
  formatMobile,
  MOBILE_RULES,
  NEW_DRIVER_FIELDS,
  nationalities,
  newDriverRequest,
} from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useChargingEntities } from '@/components/charging-session/charging-entities'
import { Card, FieldSet, FormError, SelectField } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useAddDriver } from './api/drivers-api'
import type { DriverVariantConfig } from './driver-variant'

/** The contract's messages start in lower case (they follow a field name in API errors); under a field they are sentences. */
function sentences(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [k, m.charAt(0).toUpperCase() + m.slice(1)]),
  )
}

interface Draft {
  name: string
  dialCode: string
  mobileNumber: string
  email: string
  nationality: string
  isRegistered: boolean
  subscribedCpoEntities: string[]
  licensePlate: string
}

const EMPTY: Draft = {
  name: '',
  dialCode: '65',
  mobileNumber: '',
  email: '',
  nationality: '',
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
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    // The field's message goes once it is edited; the others stay until the next submit.
    setErrors((e) => (key in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e))
  }
  const rule = MOBILE_RULES[draft.dialCode as keyof typeof MOBILE_RULES]

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const checked = validate(
      newDriverRequest,
      {
        ...draft,
        licensePlate: draft.licensePlate.trim() === '' ? null : draft.licensePlate,
        subscribedCpoEntities: config.subscriptions ? draft.subscribedCpoEntities : [],
      },
      () => [],
    )
    if (!checked.ok) {
      const all = sentences(checked.errors)
      if (draft.nationality === '') all.nationality = t('drivers.form.chooseNationality')
      setErrors(all)
      return
    }
    setErrors({})
    try {
      const saved: DriverDetail = await add.mutateAsync(checked.data)
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
      setDraft({ ...EMPTY, dialCode: draft.dialCode })
    } catch (error) {
      const server = serverErrors(error, NEW_DRIVER_FIELDS)
      setErrors(sentences(server.fields))
      setFormError(server.message)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('drivers.form.title')}>
      <Card title={t('drivers.form.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('drivers.field.name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
            autoComplete="off"
          />
          <TextField
            label={t('drivers.field.email')}
            type="email"
            value={draft.email}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
            autoComplete="off"
          />
          <div className="grid grid-cols-[minmax(0,8.5rem)_minmax(0,1fr)] gap-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
            <SelectField
              label={t('drivers.field.dialCode')}
              value={draft.dialCode}
              onChange={(e) => set('dialCode', e.target.value)}
              error={errors.dialCode}
            >
              {DIAL_CODES.map((d) => (
                <option key={d.code} value={d.code}>
                  {`+${d.code} ${t(`drivers.country.${d.iso}`)}`}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('drivers.field.mobileNumber')}
              value={draft.mobileNumber}
              onChange={(e) => set('mobileNumber', e.target.value)}
              error={errors.mobileNumber}
              hint={rule ? t('drivers.form.mobileHint', { example: rule.example }) : undefined}
              inputMode="tel"
              autoComplete="off"
            />
          </div>
          <SelectField
            label={t('drivers.field.nationality')}
            value={draft.nationality}
            onChange={(e) => set('nationality', e.target.value)}
            error={errors.nationality}
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
            value={draft.licensePlate}
            onChange={(e) => set('licensePlate', e.target.value.toUpperCase())}
            error={errors.licensePlate}
            placeholder="SGX1234A"
            autoComplete="off"
          />
          <div className="flex items-end pb-2">
            <Checkbox
              label={t('drivers.field.isRegistered')}
              description={t('drivers.form.registeredHint')}
              checked={draft.isRegistered}
              onChange={(e) => set('isRegistered', e.target.checked)}
            />
          </div>
          {config.subscriptions && (
            <FieldSet
              legend={t('drivers.field.subscribedCpoEntities')}
              error={errors.subscribedCpoEntities}
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
                      checked={draft.subscribedCpoEntities.includes(e.code)}
                      onChange={(event) =>
                        set(
                          'subscribedCpoEntities',
                          event.target.checked
                            ? [...draft.subscribedCpoEntities, e.code]
                            : draft.subscribedCpoEntities.filter((c) => c !== e.code),
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
          <Button type="submit" loading={add.isPending}>
            {t('drivers.form.submit')}
          </Button>
        </div>
      </Card>
    </form>
  )
}
