import { formatDateTime, formatMoney, skuCategories } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { buttonClasses } from '@/components/ui/button/button'
import { Card } from '@/components/form-kit/fields'
import { useSku } from './api/skus'
import { dash, DetailState, Field } from '@/components/form-kit/detail-state'

export function InventoryBack() {
  const { t } = useTranslation()
  return (
    <Link to="/inventory" className="text-brand-700 hover:underline">
      ← {t('catalogue.inventory.title')}
    </Link>
  )
}

/** /inventory/skus/{id}: one SKU, read-only, with a link to edit it. */
export function SkuPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const skuId = Number(id)
  const query = useSku(skuId)
  if (!query.data) {
    return (
      <DetailState
        notFoundDescription={t('catalogue.notFoundDescription')}
        valid={Number.isInteger(skuId) && skuId > 0}
        query={query}
        title={t('catalogue.sku.title')}
        breadcrumb={<InventoryBack />}
        notFoundTitle={t('catalogue.sku.notFound')}
      />
    )
  }
  const s = query.data
  return (
    <>
      <PageHeader
        title={s.name}
        breadcrumb={<InventoryBack />}
        description={s.sku_code}
        actions={
          <>
            <Badge tone={s.is_active ? 'positive' : 'neutral'} dot>
              {s.is_active ? t('catalogue.active') : t('catalogue.inactive')}
            </Badge>
            <Link
              to={`/inventory/skus/${String(s.id)}/edit`}
              className={buttonClasses({ variant: 'primary' })}
            >
              {t('catalogue.edit')}
            </Link>
          </>
        }
      />
      <Card title={t('catalogue.sku.details')}>
        <div className="flex flex-col gap-6 sm:flex-row">
          {s.image_url && (
            <img
              src={s.image_url}
              alt={s.name}
              className="h-32 w-32 shrink-0 rounded-md border border-slate-200 object-contain"
            />
          )}
          <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
            <Field label={t('catalogue.sku.sku_code')}>
              <span className="font-mono text-xs">{s.sku_code}</span>
            </Field>
            <Field label={t('catalogue.sku.name')}>{s.name}</Field>
            <Field label={t('catalogue.sku.category')}>
              {t(`catalogue.category.${s.category}`, { defaultValue: labelOf(skuCategories, s.category) })}
            </Field>
            <Field label={t('catalogue.sku.price')}>{formatMoney(s.price, s.currency_code)}</Field>
            <Field label={t('catalogue.sku.barcode')}>{s.barcode ?? dash}</Field>
            <Field label={t('catalogue.sku.slot_count')}>{s.slot_count.toLocaleString()}</Field>
            <Field label={t('catalogue.sku.description')}>{s.description || dash}</Field>
            <Field label={t('catalogue.sku.image_url')}>{s.image_url ?? dash}</Field>
            <Field label={t('catalogue.createdAt')}>{formatDateTime(s.created_at)}</Field>
            <Field label={t('catalogue.updatedAt')}>{formatDateTime(s.updated_at)}</Field>
          </dl>
        </div>
      </Card>
    </>
  )
}
