import type { Catalogue, CatalogueValue } from '@portal/contract'
import { isInCatalogue } from '@portal/contract'
import type { ListState } from '@/components/data-table/list-state'

/*
 * Typed readers of the list state: what the URL holds, narrowed to the contract's values, so a request builder never
 * casts URL text back to a contract type (a hand-edited URL's unknown value is left out, not sent).
 */

/** The values of a multi filter that the catalogue knows. */
export function multiIn<V extends CatalogueValue>(
  list: Pick<ListState, 'multi'>,
  key: string,
  catalogue: Catalogue<V>,
): V[] {
  return list.multi(key).filter((v): v is V => isInCatalogue(catalogue, v))
}

/** The values of a multi filter that are among `values` (an `as const` list of the contract). */
export function multiOf<V extends string>(
  list: Pick<ListState, 'multi'>,
  key: string,
  values: readonly V[],
): V[] {
  return list.multi(key).filter((v): v is V => (values as readonly unknown[]).includes(v))
}

/** A text or select value when it is one of `values`, else undefined. */
export function oneOf<V extends string>(raw: unknown, values: readonly V[]): V | undefined {
  return values.find((v) => v === raw)
}
