import type { Db } from '../db/database'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * Child entities (A §3: an entity may have a parent) and a user who reaches entity settings only through them
 * (A §5). CareBridge Clinics (HEALTH) runs two of its clinics as entities of their own. `clinics` manages the group
 * (admin of HEALTH) and works day to day in the Toa Payoh clinic, where she holds no payment policy: in that clinic
 * the top bar opens entity settings for her because of her child entities alone.
 * docs/decisions/0076-child-entities.md.
 */

const PARENT = 'HEALTH'

export const CHILD_CLINICS = [
  { code: 'CB-TPY', name: 'CareBridge Toa Payoh' },
  { code: 'CB-JE', name: 'CareBridge Jurong East' },
] as const

/** The demo user let into entity settings only through child entities (every demo password is the same). */
export const CHILD_ENTITY_MANAGER = {
  username: 'clinics',
  name: 'Rachel Goh',
  /** Works in this clinic: her entity after signing in. */
  startsIn: 'CB-TPY',
} as const

export async function seedChildEntities(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const { now } = context
  const parent = await db
    .selectFrom('entity')
    .where('code', '=', PARENT)
    .select(['currency_code', 'time_zone'])
    .executeTakeFirst()
  if (!parent) return
  // Every demo account has the documented demo password: reuse its hash instead of hashing again.
  const owner = await db
    .selectFrom('app_user')
    .where('username', '=', 'health')
    .select('password_hash')
    .executeTakeFirstOrThrow()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('entity')
      .values(
        CHILD_CLINICS.map((c) => ({
          code: c.code,
          name: c.name,
          logo_url: null,
          preferred_identifier: null,
          industries: JSON.stringify(['digital_health_automation']),
          roles: JSON.stringify([]),
          ev_backend_url: null,
          parent_code: PARENT,
          currency_code: parent.currency_code,
          time_zone: parent.time_zone,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute()
    const u = CHILD_ENTITY_MANAGER
    const row = await trx
      .insertInto('app_user')
      .values({
        user_uuid: seededUuid(rng),
        name: u.name,
        username: u.username,
        email: `${u.username}@demo.operator-portal.test`,
        phone_number: `+65 8${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
        image_url: null,
        password_hash: owner.password_hash,
        status: 1,
        is_platform_admin: 0,
        mfa_primary_mode: 'none',
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        password_changed_at: now,
        is_initial_login: 0,
        default_entity_code: u.startsIn,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('membership')
      .values([
        { user_id: row.id, entity_code: u.startsIn, relation: 2, created_at: now },
        { user_id: row.id, entity_code: PARENT, relation: 1, created_at: now },
      ])
      .execute()
  })
}
