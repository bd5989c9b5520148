import type { Db } from '../../db/database'

/*
 * The partner's CDRs as the portal lists them (issue 17, decision 0113): the ocpi_cdr rows of one partner of one
 * entity, both ways, with the uid of the session each bills. Kept apart from ocpi-sessions.repository.ts, which pages
 * the same rows for the partner over OCPI (oldest first, by last_updated).
 */

export interface CdrListFilter {
  direction?: 'in' | 'out' | undefined
  flagged?: boolean | undefined
}

function filtered(db: Db, entityCode: string, partnerId: number, filter: CdrListFilter) {
  // The entity as well as the partner: the partner was checked to be the caller's, and a row is never read across.
  let query = db
    .selectFrom('ocpi_cdr as c')
    .where('c.entity_code', '=', entityCode)
    .where('c.partner_id', '=', partnerId)
  if (filter.direction !== undefined) query = query.where('c.direction', '=', filter.direction)
  if (filter.flagged !== undefined) query = query.where('c.flagged', '=', filter.flagged ? 1 : 0)
  return query
}

/** A page of the partner's CDRs, newest first (the id breaks ties between CDRs of one millisecond). */
export function partnerCdrPage(
  db: Db,
  entityCode: string,
  partnerId: number,
  filter: CdrListFilter,
  limit: number,
  offset: number,
) {
  return filtered(db, entityCode, partnerId, filter)
    .leftJoin('ev_session as s', 's.id', 'c.session_id')
    .select([
      'c.id',
      'c.cdr_id',
      'c.direction',
      'c.currency',
      'c.total_excl_vat',
      'c.total_incl_vat',
      'c.our_total_excl_vat',
      'c.flagged',
      'c.flag_reason',
      'c.body',
      'c.created_at',
      's.uid as session_uid',
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}
export type PartnerCdrRow = Awaited<ReturnType<typeof partnerCdrPage>>[number]

export async function countPartnerCdrs(
  db: Db,
  entityCode: string,
  partnerId: number,
  filter: CdrListFilter,
): Promise<number> {
  const row = await filtered(db, entityCode, partnerId, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
