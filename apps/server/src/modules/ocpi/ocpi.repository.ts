import type { Db } from '../../db/database'
import type { NewOcpiMessageRow, NewOcpiPartnerRow, OcpiPartnerRow } from './ocpi.table'

/** The entity's parties per role. */
export function identitiesOf(db: Db, entityCode: string) {
  return db
    .selectFrom('ocpi_identity')
    .where('entity_code', '=', entityCode)
    .select(['role', 'country_code', 'party_id'])
    .orderBy('role')
    .execute()
}

/** Replaces the entity's parties; false when another entity holds one of them already. */
export async function replaceIdentities(
  db: Db,
  entityCode: string,
  identities: readonly { role: string; country_code: string; party_id: string }[],
  now: number,
): Promise<{ taken: { role: string; country_code: string; party_id: string } | null }> {
  return db.transaction().execute(async (trx) => {
    for (const identity of identities) {
      const holder = await trx
        .selectFrom('ocpi_identity')
        .where('role', '=', identity.role)
        .where('country_code', '=', identity.country_code)
        .where('party_id', '=', identity.party_id)
        .where('entity_code', '<>', entityCode)
        .select('entity_code')
        .executeTakeFirst()
      if (holder) return { taken: identity }
    }
    await trx.deleteFrom('ocpi_identity').where('entity_code', '=', entityCode).execute()
    await trx
      .insertInto('ocpi_identity')
      .values(identities.map((i) => ({ ...i, entity_code: entityCode, updated_at: now })))
      .execute()
    return { taken: null }
  })
}

export function listPartners(db: Db, entityCode: string): Promise<OcpiPartnerRow[]> {
  return db
    .selectFrom('ocpi_partner')
    .where('entity_code', '=', entityCode)
    .selectAll()
    .orderBy('id')
    .execute()
}

export function findPartner(db: Db, entityCode: string, id: number): Promise<OcpiPartnerRow | undefined> {
  return db
    .selectFrom('ocpi_partner')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

export function partnerById(db: Db, id: number): Promise<OcpiPartnerRow | undefined> {
  return db.selectFrom('ocpi_partner').where('id', '=', id).selectAll().executeTakeFirst()
}

/** The partner that calls with this token (by its SHA-256). */
export function partnerByTokenHash(db: Db, hash: string): Promise<OcpiPartnerRow | undefined> {
  return db.selectFrom('ocpi_partner').where('incoming_token_hash', '=', hash).selectAll().executeTakeFirst()
}

export async function insertPartner(db: Db, row: NewOcpiPartnerRow): Promise<number> {
  const inserted = await db.insertInto('ocpi_partner').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

export async function updatePartner(
  db: Db,
  id: number,
  change: Partial<Omit<OcpiPartnerRow, 'id' | 'entity_code' | 'created_at' | 'created_by'>>,
): Promise<void> {
  await db.updateTable('ocpi_partner').set(change).where('id', '=', id).execute()
}

/**
 * Moves a partner from one incoming token to the next only if it still holds the first: of two handshakes racing on
 * one token A (two instances, a retried request), one wins.
 */
export async function swapIncomingToken(
  db: Db,
  id: number,
  expectedHash: string | null,
  change: Partial<Omit<OcpiPartnerRow, 'id' | 'entity_code' | 'created_at' | 'created_by'>>,
): Promise<boolean> {
  let query = db.updateTable('ocpi_partner').set(change).where('id', '=', id)
  query =
    expectedHash === null
      ? query.where('incoming_token_hash', 'is', null)
      : query.where('incoming_token_hash', '=', expectedHash)
  const result = await query.executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function deletePartner(db: Db, entityCode: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('ocpi_partner')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Sessions of our drivers a partner sent us: the history a partner is kept for once it is gone. */
export async function countPartnerSessions(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('ev_session')
    .where('ocpi_partner_id', '=', partnerId)
    .where('ocpi_key', 'is not', null)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A partner that unregistered or was deleted while our drivers have sessions on its chargers: kept, suspended and
 * without tokens or endpoints, with the locations those sessions ran at; its other locations and its tariffs go.
 */
export async function retirePartner(db: Db, entityCode: string, id: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ocpi_partner')
      .set({
        status: 'suspended',
        incoming_token_hash: null,
        outgoing_token: null,
        endpoints: '[]',
        updated_at: now,
      })
      .where('entity_code', '=', entityCode)
      .where('id', '=', id)
      .execute()
    await trx.deleteFrom('ev_tariff').where('ocpi_partner_id', '=', id).execute()
    await trx
      .deleteFrom('ev_location')
      .where('ocpi_partner_id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('ev_session as s')
              .whereRef('s.location_id', '=', 'ev_location.id')
              .where('s.ocpi_key', 'is not', null)
              .select('s.id'),
          ),
        ),
      )
      .execute()
  })
}

export async function insertMessage(db: Db, row: NewOcpiMessageRow): Promise<void> {
  await db.insertInto('ocpi_message').values(row).execute()
  await db
    .updateTable('ocpi_partner')
    .set({ last_message_at: row.at })
    .where('id', '=', row.partner_id)
    .execute()
}

export interface MessageFilter {
  direction?: string | undefined
  module?: string | undefined
  failed?: boolean | undefined
  from?: number | undefined
  to?: number | undefined
}

function filtered(db: Db, partnerId: number, filter: MessageFilter) {
  let query = db.selectFrom('ocpi_message').where('partner_id', '=', partnerId)
  if (filter.direction !== undefined) query = query.where('direction', '=', filter.direction)
  if (filter.module !== undefined) query = query.where('module', '=', filter.module)
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from)
  if (filter.to !== undefined) query = query.where('at', '<=', filter.to)
  if (filter.failed === true)
    query = query.where((eb) =>
      eb.or([
        eb('http_status', 'is', null),
        eb('http_status', '<', 200),
        eb('http_status', '>=', 300),
        eb('ocpi_status', '>=', 2000),
      ]),
    )
  return query
}

