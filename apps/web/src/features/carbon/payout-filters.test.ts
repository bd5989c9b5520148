import type { CarbonProgrammeData } from '@portal/contract'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { invoiceBody, payableYears, payoutBody, payoutFilterDefs, tabOf } from './payout-filters'

const listOf = listStateOf

const t = ((key: string) => key) as unknown as TFunction
const PAGE = { limit: 50, offset: 0 }
const exchange: CarbonProgrammeData = {
  programme: null,
  sides: ['CRX'],
  partners: [
    { entity_code: 'CPO', name: 'SparkGrid', role: 'CPO' },
    { entity_code: 'FLEET', name: 'Lion City', role: 'FO' },
  ],
  scenarios: [],
}

describe('payout history filters', () => {
  it('pages payouts and invoices by 50 (B §9), leaving unset filters out', () => {
    expect(payoutBody(listOf({ role: '', payee: '' }), { limit: 50, offset: 50 }, null)).toEqual({
      limit: 50,
      offset: 50,
    })
    expect(invoiceBody(listOf({ role: '', payee: '', year: '' }), PAGE, null)).toEqual({
      limit: 50,
      offset: 0,
    })
  })

  it('sends the status, role and payee picked', () => {
    // A status the catalogue does not know (a hand-edited URL) is left out.
    expect(payoutBody(listOf({ status: ['Paid', 'Lost'], role: 'FO', payee: 'FLEET' }), PAGE, null)).toEqual({
      limit: 50,
      offset: 0,
      status_list: ['Paid'],
      payee_role: 'FO',
      payee_entity_code: 'FLEET',
    })
    expect(invoiceBody(listOf({ year: '2026' }), PAGE, null)).toEqual({
      limit: 50,
      offset: 0,
      year_payable: 2026,
    })
  })

  it('keeps /cpo-payout-history to the CPOs whatever the URL says', () => {
    expect(payoutBody(listOf({ role: 'FO' }), PAGE, 'CPO').payee_role).toBe('CPO')
    expect(invoiceBody(listOf({ role: 'FO' }), PAGE, 'CPO').payee_role).toBe('CPO')
  })

  it('offers the role and payee filters to the exchange only, and no role on the CPO history', () => {
    const keys = (programme: CarbonProgrammeData | undefined, role: 'CPO' | null) =>
      payoutFilterDefs(t, 'payouts', programme, role, [2026]).map((d) => d.key)
    expect(keys(exchange, null)).toEqual(['status', 'role', 'payee'])
    expect(keys(exchange, 'CPO')).toEqual(['status', 'payee'])
    expect(keys({ ...exchange, sides: ['FO'] }, null)).toEqual(['status'])
    const payees = payoutFilterDefs(t, 'invoices', exchange, 'CPO', [2026]).find((d) => d.key === 'payee')
    expect(payees?.kind === 'select' ? payees.options.map((o) => o.value) : []).toEqual(['', 'CPO'])
  })

  it.each([
    [null, 'payouts'],
    ['invoices', 'invoices'],
    ['other', 'payouts'],
  ])('tab %s reads as %s', (raw, tab) => {
    expect(tabOf(raw)).toBe(tab)
  })

  it('lists the payable years from the programme start to next year, newest first', () => {
    expect(payableYears(Date.UTC(2025, 5, 1), Date.UTC(2026, 10, 24))).toEqual([2027, 2026, 2025])
    expect(payableYears(undefined, Date.UTC(2026, 10, 24))).toEqual([2027, 2026])
  })
})
