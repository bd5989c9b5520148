import type { Sku } from '@portal/contract'
import {
  minorUnitDigits,
  minorUnitsFromText,
  minorUnitsToText,
  skuCategories,
  skuWriteRequest,
} from '@portal/contract'
import { useState } from 'react'
import type { SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { buttonClasses } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { Card, FormError, SelectField } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { useSaveSku, useSku } from './api/skus'
import { DetailState } from '@/components/form-kit/detail-state'
import { InventoryBack } from './sku-page'

const FIELDS = [
  'sku_code',
  'name',
  'description',
  'category',
  'barcode',
  'price',
  'currency_code',
  'image_url',
  'is_active',
] as const

interface Draft {
  sku_code: string
  name: string
  description: string
  category: string
  barcode: string
  price: string
  currency_code: string
  image_url: string
  is_active: boolean
}

const EMPTY: Draft = {
  sku_code: '',
  name: '',
  description: '',
  category: '',
  barcode: '',
  price: '',
  currency_code: 'SGD',
  image_url: '',
  is_active: true,
}

function draftOf(s: Sku): Draft {
  return {
    sku_code: s.sku_code,
    name: s.name,
    description: s.description,
    category: s.category,
    barcode: s.barcode ?? '',
    price: minorUnitsToText(s.price, s.currency_code),
    currency_code: s.currency_code,
    image_url: s.image_url ?? '',
    is_active: s.is_active,
  }
}

/** The form of an SKU: create (no id) or edit; every field is checked here as the server will, then by it. */
function SkuForm({ sku }: { sku: Sku | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const save = useSaveSku(sku?.id ?? null)
  const [draft, setDraft] = useState<Draft>(sku ? draftOf(sku) : EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const price = minorUnitsFromText(draft.price, draft.currency_code)
    const checked = validate(
      skuWriteRequest,
      {
        ...draft,
        barcode: draft.barcode.trim() === '' ? null : draft.barcode,
        image_url: draft.image_url.trim() === '' ? null : draft.image_url.trim(),
        price: price ?? Number.NaN,
      },
      () => [],
    )
    const priceError =
      price === null
        ? t('catalogue.sku.priceInvalid', { digits: minorUnitDigits(draft.currency_code) })
        : undefined
    if (!checked.ok || priceError) {
      const all: FieldErrors = checked.ok ? {} : checked.errors
      if (priceError) all.price = priceError
      if (draft.category === '') all.category = t('catalogue.sku.categoryRequired')
      setErrors(all)
      return
    }
    setErrors({})
    try {
      const saved = await save.mutateAsync(checked.data)
      addToast({ variant: 'success', title: t('catalogue.sku.saved'), message: saved.name, timeout: 5000 })
      void navigate(`/inventory/skus/${String(saved.id)}`)
    } catch (error) {
      const server = serverErrors(error, FIELDS)
      setErrors(server.fields)
      setFormError(server.message)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Card title={t('catalogue.sku.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('catalogue.sku.sku_code')}
            value={draft.sku_code}
            onChange={(e) => set('sku_code', e.target.value)}
            error={errors.sku_code}
            hint={t('catalogue.sku.codeHint')}
            autoComplete="off"
          />
          <TextField
            label={t('catalogue.sku.name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
          />
          <SelectField
            label={t('catalogue.sku.category')}
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
            error={errors.category}
          >
            <option value="">{t('catalogue.sku.chooseCategory')}</option>
            {skuCategories.entries.map((c) => (
              <option key={c.value} value={c.value}>
                {t(`catalogue.category.${c.value}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('catalogue.sku.barcode')}
            value={draft.barcode}
            onChange={(e) => set('barcode', e.target.value)}
            error={errors.barcode}
            hint={t('catalogue.sku.barcodeHint')}
            inputMode="numeric"
          />
          <TextField
            label={t('catalogue.sku.priceIn', { currency: draft.currency_code })}
            value={draft.price}
            onChange={(e) => set('price', e.target.value)}
            error={errors.price}
            inputMode="decimal"
            placeholder="1.80"
          />
          <TextField
            label={t('catalogue.sku.currency_code')}
            value={draft.currency_code}
            onChange={(e) => set('currency_code', e.target.value.toUpperCase())}
            error={errors.currency_code}
            maxLength={3}
          />
          <TextField
            className="sm:col-span-2"
            label={t('catalogue.sku.description')}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            error={errors.description}
          />
          <TextField
            className="sm:col-span-2"
            label={t('catalogue.sku.image_url')}
            value={draft.image_url}
            onChange={(e) => set('image_url', e.target.value)}
            error={errors.image_url}
            placeholder="https://"
            type="url"
          />
          <Checkbox
            label={t('catalogue.sku.is_active')}
            description={t('catalogue.sku.activeHint')}
            checked={draft.is_active}
            onChange={(e) => set('is_active', e.target.checked)}
          />
        </div>
        <div className="mt-4">
          <FormError message={formError} />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Link
            to={sku ? `/inventory/skus/${String(sku.id)}` : '/inventory'}
            className={buttonClasses({ variant: 'classic' })}
          >
            {t('catalogue.cancel')}
          </Link>
          <Button type="submit" loading={save.isPending}>
            {sku ? t('catalogue.save') : t('catalogue.sku.create')}
          </Button>
        </div>
      </Card>
    </form>
  )
}

/** /inventory/skus/create and /inventory/skus/{id?}/edit (without an id the edit route creates). */
export function SkuFormPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const editing = id !== undefined
  const skuId = Number(id)
  const query = useSku(editing ? skuId : 0)
  if (!editing) {
    return (
      <>
        <PageHeader title={t('catalogue.sku.createTitle')} breadcrumb={<InventoryBack />} />
        <SkuForm sku={null} />
      </>
    )
  }
  if (!query.data) {
    return (
      <DetailState
        notFoundDescription={t('catalogue.notFoundDescription')}
        valid={Number.isInteger(skuId) && skuId > 0}
        query={query}
        title={t('catalogue.sku.editTitle')}
        breadcrumb={<InventoryBack />}
        notFoundTitle={t('catalogue.sku.notFound')}
      />
    )
  }
  return (
    <>
      <PageHeader
        title={t('catalogue.sku.editTitle')}
        breadcrumb={<InventoryBack />}
        description={`${query.data.sku_code} · ${query.data.name}`}
      />
      <SkuForm key={query.data.id} sku={query.data} />
    </>
  )
}