export function listMessages(
  db: Db,
  partnerId: number,
  filter: MessageFilter,
  limit: number,
  offset: number,
) {
  return filtered(db, partnerId, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

export async function countMessages(db: Db, partnerId: number, filter: MessageFilter): Promise<number> {
  const row = await filtered(db, partnerId, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The entity's name and industries (its OCPI roles follow from them). */
export function entityProfile(db: Db, entityCode: string) {
  return db
    .selectFrom('entity')
    .where('code', '=', entityCode)
    .select(['name', 'industries'])
    .executeTakeFirst()
}

/** Records the outcome of a pull or a push of a module (one row per partner and module). */
export async function recordSync(
  db: Db,
  partnerId: number,
  module: string,
  kind: 'pull' | 'push',
  at: number,
  result: string,
): Promise<void> {
  const values =
    kind === 'pull'
      ? { last_pull_at: at, last_pull_result: result.slice(0, 500) }
      : { last_push_at: at, last_push_result: result.slice(0, 500) }
  const updated = await db
    .updateTable('ocpi_sync')
    .set(values)
    .where('partner_id', '=', partnerId)
    .where('module', '=', module)
    .executeTakeFirst()
  if (updated.numUpdatedRows > 0n) return
  try {
    await db
      .insertInto('ocpi_sync')
      .values({
        partner_id: partnerId,
        module,
        last_pull_at: null,
        last_pull_result: null,
        last_push_at: null,
        last_push_result: null,
        ...values,
      })
      .execute()
  } catch {
    // Another instance inserted it meanwhile: update that one.
    await db
      .updateTable('ocpi_sync')
      .set(values)
      .where('partner_id', '=', partnerId)
      .where('module', '=', module)
      .execute()
  }
}

export function syncsOf(db: Db, partnerIds: readonly number[]) {
  return db
    .selectFrom('ocpi_sync')
    .where('partner_id', 'in', partnerIds.length > 0 ? [...partnerIds] : [-1])
    .selectAll()
    .execute()
}

/** An entity's connected partners (the pushes go to them). */
export function connectedPartnersOf(db: Db, entityCode: string) {
  return db
    .selectFrom('ocpi_partner')
    .where('entity_code', '=', entityCode)
    .where('status', '=', 'connected')
    .selectAll()
    .execute()
}

/** Every connected partner (the scheduled pulls). */
export function allConnectedPartners(db: Db) {
  return db.selectFrom('ocpi_partner').where('status', '=', 'connected').select(['id', 'endpoints']).execute()
}

/** A page of the log older than `before` (newest first), for the export. */
export function messagesBefore(
  db: Db,
  partnerId: number,
  filter: MessageFilter,
  beforeId: string | number | null,
  limit: number,
) {
  let query = filtered(db, partnerId, filter)
  if (beforeId !== null) query = query.where('id', '<', beforeId)
  return query.selectAll().orderBy('id', 'desc').limit(limit).execute()
}
export type OcpiMessageRecord = Awaited<ReturnType<typeof messagesBefore>>[number]

/** Deletes up to `batch` log rows older than `before`; how many went. */
export async function deleteMessagesBefore(db: Db, before: number, batch: number): Promise<number> {
  const ids = db.selectFrom('ocpi_message').where('at', '<', before).select('id').limit(batch)
  const result = await db.deleteFrom('ocpi_message').where('id', 'in', ids).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Forgets the partner's objects (locations with their EVSEs, or tariffs) that a full pull did not see: they are gone at
 * the partner. `seen` holds `party/id` (SGSPK/LOC1).
 */
export async function dropPartnerObjectsExcept(
  db: Db,
  table: 'ev_location' | 'ev_tariff',
  partnerId: number,
  seen: ReadonlySet<string>,
): Promise<number> {
  const held = await db
    .selectFrom(table)
    .where('ocpi_partner_id', '=', partnerId)
    .select(['id', 'ocpi_party', 'external_id'])
    .execute()
  let gone = held.filter((h) => !seen.has(`${h.ocpi_party ?? ''}/${h.external_id}`)).map((h) => h.id)
  // A location our drivers charged at stays (its sessions hang off it), however the partner's list changed.
  if (table === 'ev_location' && gone.length > 0) {
    const used = new Set<number>()
    for (let i = 0; i < gone.length; i += 500)
      for (const row of await db
        .selectFrom('ev_session')
        .where('location_id', 'in', gone.slice(i, i + 500))
        .select('location_id')
        .distinct()
        .execute())
        used.add(row.location_id)
    gone = gone.filter((id) => !used.has(id))
  }
  for (let i = 0; i < gone.length; i += 500)
    await db
      .deleteFrom(table)
      .where('id', 'in', gone.slice(i, i + 500))
      .execute()
  return gone.length
}
