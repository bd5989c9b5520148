import type { OcpiToken } from '@portal/contract'
import { ocpiTimeOf } from '@portal/contract'
import type { Db } from '../../db/database'
import type { OcpiPartnerRow, OcpiTokenRow } from './ocpi.table'

/*
 * A partner eMSP's tokens as our CPO holds them (decision 0113): pushed to us by the partner (Tokens receiver), pulled
 * from it, or named by a START_SESSION it sent. Keyed as OCPI keys them (party, uid, type), kept as sent.
 */

/** Writes a partner's token whole: updated in place when held (and not newer than this one), else added. */
export async function upsertPartnerToken(db: Db, partner: OcpiPartnerRow, token: OcpiToken): Promise<void> {
  const now = Date.now()
  const row = {
    entity_code: partner.entity_code,
    partner_id: partner.id,
    country_code: token.country_code.toUpperCase(),
    party_id: token.party_id.toUpperCase(),
    uid: token.uid,
    type: token.type,
    contract_id: token.contract_id,
    valid: token.valid ? 1 : 0,
    whitelist: token.whitelist,
    body: JSON.stringify(token),
    last_updated: ocpiTimeOf(token.last_updated),
  }
  await db
    .insertInto('ocpi_token')
    .values({ ...row, created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['partner_id', 'country_code', 'party_id', 'uid', 'type'])
        .doUpdateSet({
          contract_id: row.contract_id,
          valid: row.valid,
          whitelist: row.whitelist,
          body: row.body,
          last_updated: row.last_updated,
        })
        // An older version (a push overtaken by a later one, a pull that read before it) never wins.
        .where('ocpi_token.last_updated', '<=', row.last_updated),
    )
    .execute()
}

export function partnerToken(
  db: Db,
  partnerId: number,
  countryCode: string,
  partyId: string,
  uid: string,
  type: string,
): Promise<OcpiTokenRow | undefined> {
  return db
    .selectFrom('ocpi_token')
    .where('partner_id', '=', partnerId)
    .where('country_code', '=', countryCode)
    .where('party_id', '=', partyId)
    .where('uid', '=', uid)
    .where('type', '=', type)
    .selectAll()
    .executeTakeFirst()
}

/** The tokens with this uid that the entity's connected partners gave it (a charger names a token by uid alone). */
export function connectedPartnerTokens(db: Db, entityCode: string, uid: string) {
  return db
    .selectFrom('ocpi_token as t')
    .innerJoin('ocpi_partner as p', 'p.id', 't.partner_id')
    .where('t.entity_code', '=', entityCode)
    .where('t.uid', '=', uid)
    .where('p.status', '=', 'connected')
    .selectAll('t')
    .orderBy('t.last_updated', 'desc')
    .execute()
}

export interface TokenWindow {
  from?: number | undefined
  to?: number | undefined
}

function ownTokens(db: Db, entityCode: string, window: TokenWindow) {
  let query = db.selectFrom('ev_token').where('entity_code', '=', entityCode)
  if (window.from !== undefined) query = query.where('updated_at', '>=', window.from)
  if (window.to !== undefined) query = query.where('updated_at', '<', window.to)
  return query
}

export async function countOwnTokens(db: Db, entityCode: string, window: TokenWindow): Promise<number> {
  const row = await ownTokens(db, entityCode, window)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function ownTokenPage(db: Db, entityCode: string, window: TokenWindow, limit: number, offset: number) {
  return ownTokens(db, entityCode, window)
    .select(['uid', 'type', 'contract_id', 'visual_number', 'status', 'updated_at'])
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** One of the entity's own tokens (ev_token.uid is unique in the deployment). */
export function ownToken(db: Db, entityCode: string, uid: string) {
  return db
    .selectFrom('ev_token')
    .where('entity_code', '=', entityCode)
    .where('uid', '=', uid)
    .select(['uid', 'type', 'contract_id', 'visual_number', 'status', 'updated_at'])
    .executeTakeFirst()
}

export async function entityName(db: Db, entityCode: string): Promise<string> {
  const row = await db.selectFrom('entity').where('code', '=', entityCode).select('name').executeTakeFirst()
  return row?.name ?? entityCode
}

/** The latest START_SESSION a partner sent for this charger and token since `since` (its authorization reference). */
export function recentStartCommand(db: Db, chargePointId: number, uid: string, since: number) {
  return db
    .selectFrom('ocpi_command')
    .where('charge_point_id', '=', chargePointId)
    .where('token_uid', '=', uid)
    .where('direction', '=', 'in')
    .where('command', '=', 'START_SESSION')
    .where('created_at', '>=', since)
    .select(['partner_id', 'authorization_reference'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
}

/** How a pull names a token it saw: uid and type (a token's id within its party). */
export const tokenKey = (uid: string, type: string) => `${uid}|${type}`

/** After a full pull: the partner's tokens it no longer lists are forgotten (`seen` holds `CCPID/uid|type`). */
export async function dropPartnerTokensExcept(
  db: Db,
  partnerId: number,
  seen: ReadonlySet<string>,
): Promise<number> {
  const held = await db
    .selectFrom('ocpi_token')
    .where('partner_id', '=', partnerId)
    .select(['id', 'country_code', 'party_id', 'uid', 'type'])
    .execute()
  const gone = held
    .filter((t) => !seen.has(`${t.country_code}${t.party_id}/${tokenKey(t.uid, t.type)}`))
    .map((t) => t.id)
  for (let i = 0; i < gone.length; i += 500)
    await db
      .deleteFrom('ocpi_token')
      .where('id', 'in', gone.slice(i, i + 500))
      .execute()
  return gone.length
}
