import type { EmissionsCategory } from '@portal/contract'
import {
  creditValue,
  emissionsCategoryWrite,
  emissionsReducedGrams,
  factorToGrams,
  formatDateTime,
  formatEmissions,
  formatMoney,
  fuels,
  kgOf,
  vehicleTypes,
} from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { useCarbonProgramme } from '@/components/carbon/carbon-api'
import { DetailState } from '@/components/form-kit/detail-state'
import { Card, FormError, SelectField } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useEmissionsCategory, useSaveEmissionsCategory } from './api/crx-api'
import { CATEGORIES_PATH, categoryIdOf } from './crx-paths'

const FIELDS = ['name', 'vehicle_type', 'fuel', 'emission_factor', 'description'] as const
/** The session the preview prices: a typical 30 kWh charge. */
const PREVIEW_KWH = 30

interface Draft {
  name: string
  vehicle_type: string
  fuel: string
  emission_factor: string
  description: string
}

const EMPTY: Draft = { name: '', vehicle_type: '', fuel: '', emission_factor: '', description: '' }

function draftOf(c: EmissionsCategory): Draft {
  return {
    name: c.name,
    vehicle_type: c.vehicle_type,
    fuel: c.fuel,
    emission_factor: c.emission_factor.toFixed(3),
    description: c.description,
  }
}

function Back() {
  const { t } = useTranslation()
  return (
    <Link to={CATEGORIES_PATH} className="text-brand-700 hover:underline">
      ← {t('crx.categories.title')}
    </Link>
  )
}

/** What a typical charge is worth under the factor typed, so the operator sees the effect before saving. */
function Preview({ factor }: { factor: string }) {
  const { t } = useTranslation()
  const programme = useCarbonProgramme().data?.programme
  const kg = Number(factor)
  if (!programme || factor.trim() === '' || !Number.isFinite(kg) || kg <= 0) return null
  const grams = emissionsReducedGrams(PREVIEW_KWH * 1000, factorToGrams(kg))
  const value = creditValue(grams, programme.credit_price_per_tonne)
  return (
    <div className="flex items-end">
      <p
        className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        aria-live="polite"
      >
        {t('crx.category.preview', {
          kwh: PREVIEW_KWH,
          emissions: formatEmissions(kgOf(grams)),
          value: formatMoney(value, programme.currency),
          price: formatMoney(programme.credit_price_per_tonne, programme.currency),
        })}
      </p>
    </div>
  )
}

/** The category form: every field checked here as the server will, then by it (a clash comes back on its field). */
function CategoryForm({ category }: { category: EmissionsCategory | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const save = useSaveEmissionsCategory(category?.id ?? null)
  const [draft, setDraft] = useState<Draft>(category ? draftOf(category) : EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const factor = draft.emission_factor.trim() === '' ? Number.NaN : Number(draft.emission_factor)
    const checked = validate(
      emissionsCategoryWrite,
      { ...draft, emission_factor: Number.isFinite(factor) ? factor : undefined },
      () => [],
    )
    if (!checked.ok) {
      const all = { ...checked.errors }
      // The schema's own words for a missing choice are generic; the form says what to do.
      if (draft.vehicle_type === '') all.vehicle_type = t('crx.category.chooseVehicleType')
      if (draft.fuel === '') all.fuel = t('crx.category.chooseFuel')
      if (!Number.isFinite(factor)) all.emission_factor = t('crx.category.factorRequired')
      setErrors(all)
      return
    }
    setErrors({})
    try {
      const saved = await save.mutateAsync(checked.data)
      addToast({
        variant: 'success',
        title: category ? t('crx.category.saved') : t('crx.category.created'),
        message: saved.name,
        timeout: 5000,
      })
      void navigate(CATEGORIES_PATH)
    } catch (error) {
      const server = serverErrors(error, FIELDS)
      setErrors(server.fields)
      setFormError(server.message)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Card title={t('crx.category.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('crx.categories.col.name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
            hint={t('crx.category.nameHint')}
            autoComplete="off"
            maxLength={80}
          />
          <SelectField
            label={t('crx.categories.col.vehicle_type')}
            value={draft.vehicle_type}
            onChange={(e) => set('vehicle_type', e.target.value)}
            error={errors.vehicle_type}
          >
            <option value="">{t('crx.category.chooseVehicleType')}</option>
            {vehicleTypes.entries.map((v) => (
              <option key={v.value} value={v.value}>
                {t(`crx.vehicleType.${v.value}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('crx.categories.col.fuel')}
            value={draft.fuel}
            onChange={(e) => set('fuel', e.target.value)}
            error={errors.fuel}
            hint={t('crx.category.fuelHint')}
          >
            <option value="">{t('crx.category.chooseFuel')}</option>
            {fuels.entries.map((f) => (
              <option key={f.value} value={f.value}>
                {t(`crx.fuel.${f.value}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('crx.categories.col.emission_factor')}
            value={draft.emission_factor}
            onChange={(e) => set('emission_factor', e.target.value)}
            error={errors.emission_factor}
            hint={t('crx.category.factorHint')}
            inputMode="decimal"
            placeholder="0.710"
          />
          <Preview factor={draft.emission_factor} />
          <TextField
            className="sm:col-span-2"
            label={t('crx.categories.col.description')}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            error={errors.description}
            maxLength={500}
          />
        </div>
        {category && (
          <p className="mt-4 text-xs text-slate-500">
            {t('crx.category.recordsKeep', { date: formatDateTime(category.updated_at) })}
          </p>
        )}
        <div className="mt-4">
          <FormError message={formError} />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Link to={CATEGORIES_PATH} className={buttonClasses({ variant: 'classic' })}>
            {t('crx.category.cancel')}
          </Link>
          <Button type="submit" loading={save.isPending}>
            {category ? t('crx.category.save') : t('crx.category.create')}
          </Button>
        </div>
      </Card>
    </form>
  )
}

/** /crx/emissions-category/{id?}: without an id (or with "new") it creates; with one it edits. */
export function EmissionsCategoryPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const categoryId = categoryIdOf(id)
  const valid = categoryId === null || Number.isInteger(categoryId)
  const query = useEmissionsCategory(valid ? categoryId : null)
  if (categoryId === null) {
    return (
      <>
        <PageHeader
          title={t('crx.category.createTitle')}
          breadcrumb={<Back />}
          description={t('crx.category.createHint')}
        />
        <CategoryForm category={null} />
      </>
    )
  }
  if (!query.data) {
    return (
      <DetailState
        valid={valid}
        query={query}
        title={t('crx.category.editTitle')}
        breadcrumb={<Back />}
        notFoundTitle={t('crx.category.notFound')}
        notFoundDescription={t('crx.category.notFoundDescription')}
      />
    )
  }
  return (
    <>
      <PageHeader title={t('crx.category.editTitle')} breadcrumb={<Back />} description={query.data.name} />
      <CategoryForm key={query.data.id} category={query.data} />
    </>
  )
}
