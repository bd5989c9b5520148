/**
 * The filters of an export as one readable line: "Active filter: 1 · Search value: kopi". Keys are the list's
 * filter fields (snake_case), shown as words; empty values are left out, as the portal leaves them out of requests.
 */
export function filterSummary(filters: Record<string, unknown>): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value) && value.length === 0) continue
    const words = key.replace(/_list$/, '').replaceAll('_', ' ')
    const label = words.charAt(0).toUpperCase() + words.slice(1)
    const shown = Array.isArray(value)
      ? value.map(String).join(', ')
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value)
    parts.push(`${label}: ${shown}`)
  }
  return parts.join(' · ')
}
