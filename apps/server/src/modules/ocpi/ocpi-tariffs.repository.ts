import type { Db } from '../../db/database'
import type { NewEvTariffRow } from '../charging/ev.table'

/*
 * Tariffs over OCPI (decision 0113): the CPO's own tariffs a page at a time (a partner's are never sent on), and a
 * partner's tariffs as the eMSP holds them, keyed by partner, party and the partner's id.
 */

export interface TariffWindow {
  from?: number | undefined
  to?: number | undefined
}

function ownTariffs(db: Db, entityCode: string, window: TariffWindow) {
  let query = db
    .selectFrom('ev_tariff')
    .where('entity_code', '=', entityCode)
    .where('ocpi_partner_id', 'is', null)
  if (window.from !== undefined) query = query.where('updated_at', '>=', window.from)
  if (window.to !== undefined) query = query.where('updated_at', '<', window.to)
  return query
}

export async function countTariffs(db: Db, entityCode: string, window: TariffWindow): Promise<number> {
  const row = await ownTariffs(db, entityCode, window)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function tariffPage(db: Db, entityCode: string, window: TariffWindow, limit: number, offset: number) {
  return ownTariffs(db, entityCode, window).selectAll().orderBy('id').limit(limit).offset(offset).execute()
}
export type TariffRow = Awaited<ReturnType<typeof tariffPage>>[number]

export function partnerTariff(db: Db, partnerId: number, party: string, ocpiId: string) {
  return db
    .selectFrom('ev_tariff')
    .where('ocpi_partner_id', '=', partnerId)
    .where('ocpi_party', '=', party)
    .where('external_id', '=', ocpiId)
    .selectAll()
    .executeTakeFirst()
}

/** Writes a partner's tariff whole (PUT): updated in place when held, else added. */
export async function putPartnerTariff(
  db: Db,
  row: Omit<NewEvTariffRow, 'id' | 'created_at'> & { ocpi_partner_id: number; ocpi_party: string },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('ev_tariff')
      .where('ocpi_partner_id', '=', row.ocpi_partner_id)
      .where('ocpi_party', '=', row.ocpi_party)
      .where('external_id', '=', row.external_id)
      .select('id')
      .executeTakeFirst()
    if (held) {
      const { uid: _uid, entity_code: _entity, ...change } = row
      await trx.updateTable('ev_tariff').set(change).where('id', '=', held.id).execute()
    } else
      await trx
        .insertInto('ev_tariff')
        .values({ ...row, created_at: now })
        .execute()
  })
}

export async function deletePartnerTariff(db: Db, partnerId: number, party: string, ocpiId: string) {
  const result = await db
    .deleteFrom('ev_tariff')
    .where('ocpi_partner_id', '=', partnerId)
    .where('ocpi_party', '=', party)
    .where('external_id', '=', ocpiId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}
