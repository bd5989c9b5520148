import type { MyEntity } from '@portal/contract'

/** Lower-cased, accent-free text, so "kopi" finds "Kopí" and a search is not case-sensitive. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The entities whose name or code contains the search (every one when it is empty). */
export function filterTeams(entities: readonly MyEntity[], search: string): MyEntity[] {
  const needle = fold(search.trim())
  if (needle === '') return [...entities]
  return entities.filter((e) => fold(e.name).includes(needle) || fold(e.code).includes(needle))
}

/** The current entity first, the others in the server's order (by name). */
export function orderTeams(entities: readonly MyEntity[], currentCode: string | null): MyEntity[] {
  const current = entities.filter((e) => e.code === currentCode)
  return [...current, ...entities.filter((e) => e.code !== currentCode)]
}
