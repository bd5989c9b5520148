import type { Template, TemplateWriteInput } from '@portal/contract'
import { minorUnitsFromText, minorUnitsToText, templateWriteRequest } from '@portal/contract'
import { useState } from 'react'
import type { InputHTMLAttributes, SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { Card, FormError } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { DetailState } from '@/components/form-kit/detail-state'
import { useSaveTemplate, useTemplate } from './api/templates'
import { TemplatesBack } from './template-page'

interface ItemDraft {
  key: number
  slot_no: string
  name: string
  description: string
  price: string
  capacity: string
  stock: string
  sku_id: string
  is_enabled: boolean
}
interface SectionDraft {
  key: number
  name: string
  slots: string
}
interface Draft {
  resourceCode: string
  name: string
  currency_code: string
  sections: SectionDraft[]
  items: ItemDraft[]
}

let nextKey = 1
const newItem = (slot: number): ItemDraft => ({
  key: nextKey++,
  slot_no: String(slot),
  name: '',
  description: '',
  price: '',
  capacity: '10',
  stock: '0',
  sku_id: '',
  is_enabled: true,
})

function draftOf(template: Template | null): Draft {
  if (!template)
    return { resourceCode: '', name: '', currency_code: 'SGD', sections: [], items: [newItem(1)] }
  return {
    resourceCode: template.resourceCode,
    name: template.name,
    currency_code: template.currency_code,
    sections: template.sections.map((s) => ({ key: nextKey++, name: s.name, slots: s.slot_nos.join(', ') })),
    items: template.content.items.map((i) => ({
      key: nextKey++,
      slot_no: String(i.slot_no),
      name: i.name,
      description: i.description,
      price: minorUnitsToText(i.price, template.currency_code),
      capacity: String(i.capacity),
      stock: String(i.stock),
      sku_id: i.sku_id === null ? '' : String(i.sku_id),
      is_enabled: i.is_enabled,
    })),
  }
}

/** '1-4, 7' → [1, 2, 3, 4, 7]; null when it is not a list of slots. */
export function parseSlots(text: string): number[] | null {
  const out: number[] = []
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part)
    if (range) {
      const from = Number(range[1])
      const to = Number(range[2])
      if (to < from || to - from > 500) return null
      for (let n = from; n <= to; n++) out.push(n)
    } else if (/^\d+$/.test(part)) out.push(Number(part))
    else return null
  }
  return out
}

/**
 * The body as the API takes it. Prices typed in major units ('1.80') become minor units; what cannot be read is
 * sent as typed, so the contract's cleaning and validation name the field.
 */
function bodyOf(d: Draft): TemplateWriteInput {
  return {
    resourceCode: d.resourceCode,
    name: d.name,
    currency_code: d.currency_code as TemplateWriteInput['currency_code'],
    sections: d.sections.map((s) => ({ name: s.name, slot_nos: parseSlots(s.slots) ?? [] })),
    content: {
      items: d.items.map((i) => ({
        slot_no: i.slot_no,
        name: i.name,
        description: i.description,
        price: minorUnitsFromText(i.price, d.currency_code) ?? i.price,
        capacity: i.capacity,
        stock: i.stock,
        sku_id: i.sku_id,
        is_enabled: i.is_enabled,
      })),
    },
  }
}

