import { DiscountType, PROMOTION_EXTRA_FIELDS, PromotionType } from '../../enums/promotion'

/** One item of a Set Count promotion: what the set holds and how many of it. */
export interface PromotionSetItem {
  name: string
  quantity: number
}

/** The type-specific fields of a promotion (B §3 "Promotion extras by type"); money in minor units. */
export interface PromotionExtras {
  item_balance?: number | null | undefined
  original_item_balance?: number | null | undefined
  money_balance?: number | null | undefined
  original_money_balance?: number | null | undefined
  items?: readonly PromotionSetItem[] | null | undefined
  discount_type?: number | null | undefined
  discount?: number | null | undefined
}

export type PromotionExtraName = keyof PromotionExtras

export interface PromotionFieldIssue {
  field: PromotionExtraName
  message: string
}

/** Largest balance or amount accepted (minor units or item counts): far above any real promotion. */
export const PROMOTION_MAX_AMOUNT = 100_000_000
export const PROMOTION_MAX_SET_ITEMS = 50

const EXTRA_NAMES: readonly PromotionExtraName[] = [
  'item_balance',
  'original_item_balance',
  'money_balance',
  'original_money_balance',
  'items',
  'discount_type',
  'discount',
]

const isSet = (v: unknown) => v !== undefined && v !== null

function countIssue(value: unknown): string | null {
  if (!isSet(value)) return 'Required'
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'Must be a whole number'
  if (value < 0) return 'Must not be negative'
  if (value > PROMOTION_MAX_AMOUNT) return `Must be at most ${String(PROMOTION_MAX_AMOUNT)}`
  return null
}

/** A current balance and its original: both whole and non-negative, and the original at least the current. */
function balancePair(
  extras: PromotionExtras,
  current: 'item_balance' | 'money_balance',
  original: 'original_item_balance' | 'original_money_balance',
): PromotionFieldIssue[] {
  const issues: PromotionFieldIssue[] = []
  const a = countIssue(extras[current])
  const b = countIssue(extras[original])
  if (a) issues.push({ field: current, message: a })
  if (b) issues.push({ field: original, message: b })
  if (!a && !b && Number(extras[original]) < Number(extras[current])) {
    issues.push({ field: original, message: `Must be at least the ${current.replace('_', ' ')}` })
  }
  return issues
}

function itemsIssues(items: PromotionExtras['items']): PromotionFieldIssue[] {
  if (items === null || items === undefined || items.length === 0) {
    return [{ field: 'items', message: 'Add at least one item' }]
  }
  if (items.length > PROMOTION_MAX_SET_ITEMS) {
    return [{ field: 'items', message: `At most ${String(PROMOTION_MAX_SET_ITEMS)} items` }]
  }
  const bad = items.findIndex(
    (i) =>
      typeof i.name !== 'string' ||
      i.name.trim() === '' ||
      !Number.isInteger(i.quantity) ||
      i.quantity < 1 ||
      i.quantity > 1000,
  )
  return bad === -1
    ? []
    : [{ field: 'items', message: `Item ${String(bad + 1)} needs a name and a quantity from 1 to 1000` }]
}

function discountIssues(extras: PromotionExtras): PromotionFieldIssue[] {
  const type = extras.discount_type
  if (!isSet(type)) return [{ field: 'discount_type', message: 'Required' }]
  if (type !== DiscountType.FlatAmount && type !== DiscountType.Percentage) {
    return [{ field: 'discount_type', message: 'Must be Flat Amount (1) or Percentage (2)' }]
  }
  const value = extras.discount
  if (!isSet(value)) return [{ field: 'discount', message: 'Required' }]
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return [{ field: 'discount', message: 'Must be a whole number' }]
  }
  if (type === DiscountType.Percentage && (value < 1 || value > 100)) {
    return [{ field: 'discount', message: 'A percentage must be from 1 to 100' }]
  }
  if (type === DiscountType.FlatAmount && (value < 1 || value > PROMOTION_MAX_AMOUNT)) {
    return [{ field: 'discount', message: 'An amount must be at least 1 (in minor units)' }]
  }
  return []
}

/**
 * The per-type field rules of a promotion, as one pure function the server's schema and the portal's form share:
 * the fields of the type (PROMOTION_EXTRA_FIELDS) are required and valid; other types' fields are ignored.
 * Returns every problem, each naming its field; empty when the promotion is valid.
 */
export function promotionExtraIssues(type: number, extras: PromotionExtras): PromotionFieldIssue[] {
  switch (type) {
    case PromotionType.Count:
    case PromotionType.Postpaid:
      return balancePair(extras, 'item_balance', 'original_item_balance')
    case PromotionType.Credits:
      return balancePair(extras, 'money_balance', 'original_money_balance')
    case PromotionType.SetCount:
      return [...balancePair(extras, 'item_balance', 'original_item_balance'), ...itemsIssues(extras.items)]
    case PromotionType.Discount:
      return discountIssues(extras)
    default:
      return []
  }
}

/** Only the fields of the type; the others become null, so a promotion never stores another type's fields. */
export function pickPromotionExtras(type: number, extras: PromotionExtras): Required<PromotionExtras> {
  const own = new Set<string>(PROMOTION_EXTRA_FIELDS[type as PromotionType] as readonly string[] | undefined)
  const out = {} as Record<PromotionExtraName, unknown>
  for (const name of EXTRA_NAMES) out[name] = own.has(name) ? (extras[name] ?? null) : null
  return out as Required<PromotionExtras>
}
