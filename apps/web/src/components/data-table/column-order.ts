/*
 * The order of a table's columns (docs/decisions/0116-saved-views.md): the visible ids are kept in the order the user
 * (or a saved view) gave them; the table, the phone cards, the column picker and the export read them in that order.
 */

/** The visible columns, in the order of `visible`. */
export function inOrder<C extends { id: string }>(columns: readonly C[], visible: readonly string[]): C[] {
  const byId = new Map(columns.map((c) => [c.id, c]))
  return visible.map((id) => byId.get(id)).filter((c): c is C => c !== undefined)
}

/** Shows or hides a column; a column shown again goes back after the nearest visible column before it on screen. */
export function toggleColumn(ids: readonly string[], visible: readonly string[], id: string): string[] {
  if (visible.includes(id)) return visible.filter((v) => v !== id)
  const at = ids.indexOf(id)
  const before = ids
    .slice(0, Math.max(0, at))
    .reverse()
    .find((c) => visible.includes(c))
  const next = [...visible]
  next.splice(before === undefined ? 0 : next.indexOf(before) + 1, 0, id)
  return next
}

/** Moves a visible column one place earlier (-1) or later (+1). */
export function moveColumn(visible: readonly string[], id: string, by: -1 | 1): string[] {
  const from = visible.indexOf(id)
  const to = from + by
  if (from < 0 || to < 0 || to >= visible.length) return [...visible]
  const next = [...visible]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}
