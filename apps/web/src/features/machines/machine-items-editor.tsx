import type { MachineDetail } from '@portal/contract'
import { machineItemsUpdateRequest, minorUnitsFromText, minorUnitsToText } from '@portal/contract'
import { useState } from 'react'
import type { SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { useToast } from '@/components/ui/toast/toast'
import { ApiError } from '@/lib/http'
import { FormError } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { useUpdateMachineItems } from './api/update-machine'

interface Row {
  slot_no: number
  name: string
  price: string
  stock: string
  capacity: string
  is_enabled: boolean
}

const whole = (text: string): number | string => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text)

/**
 * The slot items as a form: price (in the machine's currency, shown with its decimals), stock, capacity and
 * enabled. Only the slots changed are sent (PUT /iot/machines/{id}/items).
 */
export function MachineItemsEditor({ m, onDone }: { m: MachineDetail; onDone: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const update = useUpdateMachineItems(m.machine_id)
  const [rows, setRows] = useState<Row[]>(() =>
    m.items.map((i) => ({
      slot_no: i.slot_no,
      name: i.name,
      price: minorUnitsToText(i.price, m.currency_code),
      stock: String(i.stock),
      capacity: String(i.capacity),
      is_enabled: i.is_enabled,
    })),
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const setRow = (slot: number, change: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.slot_no === slot ? { ...r, ...change } : r)))

  const changed = rows.filter((r, index) => {
    const o = m.items[index]
    return (
      o !== undefined &&
      (r.price !== minorUnitsToText(o.price, m.currency_code) ||
        r.stock !== String(o.stock) ||
        r.capacity !== String(o.capacity) ||
        r.is_enabled !== o.is_enabled)
    )
  })

  // Errors are keyed by the row's place in `rows`, whatever its place in the request.
  const rowIndex = new Map(rows.map((r, i) => [r.slot_no, i]))
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    if (changed.length === 0) {
      onDone()
      return
    }
    const items = changed.map((r) => ({
      slot_no: r.slot_no,
      price: minorUnitsFromText(r.price, m.currency_code) ?? r.price,
      stock: whole(r.stock),
      capacity: whole(r.capacity),
      is_enabled: r.is_enabled,
    }))
    const remap = (errs: FieldErrors): FieldErrors => {
      const out: FieldErrors = {}
      for (const [path, message] of Object.entries(errs)) {
        const match = /^items\.(\d+)\.(\w+)$/.exec(path)
        const slot = match ? changed[Number(match[1])]?.slot_no : undefined
        if (match && slot !== undefined) out[`${String(rowIndex.get(slot))}.${match[2] ?? ''}`] = message
        else out[path] = message
      }
      return out
    }
    const checked = validate(machineItemsUpdateRequest, { items }, () => [])
    if (!checked.ok) {
      const errs = remap(checked.errors)
      // A price that is not an amount of the currency ('1.5.0', '1.234' in SGD) gets a plainer message.
      for (const r of changed)
        if (minorUnitsFromText(r.price, m.currency_code) === null)
          errs[`${String(rowIndex.get(r.slot_no))}.price`] = t('catalogue.machine.priceInvalid')
      setErrors(errs)
      return
    }
    setErrors({})
    try {
      await update.mutateAsync({ items: checked.data.items })
      addToast({
        variant: 'success',
        title: t('catalogue.machine.itemsSaved', { count: changed.length }),
        message: m.alias,
        timeout: 5000,
      })
      onDone()
    } catch (error) {
      const server = serverErrors(error, [])
      const fromIssues: FieldErrors = {}
      for (const issue of error instanceof ApiError ? error.issues : [])
        fromIssues[issue.path.replace(/^body\./, '')] = issue.message
      const mapped = remap(fromIssues)
      setErrors(mapped)
      setFormError(Object.keys(mapped).length > 0 ? null : server.message)
    }
  }

  const input = (r: Row, index: number, field: 'price' | 'stock' | 'capacity', label: string) => {
    const error = errors[`${String(index)}.${field}`]
    return (
      <div>
        <input
          aria-label={t('catalogue.item.slotField', { slot: r.slot_no, field: label })}
          aria-invalid={error ? true : undefined}
          inputMode={field === 'price' ? 'decimal' : 'numeric'}
          value={r[field]}
          onChange={(e) => setRow(r.slot_no, { [field]: e.target.value })}
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
                    checked={r.is_enabled}
                    onChange={(e) => setRow(r.slot_no, { is_enabled: e.target.checked })}
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
          {t('catalogue.machine.changedSlots', { count: changed.length })}
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
