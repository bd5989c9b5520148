import type { Db } from '../db/database'
import { analyze, vacuumAfterBulkLoad } from '../db/migrate'
import { hashPassword } from '../lib/passwords'
import { DEMO_ENTITIES, DEMO_PASSWORD, DEMO_USERS } from './demo-accounts'
import { seedEntitySettings } from './entity-settings'
import { seedPresetPolicies, seedVendAccess } from './iam'
import { seedMachines } from './machines'
import { seedOrders } from './orders'
import { seedCatalogue } from './catalogue'
import { seedMaintenanceCredits } from './maintenance-credits'
import { seedDevicesPromotions } from './devices-promotions'
import { seedClosedLoop } from './closed-loop'
import { seedEvDrivers } from './ev-drivers'
import { seedEvNetwork } from './ev-network'
import { seedEvSessions } from './ev-sessions'
import { seedEvTariffs } from './ev-tariffs'
import { seedHealthCases } from './health-cases'
import { seedCampaigns } from './campaigns'
import { seedSrsBuddy } from './srs-buddy'
import { seedMedicalTerms } from './medical-terms'
import { seedReporting } from './reporting'
import { seedCarbon } from './carbon'
import { seedChildEntities } from './child-entities'
import { Random, seededUuid } from './random'

export interface SeedOptions {
  /** PRNG seed: the same seed and reference time give the same data. */
  seed: number
  /** Reference time; generated timestamps span the 90 days before it. */
  now: number
  /** Multiplies the per-entity row counts: 1 is the demo size (ready in seconds), 100 is benchmark size. */
  scale: number
  /** Slots per machine are the bulk of the rows; benchmarks of the list can leave them out. */
  withItems?: boolean
  /** See SeedContext.rowTarget (the `large` preset). */
  rowTarget?: number
}

/** Machines of the VEND entity at scale 1. */
export const MACHINES_PER_SCALE = 2000

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('entity').select('id').limit(1).executeTakeFirst()
  return row === undefined
}

export async function seedDemoData(db: Db, options: SeedOptions): Promise<{ machines: number }> {
  const rng = new Random(options.seed)
  const now = options.now
  const passwordHash = await hashPassword(DEMO_PASSWORD)

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('entity')
      .values(
        DEMO_ENTITIES.map((e) => ({
          code: e.code,
          name: e.name,
          logo_url: null,
          preferred_identifier: null,
          industries: JSON.stringify(e.industries),
          roles: JSON.stringify(e.roles),
          ev_backend_url: null,
          parent_code: null,
          currency_code: e.currency,
          time_zone: 'Asia/Singapore',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute()
    for (const u of DEMO_USERS) {
      const firstEntity = u.memberships[0]?.[0] ?? (u.platformAdmin ? 'VEND' : null)
      const row = await trx
        .insertInto('app_user')
        .values({
          user_uuid: seededUuid(rng),
          name: u.name,
          username: u.username,
          email: `${u.username}@demo.operator-portal.test`,
          phone_number: `+65 8${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
          image_url: null,
          // One hash for every demo account: they share the documented demo password anyway.
          password_hash: passwordHash,
          status: 1,
          is_platform_admin: u.platformAdmin ? 1 : 0,
          mfa_primary_mode: u.totpSecret ? 'authenticator' : 'none',
          totp_secret: u.totpSecret ?? null,
          totp_pending_secret: null,
          totp_last_step: null,
          password_changed_at: now,
          is_initial_login: u.initialLogin ? 1 : 0,
          default_entity_code: firstEntity,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (u.memberships.length) {
        await trx
          .insertInto('membership')
          .values(
            u.memberships.map(([code, relation]) => ({
              user_id: row.id,
              entity_code: code,
              relation,
              created_at: now,
            })),
          )
          .execute()
      }
    }
  })

  const machines = Math.max(1, Math.round(MACHINES_PER_SCALE * options.scale))
  await seedMachines(db, rng, 'VEND', machines, now, options.withItems ?? true)
  await db.transaction().execute(async (trx) => {
    const presets = await seedPresetPolicies(trx, now)
    await seedVendAccess(trx, presets, now)
  })
  await db.transaction().execute((trx) => seedEntitySettings(trx, now))
  const context = {
    now,
    scale: options.scale,
    ...(options.rowTarget === undefined ? {} : { rowTarget: options.rowTarget }),
  }
  await seedOrders(db, rng.fork('orders'), context)
  await seedCatalogue(db, rng.fork('catalogue'), context)
  await seedMaintenanceCredits(db, rng.fork('maintenance-credits'), context)
  await seedDevicesPromotions(db, rng.fork('devices-promotions'), context)
  await seedClosedLoop(db, rng.fork('closed-loop'), context)
  // EV charging: tariffs first (connectors point at them), then the network, drivers, and the sessions on them.
  await seedEvTariffs(db, rng.fork('ev-tariffs'), context)
  await seedEvNetwork(db, rng.fork('ev-network'), context)
  await seedEvDrivers(db, rng.fork('ev-drivers'), context)
  await seedEvSessions(db, rng.fork('ev-sessions'), context)
  await seedHealthCases(db, rng.fork('health-cases'), context)
  await seedCampaigns(db, rng.fork('campaigns'), context)
  await seedSrsBuddy(db, rng.fork('srs-buddy'), context)
  await seedMedicalTerms(db, rng.fork('medical-terms'), context)
  await seedReporting(db, rng.fork('reporting'), context)
  // Carbon records are derived from the charging sessions, so they come after them.
  await seedCarbon(db, rng.fork('carbon'), context)
  // Last, on a fork of its own: adding it changed none of the data generated before it.
  await seedChildEntities(db, rng.fork('child-entities'), context)
  await analyze(db)
  if (options.rowTarget !== undefined)
    await vacuumAfterBulkLoad(db, ['machine', 'machine_order_item', 'payment_transaction', 'ev_session'])
  return { machines }
}
