import { z } from 'zod'
import { envelope } from '../envelope'

/*
 * Global search (issue 18, docs/decisions/0115-global-search.md): GET /api/main/search finds objects of every kind the
 * caller may read, by their identifiers (exact or prefix) and names (contains), grouped by kind in this order.
 */

export const SEARCH_KINDS = [
  'machine',
  'order',
  'transaction',
  'session',
  'location',
  'charger',
  'driver',
  'user',
  'case',
  'campaign',
] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

export const SEARCH_QUERY_MIN = 2
export const SEARCH_QUERY_MAX = 100
export const SEARCH_LIMIT_DEFAULT = 20
export const SEARCH_LIMIT_MAX = 50

export const globalSearchRequest = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_QUERY_MIN, `q must be ${String(SEARCH_QUERY_MIN)} to ${String(SEARCH_QUERY_MAX)} characters`)
    .max(SEARCH_QUERY_MAX, `q must be ${String(SEARCH_QUERY_MIN)} to ${String(SEARCH_QUERY_MAX)} characters`),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
})
export type GlobalSearchRequest = z.infer<typeof globalSearchRequest>

export const globalSearchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The object's identifier as its detail page takes it (a uuid, a uid or a number as text). */
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The portal's detail page of the object, or its list filtered to it where it has none. */
  path: z.string(),
})
export type GlobalSearchResult = z.infer<typeof globalSearchResult>

export const globalSearchResponse = envelope(z.object({ results: z.array(globalSearchResult) }))
export type GlobalSearchResponse = z.infer<typeof globalSearchResponse>
