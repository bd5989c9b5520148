import type { MachineDetail } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { useToast } from '@/components/ui/toast/toast'
import { useUpdateMachineItems } from './api/update-machine'
import type { ItemDraft } from './machine-items-draft'
import { changedItems, itemsDraftOf, itemsForm, onFormRows } from './machine-items-draft'

/**
 * The slot items as a form: price (in the machine's currency, shown with its decimals), stock, capacity and
 * enabled. Only the slots changed are sent (PUT /iot/machines/{id}/items).
 */
export function MachineItemsEditor({ m, onDone }: { m: MachineDetail; onDone: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const update = useUpdateMachineItems(m.machine_id)
  const schema = useMemo(
    () => itemsForm(m.currency_code, t('catalogue.machine.priceInvalid')),
    [m.currency_code, t],
  )
  const defaults = useMemo(() => itemsDraftOf(m), [m])
  const form = useZodForm(schema, { defaultValues: defaults })
  const { errors, dirtyFields } = form.formState
  const [formError, setFormError] = useState<string | null>(null)
  const rows = defaults.items
  const changedCount = (dirtyFields.items ?? []).filter(
    (row) => row !== undefined && Object.values(row).some(Boolean),
  ).length

  const submit = form.handleSubmit(async ({ items }) => {
    setFormError(null)
    const changed = changedItems(m, items)
    if (changed.length === 0) {
      onDone()
      return
    }
    try {
      await update.mutateAsync({ items: changed })
      addToast({
        variant: 'success',
        title: t('catalogue.machine.itemsSaved', { count: changed.length }),
        message: m.alias,
        timeout: 5000,
      })
      onDone()
    } catch (error) {
      setFormError(applyServerErrors(form, onFormRows(error, changed, rows)))
    }
  })

  const input = (r: ItemDraft, index: number, field: 'price' | 'stock' | 'capacity', label: string) => {
    const error = errors.items?.[index]?.[field]?.message
    return (
      <div>
        <input
          aria-label={t('catalogue.item.slotField', { slot: r.slot_no, field: label })}
          aria-invalid={error ? true : undefined}
          inputMode={field === 'price' ? 'decimal' : 'numeric'}
          {...form.register(`items.${index}.${field}`)}
          className={cn(
            'block h-8 w-20 rounded-md border border-slate-300 bg-white px-2 text-right text-sm tabular-nums shadow-xs',
            'aria-invalid:border-rose-400',
          )}
        />
        {error && <p className="mt-0.5 max-w-40 text-xs text-rose-700">{error}</p>}
      </div>
    )
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('catalogue.machine.editItems')}>
      <div className="-mx-4 -mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('catalogue.machine.editItems')}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-right">
                {t('machine.item.slot_no')}
              </th>
              <th scope="col" className="px-3 py-2 text-left">
                {t('machine.item.name')}
              </th>
              <th scope="col" className="px-3 py-2 text-left">
                {t('catalogue.item.priceIn', { currency: m.currency_code })}
              </th>
              <th scope="col" className="px-3 py-2 text-left">
                {t('catalogue.item.stock')}
              </th>
              <th scope="col" className="px-3 py-2 text-left">
                {t('catalogue.item.capacity')}
              </th>
              <th scope="col" className="px-3 py-2 text-left">
                {t('machine.item.is_enabled')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, index) => (
              <tr key={r.slot_no} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2 pt-3.5 text-right tabular-nums text-slate-500">{r.slot_no}</td>
                <td className="px-3 py-2 pt-3.5 font-medium text-slate-900">{r.name}</td>
                <td className="px-3 py-2">{input(r, index, 'price', t('catalogue.item.price'))}</td>
                <td className="px-3 py-2">{input(r, index, 'stock', t('catalogue.item.stock'))}</td>
                <td className="px-3 py-2">{input(r, index, 'capacity', t('catalogue.item.capacity'))}</td>
                <td className="px-3 py-2 pt-3.5">
                  <input
                    type="checkbox"
                    aria-label={t('catalogue.item.slotField', {
                      slot: r.slot_no,
                      field: t('catalogue.item.is_enabled'),
                    })}
                    {...form.register(`items.${index}.is_enabled`)}
                    className="size-4 accent-brand-700"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4">
        <FormError message={formError} />
      </div>
      <div className="mt-4 flex items-center justify-end gap-2">
        <span className="mr-auto text-sm text-slate-500">
          {t('catalogue.machine.changedSlots', { count: changedCount })}
        </span>
        <Button type="button" variant="classic" onClick={onDone}>
          {t('catalogue.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('catalogue.save')}
        </Button>
      </div>
    </form>
  )
}
