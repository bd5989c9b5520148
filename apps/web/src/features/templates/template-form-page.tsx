import type { Template } from '@portal/contract'
import type { ComponentPropsWithRef } from 'react'
import { useMemo, useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { Card, FormError } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useSaveTemplate, useTemplate } from './api/templates'
import type { ItemDraft } from './template-form-schema'
import { newItem, templateDraftOf, templateFormSchema } from './template-form-schema'
import { TemplatesBack } from './template-page'

function CellInput({
  error,
  className,
  ...props
}: ComponentPropsWithRef<'input'> & { error?: string | undefined }) {
  return (
    <div>
      <input
        aria-invalid={error ? true : undefined}
        className={cn(
          'block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm shadow-xs aria-invalid:border-rose-400',
          className,
        )}
        {...props}
      />
      {error && <p className="mt-0.5 text-xs text-rose-700">{error}</p>}
    </div>
  )
}

function TemplateForm({ template }: { template: Template | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const save = useSaveTemplate(template?.id ?? null)
  const schema = useMemo(
    () =>
      templateFormSchema({
        slotsInvalid: t('catalogue.template.slotsInvalid'),
        priceInvalid: (digits) => t('catalogue.sku.priceInvalid', { digits }),
      }),
    [t],
  )
  const form = useZodForm(schema, { defaultValues: templateDraftOf(template) })
  const sections = useFieldArray({ control: form.control, name: 'sections' })
  const items = useFieldArray({ control: form.control, name: 'content.items' })
  const [formError, setFormError] = useState<string | null>(null)
  const { errors } = form.formState
  const currency = form.watch('currency_code').toUpperCase()
  const slots = form.watch('content.items').map((i) => i.slot_no)

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      const saved = await save.mutateAsync(body)
      addToast({
        variant: 'success',
        title: t('catalogue.template.saved'),
        message: saved.name,
        timeout: 5000,
      })
      void navigate(`/templates/machines/${saved.id}`)
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })

  const itemError = (index: number, field: keyof ItemDraft) =>
    errors.content?.items?.[index]?.[field]?.message
  const maxSlot = Math.max(0, ...slots.map((s) => Number(s) || 0))
  const itemsMessage = errors.content?.items?.message ?? errors.content?.items?.root?.message

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <Card title={t('catalogue.template.details')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('catalogue.template.name')}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label={t('catalogue.template.resourceCode')}
            error={errors.resourceCode?.message}
            hint={t('catalogue.template.resourceCodeHint')}
            {...form.register('resourceCode')}
          />
          <TextField
            // Typed in any case, shown and sent in capitals.
            className="[&_input]:uppercase"
            label={t('catalogue.template.currency')}
            error={errors.currency_code?.message}
            maxLength={3}
            {...form.register('currency_code')}
          />
        </div>
      </Card>

      <Card
        title={t('catalogue.template.sections')}
        actions={
          <Button
            type="button"
            variant="classic"
            size="sm"
            onClick={() => sections.append({ name: '', slot_nos: '' })}
          >
            {t('catalogue.template.addSection')}
          </Button>
        }
      >
        {sections.fields.length === 0 ? (
          <p className="text-sm text-slate-500">{t('catalogue.template.noSections')}</p>
        ) : (
          <ul className="space-y-3">
            {sections.fields.map((field, index) => (
              <li key={field.id} className="grid items-start gap-2 sm:grid-cols-[1fr_2fr_auto]">
                <CellInput
                  aria-label={t('catalogue.template.sectionName')}
                  placeholder={t('catalogue.template.sectionName')}
                  error={errors.sections?.[index]?.name?.message}
                  {...form.register(`sections.${index}.name`)}
                />
                <CellInput
                  aria-label={t('catalogue.template.sectionSlots')}
                  placeholder="1-8"
                  error={errors.sections?.[index]?.slot_nos?.message}
                  {...form.register(`sections.${index}.slot_nos`)}
                />
                <Button type="button" variant="classic" size="sm" onClick={() => sections.remove(index)}>
                  {t('catalogue.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card
        title={t('catalogue.template.itemsCount', { count: items.fields.length })}
        actions={
          <Button
            type="button"
            variant="classic"
            size="sm"
            onClick={() => items.append(newItem(maxSlot + 1))}
          >
            {t('catalogue.template.addItem')}
          </Button>
        }
      >
        <div className="-m-4 overflow-x-auto">
          <table className="w-full min-w-[56rem] text-sm">
            <caption className="sr-only">{t('catalogue.template.items')}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="w-20 px-2 py-2">
                  {t('catalogue.item.slot_no')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('catalogue.item.name')}
                </th>
                <th scope="col" className="w-28 px-2 py-2">
                  {t('catalogue.item.priceIn', { currency })}
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  {t('catalogue.item.stock')}
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  {t('catalogue.item.capacity')}
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  {t('catalogue.item.sku_id')}
                </th>
                <th scope="col" className="w-20 px-2 py-2">
                  {t('catalogue.item.is_enabled')}
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  <span className="sr-only">{t('catalogue.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.fields.map((field, index) => {
                const row = t('catalogue.item.slotN', { slot: slots[index] ?? '' })
                const cell = (name: 'slot_no' | 'name' | 'price' | 'stock' | 'capacity' | 'sku_id') => ({
                  'aria-label': `${row} ${t(`catalogue.item.${name}`)}`,
                  error: itemError(index, name),
                  ...form.register(`content.items.${index}.${name}`),
                })
                return (
                  <tr key={field.id} className="border-t border-slate-100 align-top">
                    <td className="px-2 py-2">
                      <CellInput inputMode="numeric" {...cell('slot_no')} />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput {...cell('name')} />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput inputMode="decimal" placeholder="1.80" {...cell('price')} />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput inputMode="numeric" {...cell('stock')} />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput inputMode="numeric" {...cell('capacity')} />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput inputMode="numeric" {...cell('sku_id')} />
                    </td>
                    <td className="px-2 py-2 pt-4">
                      <input
                        type="checkbox"
                        aria-label={`${row} ${t('catalogue.item.is_enabled')}`}
                        className="size-4 accent-brand-700"
                        {...form.register(`content.items.${index}.is_enabled`)}
                      />
                    </td>
                    <td className="px-2 py-2">
                      <Button type="button" variant="classic" size="sm" onClick={() => items.remove(index)}>
                        {t('catalogue.remove')}
                      </Button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Card>

      <FormError message={formError ?? itemsMessage ?? null} />
      <div className="flex justify-end gap-2">
        <Link
          to={template ? `/templates/machines/${template.id}` : '/templates/machines'}
          className={buttonClasses({ variant: 'classic' })}
        >
          {t('catalogue.cancel')}
        </Link>
        <Button type="submit" loading={save.isPending}>
          {template ? t('catalogue.save') : t('catalogue.template.create')}
        </Button>
      </div>
    </form>
  )
}

/** /templates/machines/create and /templates/machines/{uuid}/edit. */
export function TemplateFormPage() {
  const { t } = useTranslation()
  const { uuid } = useParams()
  const query = useTemplate(uuid)
  if (uuid === undefined) {
    return (
      <>
        <PageHeader title={t('catalogue.template.createTitle')} breadcrumb={<TemplatesBack />} />
        <TemplateForm template={null} />
      </>
    )
  }
  if (!query.data) {
    return (
      <DetailState
        notFoundDescription={t('catalogue.notFoundDescription')}
        valid
        query={query}
        title={t('catalogue.template.editTitle')}
        breadcrumb={<TemplatesBack />}
        notFoundTitle={t('catalogue.template.notFound')}
        anyErrorIsNoAccess
      />
    )
  }
  return (
    <>
      <PageHeader
        title={t('catalogue.template.editTitle')}
        breadcrumb={<TemplatesBack />}
        description={query.data.name}
      />
      <TemplateForm key={`${query.data.id}-${String(query.data.version)}`} template={query.data} />
    </>
  )
}
