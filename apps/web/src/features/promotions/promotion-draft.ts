import type { Promotion, PromotionExtras, PromotionInputRequest } from '@portal/contract'
import { DiscountType, minorUnitDigits, promotionExtraIssues, PromotionType } from '@portal/contract'
import { z } from 'zod'

/** The form's state: every input as typed, so a half-typed number is not lost or reformatted. */
export interface PromotionDraft {
  name: string
  description: string
  type: string
  status: string
  /** Days as the date inputs hold them (YYYY-MM-DD); named as the request's fields, so a 400 finds its input. */
  start_time: string
  end_time: string
  item_balance: string
  original_item_balance: string
  /** Money in major units as typed (e.g. "12.50"); sent in minor units. */
  money_balance: string
  original_money_balance: string
  discount_type: string
  /** A percentage, or a flat amount in major units. */
  discount: string
  items: { name: string; quantity: string }[]
}

export type DraftErrors = Partial<Record<string, string>>

export const emptyDraft = (): PromotionDraft => ({
  name: '',
  description: '',
  type: '',
  status: '1',
  start_time: '',
  end_time: '',
  item_balance: '',
  original_item_balance: '',
  money_balance: '',
  original_money_balance: '',
  discount_type: '',
  discount: '',
  items: [{ name: '', quantity: '1' }],
})

/** Minor units of a typed amount; NaN when it is not an amount with at most the currency's decimals. */
export function toMinor(text: string, currency: string): number {
  const digits = minorUnitDigits(currency)
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim())
  if (!m || (m[3]?.length ?? 0) > digits) return Number.NaN
  const fraction = (m[3] ?? '').padEnd(digits, '0')
  const value = Number(m[2]) * 10 ** digits + (fraction === '' ? 0 : Number(fraction))
  return m[1] === '-' ? -value : value
}

export function fromMinor(value: number | null, currency: string): string {
  if (value === null) return ''
  const digits = minorUnitDigits(currency)
  return digits === 0 ? String(value) : (value / 10 ** digits).toFixed(digits)
}

const count = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()))
const money = (text: string, currency: string) => (text.trim() === '' ? undefined : toMinor(text, currency))

function dayToMillis(day: string, end: boolean): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return null
  const start = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime()
  return end ? start + 86_400_000 - 1 : start
}

function millisToDay(value: number | null): string {
  if (value === null) return ''
  const d = new Date(value)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function draftOf(p: Promotion): PromotionDraft {
  const percent = p.discount_type === DiscountType.Percentage
  return {
    name: p.name,
    description: p.description,
    type: String(p.type),
    status: String(p.status),
    start_time: millisToDay(p.start_time),
    end_time: millisToDay(p.end_time),
    item_balance: p.item_balance === null ? '' : String(p.item_balance),
    original_item_balance: p.original_item_balance === null ? '' : String(p.original_item_balance),
    money_balance: fromMinor(p.money_balance, p.currency_code),
    original_money_balance: fromMinor(p.original_money_balance, p.currency_code),
    discount_type: p.discount_type === null ? '' : String(p.discount_type),
    discount:
      p.discount === null ? '' : percent ? String(p.discount) : fromMinor(p.discount, p.currency_code),
    items: p.items?.length
      ? p.items.map((i) => ({ name: i.name, quantity: String(i.quantity) }))
      : emptyDraft().items,
  }
}

/** The request body of a draft (every field; the server keeps the type's extras only). */
export function requestOf(d: PromotionDraft, currency: string): PromotionInputRequest {
  const discountType = d.discount_type === '' ? undefined : Number(d.discount_type)
  const extras: PromotionExtras = {
    item_balance: count(d.item_balance),
    original_item_balance: count(d.original_item_balance),
    money_balance: money(d.money_balance, currency),
    original_money_balance: money(d.original_money_balance, currency),
    items: d.items
      .filter((i) => i.name.trim() !== '' || i.quantity.trim() !== '')
      .map((i) => ({ name: i.name.trim(), quantity: Number(i.quantity) })),
    discount_type: discountType,
    discount: discountType === DiscountType.FlatAmount ? money(d.discount, currency) : count(d.discount),
  }
  return {
    name: d.name.trim(),
    description: d.description.trim(),
    type: Number(d.type) as PromotionInputRequest['type'],
    status: Number(d.status) as NonNullable<PromotionInputRequest['status']>,
    start_time: dayToMillis(d.start_time, false),
    end_time: dayToMillis(d.end_time, true),
    ...extras,
    items: extras.items ? [...extras.items] : null,
  }
}

/** The same rules as the server (promotionExtraIssues), keyed by field, so each message shows under its input. */
export function validateDraft(d: PromotionDraft, currency: string, t: (key: string) => string): DraftErrors {
  const errors: DraftErrors = {}
  if (d.name.trim() === '') errors.name = t('promotions.form.required')
  if (d.type === '') {
    errors.type = t('promotions.form.chooseType')
    return errors
  }
  const body = requestOf(d, currency)
  for (const issue of promotionExtraIssues(body.type, body)) errors[issue.field] ??= issue.message
  if (body.start_time != null && body.end_time != null && body.end_time < body.start_time) {
    errors.end_time = t('promotions.form.endBeforeStart')
  }
  return errors
}

const text = z.string()

/**
 * The form's schema (docs/decisions/0033-forms.md): the draft as typed, checked by the contract's rules for the
 * chosen type (promotionExtraIssues, the server's own check), and turned into the request on success.
 */
export function promotionDraftSchema(currency: string, t: (key: string) => string) {
  return z
    .object({
      name: text,
      description: text,
      type: text,
      status: text,
      start_time: text,
      end_time: text,
      item_balance: text,
      original_item_balance: text,
      money_balance: text,
      original_money_balance: text,
      discount_type: text,
      discount: text,
      items: z.array(z.object({ name: text, quantity: text })),
    })
    .superRefine((draft, ctx) => {
      for (const [field, message] of Object.entries(validateDraft(draft, currency, t)))
        if (message !== undefined) ctx.addIssue({ code: 'custom', path: [field], message })
    })
    .transform((draft) => requestOf(draft, currency))
}

export const isMoneyType = (type: string) => Number(type) === PromotionType.Credits
