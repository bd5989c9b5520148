import type { EmissionsCategory } from '@portal/contract'
import {
  creditValue,
  emissionsReducedGrams,
  factorToGrams,
  formatDateTime,
  formatEmissions,
  formatMoney,
  fuels,
  kgOf,
  vehicleTypes,
} from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { useCarbonProgramme } from '@/components/carbon/carbon-api'
import { DetailState } from '@/components/form-kit/detail-state'
import { Card, FormError, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useEmissionsCategory, useSaveEmissionsCategory } from './api/crx-api'
import { categoryDraftOf, categoryFormSchema, EMPTY_CATEGORY } from './category-form-schema'
import { CATEGORIES_PATH, categoryIdOf } from './crx-paths'

/** The session the preview prices: a typical 30 kWh charge. */
const PREVIEW_KWH = 30

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
  const schema = useMemo(() => categoryFormSchema(t), [t])
  const form = useZodForm(schema, {
    defaultValues: category ? categoryDraftOf(category) : EMPTY_CATEGORY,
  })
  const [formError, setFormError] = useState<string | null>(null)
  const { errors } = form.formState

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      const saved = await save.mutateAsync(body)
      addToast({
        variant: 'success',
        title: category ? t('crx.category.saved') : t('crx.category.created'),
        message: saved.name,
        timeout: 5000,
      })
      void navigate(CATEGORIES_PATH)
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Card title={t('crx.category.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('crx.categories.col.name')}
            error={errors.name?.message}
            hint={t('crx.category.nameHint')}
            autoComplete="off"
            maxLength={80}
            {...form.register('name')}
          />
          <SelectField
            label={t('crx.categories.col.vehicle_type')}
            error={errors.vehicle_type?.message}
            {...form.register('vehicle_type')}
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
            error={errors.fuel?.message}
            hint={t('crx.category.fuelHint')}
            {...form.register('fuel')}
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
            error={errors.emission_factor?.message}
            hint={t('crx.category.factorHint')}
            inputMode="decimal"
            placeholder="0.710"
            {...form.register('emission_factor')}
          />
          <Preview factor={form.watch('emission_factor')} />
          <TextField
            className="sm:col-span-2"
            label={t('crx.categories.col.description')}
            error={errors.description?.message}
            maxLength={500}
            {...form.register('description')}
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
