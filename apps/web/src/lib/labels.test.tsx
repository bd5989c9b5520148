import type { Catalogue, CatalogueValue } from '@portal/contract'
// eslint-disable-next-line no-restricted-imports -- every export is read, to find the catalogues among them
import * as contract from '@portal/contract'
import { act, render, screen } from '@testing-library/react'
import { useTranslation } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { catalogueOptions, labelOf } from '@/lib/labels'
import en from '@/locales/en/enums.json'
import ms from '@/locales/ms/enums.json'
import ta from '@/locales/ta/enums.json'
import zh from '@/locales/zh/enums.json'

type Values = Record<string, Record<string, string>>

function isCatalogue(value: unknown): value is Catalogue<CatalogueValue> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    Array.isArray((value as { entries?: unknown }).entries) &&
    Array.isArray((value as { values?: unknown }).values)
  )
}

// Every catalogue the contract exports, found by shape: a catalogue added tomorrow is covered without editing this.
const catalogues = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, Catalogue<CatalogueValue>] => isCatalogue(entry[1]),
)

const files: Record<'en' | 'zh' | 'ms' | 'ta', Values> = {
  en: en.enums.values,
  zh: zh.enums.values,
  ms: ms.enums.values,
  ta: ta.enums.values,
}

afterEach(async () => {
  await act(() => setLanguage('en'))
})

describe('the enumeration labels (docs/decisions/0051)', () => {
  it('finds the contract’s catalogues', () => {
    expect(catalogues.length).toBeGreaterThan(80)
    expect(catalogues.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'transactionStatuses',
        'transactionTypes',
        'paymentMethods',
        'evSessionStatuses',
      ]),
    )
  })

  it('keys every catalogue by a name that says one thing: two catalogues of one name agree on their labels', () => {
    const seen = new Map<string, string>()
    for (const [exported, catalogue] of catalogues) {
      for (const entry of catalogue.entries) {
        const key = `${catalogue.name}\u0000${String(entry.value)}`
        const label = seen.get(key)
        expect(
          label === undefined || label === entry.label,
          `${exported}: ${catalogue.name} ${String(entry.value)}`,
        ).toBe(true)
        seen.set(key, entry.label)
      }
    }
  })

  it('keeps the English of the contract, exactly', () => {
    for (const [exported, catalogue] of catalogues)
      for (const entry of catalogue.entries)
        expect(files.en[catalogue.name]?.[String(entry.value)], `${exported} ${String(entry.value)}`).toBe(
          entry.label,
        )
  })

  it.each(['zh', 'ms', 'ta'] as const)('translates every value of every catalogue in %s', (language) => {
    const missing = catalogues.flatMap(([exported, catalogue]) =>
      catalogue.values
        .filter((value) => (files[language][catalogue.name]?.[String(value)] ?? '').trim() === '')
        .map((value) => `${exported} (${catalogue.name}) ${String(value)}`),
    )
    expect(missing).toEqual([])
  })

  it.each(['en', 'zh', 'ms', 'ta'] as const)('holds no value in %s that no catalogue has', (language) => {
    const known = new Set(catalogues.flatMap(([, c]) => c.values.map((v) => `${c.name}\u0000${String(v)}`)))
    const stale = Object.entries(files[language]).flatMap(([name, values]) =>
      Object.keys(values)
        .filter((value) => !known.has(`${name}\u0000${value}`))
        .map((value) => `${name} ${value}`),
    )
    expect(stale).toEqual([])
  })
})

describe('labelOf', () => {
  it('says a value in the current language and an unknown one as Unknown (value)', async () => {
    expect(labelOf(contract.transactionStatuses, 3)).toBe('Success')
    expect(labelOf(contract.transactionStatuses, 99)).toBe('Unknown (99)')
    await act(() => setLanguage('zh'))
    expect(labelOf(contract.transactionStatuses, 3)).toBe('成功')
    expect(labelOf(contract.transactionTypes, 2)).toBe('退款')
    expect(labelOf(contract.transactionStatuses, 99)).toBe('未知（99）')
    // A brand keeps its name; the file lists it all the same.
    expect(labelOf(contract.paymentMethods, 3)).toBe('PayNow')
    await act(() => setLanguage('ms'))
    expect(labelOf(contract.transactionTypes, 1)).toBe('Biasa')
    await act(() => setLanguage('ta'))
    expect(labelOf(contract.transactionStatuses, 7)).toBe('மீளளிக்கப்பட்டது')
  })

  it('matches the value exactly, as the contract does', () => {
    expect(labelOf(contract.transactionStatuses, '3')).toBe('Unknown (3)')
    expect(labelOf(contract.transactionStatuses, null)).toBe('Unknown (null)')
  })

  it('gives a catalogue’s options in the spec’s order, translated, optionally filtered', async () => {
    await act(() => setLanguage('zh'))
    expect(catalogueOptions(contract.transactionTypes)).toEqual([
      { value: 1, label: '普通' },
      { value: 2, label: '退款' },
      { value: 3, label: '出款' },
      { value: 4, label: '扣款' },
      { value: 5, label: '预授权' },
    ])
    expect(catalogueOptions(contract.transactionTypes, (v) => v > 3).map((o) => o.value)).toEqual([4, 5])
  })

  it('re-renders a label when the language changes', async () => {
    function Status() {
      useTranslation()
      return <span>{labelOf(contract.transactionStatuses, 7)}</span>
    }
    render(<Status />)
    expect(screen.getByText('Refunded')).toBeInTheDocument()
    await act(() => setLanguage('zh'))
    expect(screen.getByText('已退款')).toBeInTheDocument()
  })
})
