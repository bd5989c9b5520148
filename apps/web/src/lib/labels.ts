import type { Catalogue, CatalogueValue } from '@portal/contract'
import { DEFAULT_NAMESPACE, i18n } from '@/lib/i18n'

type Labels = Partial<Record<string, Partial<Record<string, string>>>>

/** The labels of one language (locales/<language>/enums.json), by catalogue name and then value. */
function labelsIn(language: string): Labels | undefined {
  const values: unknown = i18n.getResource(language, DEFAULT_NAMESPACE, 'enums.values')
  return typeof values === 'object' && values !== null ? values : undefined
}

/**
 * A catalogue value as the current language says it (docs/decisions/0051). The contract keeps the spec's English
 * labels; the translations live in the locale files, keyed by the catalogue's name and the value. A value outside the
 * catalogue reads `Unknown (value)` in every language, so a new server value never shows as a blank cell.
 *
 * It reads the language when called: a component calling it during render re-renders on a language change when it
 * (or a parent) uses `useTranslation`, as every screen does.
 */
export function labelOf<V extends CatalogueValue>(catalogue: Catalogue<V>, value: unknown): string {
  const entry = catalogue.entries.find((e) => e.value === value)
  if (!entry)
    return i18n.t('enums.unknown', { value: String(value), defaultValue: `Unknown (${String(value)})` })
  for (const language of i18n.languages ?? []) {
    const label = labelsIn(language)?.[catalogue.name]?.[String(entry.value)]
    if (label !== undefined) return label
  }
  return entry.label
}

export interface CatalogueOption<V extends CatalogueValue> {
  value: V
  label: string
}

/** A catalogue's values as the options of a filter or a select, in the spec's order and the current language. */
export function catalogueOptions<V extends CatalogueValue>(
  catalogue: Catalogue<V>,
  include: (value: V) => boolean = () => true,
): CatalogueOption<V>[] {
  return catalogue.values.filter(include).map((value) => ({ value, label: labelOf(catalogue, value) }))
}
