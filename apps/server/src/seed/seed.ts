import type pg from 'pg'
import type { Db } from '../db/database'
import { deferIndexes } from './bulk-insert'
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
import { seedEvTokens } from './ev-tokens'
import { seedMachineKeys } from './machine-keys'
import { seedOcpiIdentities } from './ocpi-identities'
import { seedEvTariffs } from './ev-tariffs'
import { seedHealthCases } from './health-cases'
import { seedCampaigns } from './campaigns'
import { seedSrsBuddy } from './srs-buddy'
import { seedMedicalTerms } from './medical-terms'
import { seedReporting } from './reporting'
import { seedCarbon } from './carbon'
import { seedChildEntities } from './child-entities'
import { Random, seededUuid } from './random'
import type { SeedContext } from './seed-context'

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
  /** PostgreSQL: see SeedContext.newClient (the big presets write through COPY with it). */
  newClient?: () => pg.Client
  /** Told how long each area took (the CLI prints it for the big presets). */
  onStage?: (name: string, ms: number) => void
}

/** The tables the big presets fill with millions of rows: orders and their transactions, then charging sessions. */
const ORDER_TABLES = [
  'machine_order',
  'machine_order_item',
  'machine_order_stage',
  'machine_order_payment',
  'payment_transaction',
] as const
const SESSION_TABLES = ['ev_session', 'ev_session_refund'] as const

/** Machines of the VEND entity at scale 1. */
export const MACHINES_PER_SCALE = 2000

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('entity').select('id').limit(1).executeTakeFirst()
  return row === undefined
}

export async function seedDemoData(db: Db, options: SeedOptions): Promise<{ machines: number }> {
  const rng = new Random(options.seed)
  const now = options.now
  const stage = async (name: string, run: () => Promise<void>) => {
    const started = Date.now()
    await run()
    options.onStage?.(name, Date.now() - started)
  }
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
    ...(options.newClient ? { newClient: options.newClient } : {}),
  }
  await stagesOfTheBigTables(db, rng, context, stage)
  await stage('health-cases', () => seedHealthCases(db, rng.fork('health-cases'), context))
  await stage('campaigns', () => seedCampaigns(db, rng.fork('campaigns'), context))
  await stage('srs-buddy', () => seedSrsBuddy(db, rng.fork('srs-buddy'), context))
  await stage('medical-terms', () => seedMedicalTerms(db, rng.fork('medical-terms'), context))
  await stage('reporting', () => seedReporting(db, rng.fork('reporting'), context))
  // Carbon records are derived from the charging sessions, so they come after them.
  await stage('carbon', () => seedCarbon(db, rng.fork('carbon'), context))
  // Last, on a fork of its own: adding it changed none of the data generated before it.
  await stage('child-entities', () => seedChildEntities(db, rng.fork('child-entities'), context))
  // No randomness: the machines' API keys follow from their serial numbers (seed/machine-keys.ts).
  await stage('machine-keys', () => seedMachineKeys(db, context))
  await stage('ocpi-identities', () => seedOcpiIdentities(db, context))
  await stage('analyze', () => analyze(db))
  if (options.rowTarget !== undefined)
    await stage('vacuum', () =>
      vacuumAfterBulkLoad(db, ['machine', 'machine_order_item', 'payment_transaction', 'ev_session']),
    )
  return { machines }
}

/**
 * From the orders to the charging sessions. In the big presets the tables that get millions of rows load with their
 * indexes and constraints deferred (deferIndexes). The orders' tables are indexed on a connection of their own while
 * the areas after them and the charging sessions load, so both cores stay busy: no area in between reads those
 * tables, and the sessions' few refund transactions reach payment_transaction only at the end of their load, where
 * they wait for that build.
 */
async function stagesOfTheBigTables(
  db: Db,
  rng: Random,
  context: SeedContext,
  stage: (name: string, run: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const big = context.rowTarget !== undefined
  const orderIndexes = big ? await deferIndexes(db, ORDER_TABLES) : null
  try {
    await stage('orders', () => seedOrders(db, rng.fork('orders'), context))
  } catch (err) {
    await orderIndexes?.restore()
    throw err
  }
  const building = orderIndexes ? stage('order-indexes (alongside)', () => orderIndexes.restore()) : null
  // Awaited below; until then a failure must not count as unhandled.
  building?.catch(() => undefined)
  try {
    await stage('catalogue', () => seedCatalogue(db, rng.fork('catalogue'), context))
    await stage('maintenance-credits', () =>
      seedMaintenanceCredits(db, rng.fork('maintenance-credits'), context),
    )
    await stage('devices-promotions', () =>
      seedDevicesPromotions(db, rng.fork('devices-promotions'), context),
    )
    await stage('closed-loop', () => seedClosedLoop(db, rng.fork('closed-loop'), context))
    // EV charging: tariffs first (connectors point at them), then the network, drivers, and the sessions on them.
    await stage('ev-tariffs', () => seedEvTariffs(db, rng.fork('ev-tariffs'), context))
    await stage('ev-network', () => seedEvNetwork(db, rng.fork('ev-network'), context))
    await stage('ev-drivers', () => seedEvDrivers(db, rng.fork('ev-drivers'), context))
    await stage('ev-tokens', () => seedEvTokens(db, context))
    const sessionIndexes = big ? await deferIndexes(db, SESSION_TABLES) : null
    try {
      await stage('ev-sessions', () => seedEvSessions(db, rng.fork('ev-sessions'), context))
    } finally {
      if (sessionIndexes) await stage('session-indexes', () => sessionIndexes.restore())
    }
  } finally {
    if (building) await building
  }
}
