import type { Sku } from '@portal/contract'
import { skuCategories } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { Card, FormError, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useSaveSku, useSku } from './api/skus'
import { emptySkuDraft, skuDraftOf, skuFormSchema } from './sku-form-schema'
import { InventoryBack } from './sku-page'

/** The form of an SKU: create (no id) or edit; every field is checked here as the server will, then by it. */
function SkuForm({ sku }: { sku: Sku | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const save = useSaveSku(sku?.id ?? null)
  const schema = useMemo(() => skuFormSchema(t), [t])
  const form = useZodForm(schema, { defaultValues: sku ? skuDraftOf(sku) : emptySkuDraft() })
  const [formError, setFormError] = useState<string | null>(null)
  const { errors } = form.formState
  const currency = form.watch('currency_code').toUpperCase()

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      const saved = await save.mutateAsync(body)
      addToast({ variant: 'success', title: t('catalogue.sku.saved'), message: saved.name, timeout: 5000 })
      void navigate(`/inventory/skus/${String(saved.id)}`)
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Card title={t('catalogue.sku.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('catalogue.sku.sku_code')}
            error={errors.sku_code?.message}
            hint={t('catalogue.sku.codeHint')}
            autoComplete="off"
            {...form.register('sku_code')}
          />
          <TextField
            label={t('catalogue.sku.name')}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <SelectField
            label={t('catalogue.sku.category')}
            error={errors.category?.message}
            {...form.register('category')}
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
            error={errors.barcode?.message}
            hint={t('catalogue.sku.barcodeHint')}
            inputMode="numeric"
            {...form.register('barcode')}
          />
          <TextField
            label={t('catalogue.sku.priceIn', { currency })}
            error={errors.price?.message}
            inputMode="decimal"
            placeholder="1.80"
            {...form.register('price')}
          />
          <TextField
            // Typed in any case, shown and sent in capitals.
            className="[&_input]:uppercase"
            label={t('catalogue.sku.currency_code')}
            error={errors.currency_code?.message}
            maxLength={3}
            {...form.register('currency_code')}
          />
          <TextField
            className="sm:col-span-2"
            label={t('catalogue.sku.description')}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <TextField
            className="sm:col-span-2"
            label={t('catalogue.sku.image_url')}
            error={errors.image_url?.message}
            placeholder="https://"
            type="url"
            {...form.register('image_url')}
          />
          <Checkbox
            label={t('catalogue.sku.is_active')}
            description={t('catalogue.sku.activeHint')}
            {...form.register('is_active')}
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
