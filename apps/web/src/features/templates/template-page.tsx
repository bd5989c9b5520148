import type { Template } from '@portal/contract'
import { formatDateTime, formatMoney } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { Card } from '@/components/form-kit/fields'
import { dash, DetailState, Field } from '@/components/form-kit/detail-state'
import { useDeleteTemplate, useTemplate } from './api/templates'
import { serverMessage } from '@/lib/server-messages'

export function TemplatesBack() {
  const { t } = useTranslation()
  return (
    <Link to="/templates/machines" className="text-brand-700 hover:underline">
      ← {t('catalogue.templates.title')}
    </Link>
  )
}

function ItemsTable({ template }: { template: Template }) {
  const { t } = useTranslation()
  const items = template.content.items
  return (
    <div
      className="-m-4 overflow-x-auto"
      tabIndex={0}
      role="group"
      aria-label={t('catalogue.template.items')}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{t('catalogue.template.items')}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-right">
              {t('catalogue.item.slot_no')}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('catalogue.item.name')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('catalogue.item.price')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('catalogue.item.stock')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('catalogue.item.sku_id')}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('catalogue.item.is_enabled')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.slot_no} className="border-t border-slate-100">
              <td className="px-3 py-2 text-right tabular-nums text-slate-500">{item.slot_no}</td>
              <td className="px-3 py-2">
                <p className="font-medium text-slate-900">{item.name}</p>
                <p className="text-xs text-slate-500">{item.description}</p>
              </td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                {formatMoney(item.price, template.currency_code)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {item.stock}/{item.capacity}
              </td>
              <td className="px-3 py-2 text-right text-slate-500">{item.sku_id ?? dash}</td>
              <td className="px-3 py-2">
                <Badge tone={item.is_enabled ? 'positive' : 'neutral'}>
                  {item.is_enabled ? t('catalogue.enabled') : t('catalogue.disabled')}
                </Badge>
              </td>
            </tr>
          ))}
          {items.length === 0 && (
            <tr>
              <td colSpan={6} className="px-3 py-6 text-center text-slate-500">
                {t('catalogue.template.noItems')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

function TemplateView({ template }: { template: Template }) {
  const { t } = useTranslation()
  return (
    <div className="space-y-5">
      <Card title={t('catalogue.template.details')}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
          <Field label={t('catalogue.template.resourceCode')}>
            <span className="font-mono text-xs">{template.resourceCode}</span>
          </Field>
          <Field label={t('catalogue.template.version')}>{template.version}</Field>
          <Field label={t('catalogue.template.currency')}>{template.currency_code}</Field>
          <Field label={t('catalogue.updatedAt')}>{formatDateTime(template.updated_at)}</Field>
        </dl>
        {template.sections.length > 0 && (
          <>
            <h3 className="mt-5 mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {t('catalogue.template.sections')}
            </h3>
            <ul className="flex flex-wrap gap-2">
              {template.sections.map((s) => (
                <li key={s.name} className="rounded-md border border-slate-200 px-2.5 py-1 text-sm">
                  <span className="font-medium text-slate-900">{s.name}</span>{' '}
                  <span className="text-slate-500">
                    {t('catalogue.template.slotCount', { count: s.slot_nos.length })}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      <Card title={t('catalogue.template.itemsCount', { count: template.content.items.length })}>
        <ItemsTable template={template} />
      </Card>
    </div>
  )
}

/** /templates/machines/{uuid}: one template, as tables or as its JSON (B §2), with edit and delete. */
export function TemplatePage() {
  const { t } = useTranslation()
  const { uuid } = useParams()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const query = useTemplate(uuid)
  const remove = useDeleteTemplate(uuid ?? '')
  const [json, setJson] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  if (!query.data) {
    return (
      <DetailState
        notFoundDescription={t('catalogue.notFoundDescription')}
        valid={uuid !== undefined}
        query={query}
        title={t('catalogue.template.title')}
        breadcrumb={<TemplatesBack />}
        notFoundTitle={t('catalogue.template.notFound')}
        anyErrorIsNoAccess
      />
    )
  }
  const template = query.data
  const confirmDelete = async () => {
    setDeleteError(null)
    try {
      await remove.mutateAsync()
      addToast({
        variant: 'success',
        title: t('catalogue.template.deleted'),
        message: template.name,
        timeout: 5000,
      })
      void navigate('/templates/machines')
    } catch (error) {
      setDeleteError(serverMessage(error) || null)
    }
  }
  return (
    <>
      <PageHeader
        title={template.name}
        breadcrumb={<TemplatesBack />}
        description={`${template.resourceCode} · ${t('catalogue.template.versionN', { version: template.version })}`}
        actions={
          <>
            <Button variant="classic" aria-pressed={json} onClick={() => setJson((v) => !v)}>
              {json ? t('catalogue.template.showTables') : t('catalogue.template.showJson')}
            </Button>
            <Link
              to={`/templates/machines/${template.id}/edit`}
              className={buttonClasses({ variant: 'primary' })}
            >
              {t('catalogue.edit')}
            </Link>
            <Button variant="errorBasic" onClick={() => setConfirming(true)}>
              {t('catalogue.delete')}
            </Button>
          </>
        }
      />
      {json ? (
        <Card title={t('catalogue.template.json')}>
          <pre
            className="-m-4 max-h-[70vh] overflow-auto bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100"
            aria-label={t('catalogue.template.json')}
            tabIndex={0}
            data-testid="template-json"
          >
            {JSON.stringify(template, null, 2)}
          </pre>
        </Card>
      ) : (
        <TemplateView template={template} />
      )}
      <ConfirmDelete
        open={confirming}
        title={t('catalogue.template.deleteTitle')}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
        cancelLabel={t('catalogue.cancel')}
        confirmLabel={t('catalogue.delete')}
      >
        {t('catalogue.template.deleteMessage', { name: template.name })}
      </ConfirmDelete>
    </>
  )
}