function CellInput({
  error,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { error?: string | undefined }) {
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(template))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const setItem = (key: number, change: Partial<ItemDraft>) =>
    setDraft((d) => ({ ...d, items: d.items.map((i) => (i.key === key ? { ...i, ...change } : i)) }))
  const setSection = (key: number, change: Partial<SectionDraft>) =>
    setDraft((d) => ({ ...d, sections: d.sections.map((s) => (s.key === key ? { ...s, ...change } : s)) }))

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const body = bodyOf(draft)
    const checked = validate(templateWriteRequest, body, () =>
      draft.sections.flatMap((s, index) =>
        parseSlots(s.slots) === null
          ? [{ path: `sections.${String(index)}.slot_nos`, message: t('catalogue.template.slotsInvalid') }]
          : [],
      ),
    )
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
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
      const keys = Object.keys(
        Object.fromEntries(
          draft.items.flatMap((_, i) =>
            ['slot_no', 'name', 'price', 'capacity', 'stock', 'sku_id'].map((f) => [
              `content.items.${String(i)}.${f}`,
              1,
            ]),
          ),
        ),
      )
      const server = serverErrors(error, ['resourceCode', 'name', 'currency_code', ...keys])
      setErrors(server.fields)
      setFormError(server.message)
    }
  }

  const itemError = (index: number, field: string) => errors[`content.items.${String(index)}.${field}`]
  const maxSlot = Math.max(0, ...draft.items.map((i) => Number(i.slot_no) || 0))

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <Card title={t('catalogue.template.details')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('catalogue.template.name')}
            value={draft.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            error={errors.name}
          />
          <TextField
            label={t('catalogue.template.resourceCode')}
            value={draft.resourceCode}
            onChange={(e) => setDraft((d) => ({ ...d, resourceCode: e.target.value }))}
            error={errors.resourceCode}
            hint={t('catalogue.template.resourceCodeHint')}
          />
          <TextField
            label={t('catalogue.template.currency')}
            value={draft.currency_code}
            onChange={(e) => setDraft((d) => ({ ...d, currency_code: e.target.value.toUpperCase() }))}
            error={errors.currency_code}
            maxLength={3}
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
            onClick={() =>
              setDraft((d) => ({ ...d, sections: [...d.sections, { key: nextKey++, name: '', slots: '' }] }))
            }
          >
            {t('catalogue.template.addSection')}
          </Button>
        }
      >
        {draft.sections.length === 0 ? (
          <p className="text-sm text-slate-500">{t('catalogue.template.noSections')}</p>
        ) : (
          <ul className="space-y-3">
            {draft.sections.map((s, index) => (
              <li key={s.key} className="grid items-start gap-2 sm:grid-cols-[1fr_2fr_auto]">
                <CellInput
                  aria-label={t('catalogue.template.sectionName')}
                  placeholder={t('catalogue.template.sectionName')}
                  value={s.name}
                  onChange={(e) => setSection(s.key, { name: e.target.value })}
                  error={errors[`sections.${String(index)}.name`]}
                />
                <CellInput
                  aria-label={t('catalogue.template.sectionSlots')}
                  placeholder="1-8"
                  value={s.slots}
                  onChange={(e) => setSection(s.key, { slots: e.target.value })}
                  error={errors[`sections.${String(index)}.slot_nos`]}
                />
                <Button
                  type="button"
                  variant="classic"
                  size="sm"
                  onClick={() =>
                    setDraft((d) => ({ ...d, sections: d.sections.filter((x) => x.key !== s.key) }))
                  }
                >
                  {t('catalogue.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card
        title={t('catalogue.template.itemsCount', { count: draft.items.length })}
        actions={
          <Button
            type="button"
            variant="classic"
            size="sm"
            onClick={() => setDraft((d) => ({ ...d, items: [...d.items, newItem(maxSlot + 1)] }))}
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
                  {t('catalogue.item.priceIn', { currency: draft.currency_code })}
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
              {draft.items.map((item, index) => {
                const row = t('catalogue.item.slotN', { slot: item.slot_no })
                return (
                  <tr key={item.key} className="border-t border-slate-100 align-top">
                    <td className="px-2 py-2">
                      <CellInput
                        aria-label={`${row} ${t('catalogue.item.slot_no')}`}
                        inputMode="numeric"
                        value={item.slot_no}
                        onChange={(e) => setItem(item.key, { slot_no: e.target.value })}
                        error={itemError(index, 'slot_no')}
                      />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput
                        aria-label={`${row} ${t('catalogue.item.name')}`}
                        value={item.name}
                        onChange={(e) => setItem(item.key, { name: e.target.value })}
                        error={itemError(index, 'name')}
                      />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput
                        aria-label={`${row} ${t('catalogue.item.price')}`}
                        inputMode="decimal"
                        placeholder="1.80"
                        value={item.price}
                        onChange={(e) => setItem(item.key, { price: e.target.value })}
                        error={itemError(index, 'price')}
                      />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput
                        aria-label={`${row} ${t('catalogue.item.stock')}`}
                        inputMode="numeric"
                        value={item.stock}
                        onChange={(e) => setItem(item.key, { stock: e.target.value })}
                        error={itemError(index, 'stock')}
                      />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput
                        aria-label={`${row} ${t('catalogue.item.capacity')}`}
                        inputMode="numeric"
                        value={item.capacity}
                        onChange={(e) => setItem(item.key, { capacity: e.target.value })}
                        error={itemError(index, 'capacity')}
                      />
                    </td>
                    <td className="px-2 py-2">
                      <CellInput
                        aria-label={`${row} ${t('catalogue.item.sku_id')}`}
                        inputMode="numeric"
                        value={item.sku_id}
                        onChange={(e) => setItem(item.key, { sku_id: e.target.value })}
                        error={itemError(index, 'sku_id')}
                      />
                    </td>
                    <td className="px-2 py-2 pt-4">
                      <input
                        type="checkbox"
                        aria-label={`${row} ${t('catalogue.item.is_enabled')}`}
                        checked={item.is_enabled}
                        onChange={(e) => setItem(item.key, { is_enabled: e.target.checked })}
                        className="size-4 accent-brand-700"
                      />
                    </td>
                    <td className="px-2 py-2">
                      <Button
                        type="button"
                        variant="classic"
                        size="sm"
                        onClick={() =>
                          setDraft((d) => ({ ...d, items: d.items.filter((x) => x.key !== item.key) }))
                        }
                      >
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

      <FormError message={formError ?? errors['content.items'] ?? null} />
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
