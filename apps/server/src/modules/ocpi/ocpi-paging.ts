import { OCPI_HEADERS, OCPI_PAGE_DEFAULT, OCPI_PAGE_MAX, ocpiDateTime, ocpiTimeOf } from '@portal/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { parseOcpi } from './ocpi-envelope'

/*
 * Paging of a sender's list (transport_and_format.asciidoc, "Pagination"): offset and limit (capped at ours, the
 * cap said in X-Limit), date_from inclusive and date_to exclusive on last_updated; the answer carries X-Total-Count
 * and, while there is more, `Link: <next page>; rel="next"` with the same filters.
 */

const pagingQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  limit: z.coerce.number().int().min(1).default(OCPI_PAGE_DEFAULT),
  date_from: ocpiDateTime.optional(),
  date_to: ocpiDateTime.optional(),
})

export interface Paging {
  offset: number
  limit: number
  from: number | undefined
  to: number | undefined
}

export function pagingOf(request: FastifyRequest): Paging {
  const query = parseOcpi(pagingQuery, request.query, '')
  return {
    offset: query.offset,
    limit: Math.min(query.limit, OCPI_PAGE_MAX),
    from: query.date_from === undefined ? undefined : ocpiTimeOf(query.date_from),
    to: query.date_to === undefined ? undefined : ocpiTimeOf(query.date_to),
  }
}

/** The paging headers of a page of `returned` items out of `total`. */
export function pageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  base: string,
  paging: Paging,
  returned: number,
  total: number,
): void {
  void reply.header(OCPI_HEADERS.totalCount, String(total))
  void reply.header(OCPI_HEADERS.limit, String(paging.limit))
  const next = paging.offset + returned
  if (returned > 0 && next < total) {
    const url = new URL(`${base}${request.url.split('?')[0] ?? ''}`)
    const query = request.query as Record<string, unknown>
    for (const key of ['date_from', 'date_to'])
      if (typeof query[key] === 'string') url.searchParams.set(key, query[key])
    url.searchParams.set('offset', String(next))
    url.searchParams.set('limit', String(paging.limit))
    void reply.header('Link', `<${url.toString()}>; rel="next"`)
  }
}
