/* Shared table-driven checks for the catalogue tests (not part of the package's exports). */
import { describe, expect, it } from 'vitest'
import { labelOf, type Catalogue, type CatalogueValue } from './catalogue'

/** The catalogue lists exactly the values of its `as const` object, in order, and has `count` of them. */
export function itListsValues(
  catalogue: Catalogue<CatalogueValue>,
  object: Readonly<Record<string, CatalogueValue>>,
  count: number,
): void {
  it(`${catalogue.name}: lists ${count} values, those of its object in order`, () => {
    expect(catalogue.values).toHaveLength(count)
    expect(catalogue.values).toEqual(Object.values(object))
  })
}

/** Each row: a value and the label the screens show for it (including 'Unknown (value)'). */
export function itLabels(
  catalogue: Catalogue<CatalogueValue>,
  rows: readonly (readonly [CatalogueValue | null | undefined, string])[],
): void {
  describe(`${catalogue.name} labels`, () => {
    it.each(rows)('%j is %s', (value, label) => {
      expect(labelOf(catalogue, value)).toBe(label)
    })
  })
}
