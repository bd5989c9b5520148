/**
 * A catalogue is one enumeration of the spec: its values in the spec's order, each with its display label.
 * Screens render values through `labelOf`, so a value the catalogue does not know shows as `Unknown (value)`
 * instead of a blank cell or a crash.
 */
export type CatalogueValue = string | number

export interface CatalogueEntry<V extends CatalogueValue> {
  readonly value: V
  readonly label: string
}

export interface Catalogue<V extends CatalogueValue> {
  readonly name: string
  readonly entries: readonly CatalogueEntry<V>[]
  readonly values: readonly V[]
}

export type ValueOf<T> = T[keyof T]

export function defineCatalogue<const V extends CatalogueValue>(
  name: string,
  pairs: readonly (readonly [V, string])[],
): Catalogue<V> {
  const entries = pairs.map(([value, label]) => ({ value, label }))
  return { name, entries, values: entries.map((e) => e.value) }
}

/** Builds a catalogue whose labels are the values themselves (for the spec's string enumerations). */
export function catalogueOfStrings<const V extends string>(name: string, values: readonly V[]): Catalogue<V> {
  return defineCatalogue(
    name,
    values.map((v) => [v, v] as const),
  )
}

export function isInCatalogue<V extends CatalogueValue>(catalogue: Catalogue<V>, value: unknown): value is V {
  return (catalogue.values as readonly unknown[]).includes(value)
}

export function labelOf<V extends CatalogueValue>(catalogue: Catalogue<V>, value: unknown): string {
  const entry = catalogue.entries.find((e) => e.value === value)
  return entry ? entry.label : `Unknown (${String(value)})`
}
