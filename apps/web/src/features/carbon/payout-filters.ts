import type {
  CarbonInvoiceFilterRequest,
  CarbonPayoutFilterRequest,
  CarbonProgrammeData,
} from '@portal/contract'
import { cleanFilters, payoutStatuses } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { multiIn } from '@/components/list-filters/typed-values'

export const TAB_KEY = 'tab'
export const TABS = ['payouts', 'invoices'] as const
export type PayoutTab = (typeof TABS)[number]
export const KEYS = { status: 'status', role: 'role', payee: 'payee', year: 'year' } as const
export const ALL = ''

export function tabOf(raw: string | null): PayoutTab {
  return TABS.find((tab) => tab === raw) ?? 'payouts'
}

/**
 * The history's filters: status (payouts), and for the exchange, which sees every partner's, the payee's role and
 * the payee; the year payable (invoices). On /cpo-payout-history the role is CPO and not offered.
 */
export function payoutFilterDefs(
  t: TFunction,
  tab: PayoutTab,
  programme: CarbonProgrammeData | undefined,
  fixedRole: 'CPO' | null,
  years: readonly number[],
): FilterDef[] {
  const exchange = programme?.sides.includes('CRX') ?? false
  const defs: FilterDef[] = []
  if (tab === 'payouts') {
    defs.push({
      kind: 'multi',
      key: KEYS.status,
      label: t('carbon.payouts.col.status'),
      options: payoutStatuses.entries.map((e) => ({
        value: e.value,
        label: t(`carbon.payouts.status.${e.value}`),
      })),
    })
  } else {
    defs.push({
      kind: 'select',
      key: KEYS.year,
      label: t('carbon.invoices.col.year_payable'),
      defaultValue: ALL,
      options: [
        { value: ALL, label: t('carbon.invoices.allYears') },
        ...years.map((y) => ({ value: String(y), label: String(y) })),
      ],
    })
  }
  if (exchange) {
    if (fixedRole === null) {
      defs.push({
        kind: 'select',
        key: KEYS.role,
        label: t('carbon.payouts.role'),
        defaultValue: ALL,
        options: [
          { value: ALL, label: t('carbon.payouts.allRoles') },
          { value: 'CPO', label: t('carbon.role.CPOs') },
          { value: 'FO', label: t('carbon.role.FOs') },
        ],
      })
    }
    defs.push({
      kind: 'select',
      key: KEYS.payee,
      label: t('carbon.payouts.col.payee'),
      defaultValue: ALL,
      options: [
        { value: ALL, label: t('carbon.payouts.allPayees') },
        ...(programme?.partners ?? [])
          .filter((p) => fixedRole === null || p.role === fixedRole)
          .map((p) => ({ value: p.entity_code, label: p.name })),
      ],
    })
  }
  return defs
}

function roleOf(list: Pick<ListState, 'select'>, fixedRole: 'CPO' | null): 'CPO' | 'FO' | undefined {
  if (fixedRole) return fixedRole
  const role = String(list.select(KEYS.role))
  return role === 'CPO' || role === 'FO' ? role : undefined
}

/** POST /carbon/payouts/filter's body (50 a page, B §9). */
export function payoutBody(
  list: Pick<ListState, 'select' | 'multi'>,
  page: PageWindow,
  fixedRole: 'CPO' | null,
): CarbonPayoutFilterRequest {
  const payee = String(list.select(KEYS.payee))
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      status_list: multiIn(list, KEYS.status, payoutStatuses),
      payee_role: roleOf(list, fixedRole),
      payee_entity_code: payee === ALL ? undefined : payee,
    }),
  }
}

/** POST /carbon/invoices/filter's body (50 a page, B §9). */
export function invoiceBody(
  list: Pick<ListState, 'select'>,
  page: PageWindow,
  fixedRole: 'CPO' | null,
): CarbonInvoiceFilterRequest {
  const payee = String(list.select(KEYS.payee))
  const year = Number(list.select(KEYS.year))
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      payee_role: roleOf(list, fixedRole),
      payee_entity_code: payee === ALL ? undefined : payee,
      year_payable: Number.isInteger(year) && year > 0 ? year : undefined,
    }),
  }
}

/** The years an invoice may be payable in: from the programme's start to this year, newest first. */
export function payableYears(startedAt: number | undefined, now: number): number[] {
  const last = new Date(now).getUTCFullYear()
  const first = startedAt === undefined ? last : new Date(startedAt).getUTCFullYear()
  const out: number[] = []
  for (let y = last + 1; y >= Math.min(first, last); y--) out.push(y)
  return out
}
