import type { ExportSource } from './export-source'

/**
 * Every list that can be exported, registered by the list's own module when it loads
 * (`registerExportSource(xExportSource)` in its routes file), so that modules import exports/ and never the reverse
 * (issue 13 §6). Kept in registration order (the order of app.ts's imports) for stable messages.
 */
const SOURCES = new Map<string, ExportSource>()

/**
 * The cast is where each source's own filter and row types are erased: the job validates the filters with the
 * source's schema before handing them back to the same source.
 */
export function registerExportSource<Filters, Row>(source: ExportSource<Filters, Row>): void {
  const known = SOURCES.get(source.key)
  if (known === (source as unknown as ExportSource)) return
  if (known) throw new Error(`Two export sources have the key '${source.key}'`)
  SOURCES.set(source.key, source as unknown as ExportSource)
}

export function exportSources(): readonly ExportSource[] {
  return [...SOURCES.values()]
}

export function exportSourceOf(key: string): ExportSource | undefined {
  return SOURCES.get(key)
}
