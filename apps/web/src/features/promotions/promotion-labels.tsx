import type { Promotion } from '@portal/contract'
import {
  DiscountType,
  formatDate,
  formatMoney,
  promotionStatuses,
  PromotionType,
  promotionTypes,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { Badge } from '@/components/ui/badge/badge'

export const typeLabel = (t: TFunction, type: number) =>
  t(`promotions.type.${String(type)}`, { defaultValue: labelOf(promotionTypes, type) })

export function StatusBadge({ t, status }: { t: TFunction; status: number }) {
  return (
    <Badge tone={status === 1 ? 'positive' : 'neutral'} dot>
      {t(`promotions.status.${String(status)}`, { defaultValue: labelOf(promotionStatuses, status) })}
    </Badge>
  )
}

/** One line saying what the promotion gives, from the extras of its type. */
export function valueSummary(t: TFunction, p: Promotion): string {
  switch (p.type) {
    case PromotionType.Credits:
      return t('promotions.summary.credits', {
        balance: formatMoney(p.money_balance ?? 0, p.currency_code),
        original: formatMoney(p.original_money_balance ?? 0, p.currency_code),
      })
    case PromotionType.Discount:
      return p.discount_type === DiscountType.Percentage
        ? t('promotions.summary.percent', { value: p.discount ?? 0 })
        : t('promotions.summary.amount', { value: formatMoney(p.discount ?? 0, p.currency_code) })
    case PromotionType.SetCount:
      return t('promotions.summary.set', {
        balance: p.item_balance ?? 0,
        original: p.original_item_balance ?? 0,
        count: p.items?.length ?? 0,
      })
    default:
      return t('promotions.summary.items', {
        balance: p.item_balance ?? 0,
        original: p.original_item_balance ?? 0,
      })
  }
}

export function validity(t: TFunction, p: Pick<Promotion, 'start_time' | 'end_time'>): string {
  if (p.start_time === null && p.end_time === null) return t('promotions.noEnd')
  const from = p.start_time === null ? '…' : formatDate(p.start_time)
  const to = p.end_time === null ? '…' : formatDate(p.end_time)
  return `${from} – ${to}`
}
