import type { OcpiEndpoint, OcpiLocation, OcpiPullModule } from '@portal/contract'
import type { OcpiTariff, OcpiToken } from '@portal/contract'
import { OCPI_PULL_MODULES, ocpiLocation, ocpiTariff, ocpiToken } from '@portal/contract'
import type { z } from 'zod'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { PermanentJobError } from '../../jobs/job-queue'
import { parseJson } from '../../lib/json'
import { LiveEventName } from '@portal/contract'
import type { LiveFact } from '../live/live-kinds'
import { ocpiCall } from './ocpi-client'
import { OcpiError } from './ocpi-envelope'
import type { OcpiSettings } from './ocpi-handshake.service'
import { endpointsOf } from './ocpi-handshake.service'
import { connectorsOf, evsesOf, locationById } from './ocpi-locations.repository'
import { toOcpiLocation } from './ocpi-locations.mapping'
import type { PartyRef } from './ocpi-partner-locations.service'
import { checkParty, receiveLocation } from './ocpi-partner-locations.service'
import { receiveTariff } from './ocpi-tariffs.service'
import type { EvsePushes } from './ocpi-evse-push.jobs'
import { registerEvsePushes } from './ocpi-evse-push.jobs'
import { dropPartnerTokensExcept, tokenKey, upsertPartnerToken } from './ocpi-tokens.repository'
import type { OcpiPartnerRow } from './ocpi.table'
import {
  allConnectedPartners,
  dropPartnerObjectsExcept,
  connectedPartnersOf,
  identitiesOf,
  partnerById,
  recordSync,
} from './ocpi.repository'

/*
 * Push and pull through the job queue (decision 0113).
 *
 * Push (we are the CPO): a location whose EVSE or charger changed is PUT whole to every connected partner that lists
 * a Locations receiver. One job per partner and location at a time: a burst of status changes becomes one push of
 * the latest state (the job reads the state when it runs, and once more after sending, going again if it differs).
 * A partner that is down is retried with backoff; what it missed meanwhile is the state the retry reads.
 *
 * Pull (we are the eMSP): the partner's Locations sender is read page by page (following its Link header) and each
 * location stored as a push would store it; locations it no longer lists are forgotten, once the whole list came.
 * Tariffs are pulled the same way. Run from the partner screen, and every `pullEveryMs` for every connected partner.
 */

export const OCPI_PUSH_LOCATION = 'ocpi.push.location'
export const OCPI_PULL = 'ocpi.pull'
export const OCPI_PULL_ALL = 'ocpi.pull.all'

export interface PushLocationPayload {
  partner_id: number
  location_id: number
}
export interface PullPayload {
  partner_id: number
  module: OcpiPullModule
}

/** What a pull of each module checks each item against, how it keeps one, and how it forgets the rest. */
interface Puller {
  schema: z.ZodType<{ country_code: string; party_id: string }>
  /** The object's id within its party (a token's: its uid and type). */
  idOf: (item: never) => string
  /** Whose parties the objects are: the CPO's, or (tokens) the eMSP's. */
  role: 'CPO' | 'EMSP'
  store: (db: Db, partner: OcpiPartnerRow, ref: PartyRef, id: string, item: unknown) => Promise<void>
  dropExcept: (db: Db, partnerId: number, seen: ReadonlySet<string>) => Promise<number>
}
const PULLERS: Record<OcpiPullModule, Puller> = {
  locations: {
    schema: ocpiLocation,
    idOf: (item: OcpiLocation) => item.id,
    role: 'CPO',
    store: (db, partner, ref, id, item) => receiveLocation(db, partner, ref, id, item, false),
    dropExcept: (db, partnerId, seen) => dropPartnerObjectsExcept(db, 'ev_location', partnerId, seen),
  },
  tariffs: {
    schema: ocpiTariff,
    idOf: (item: OcpiTariff) => item.id,
    role: 'CPO',
    store: receiveTariff,
    dropExcept: (db, partnerId, seen) => dropPartnerObjectsExcept(db, 'ev_tariff', partnerId, seen),
  },
  tokens: {
    schema: ocpiToken,
    idOf: (item: OcpiToken) => tokenKey(item.uid, item.type),
    role: 'EMSP',
    store: (db, partner, _ref, _id, item) => upsertPartnerToken(db, partner, ocpiToken.parse(item)),
    dropExcept: dropPartnerTokensExcept,
  },
}

const PULL_PAGE = 100
/** A guard against a partner whose Link never ends: 10,000 pages of 100. */
const PULL_MAX_PAGES = 10_000
const PUSH_RECHECKS = 5

const receiverOf = (endpoints: readonly OcpiEndpoint[], module: string, role: 'SENDER' | 'RECEIVER') =>
  endpoints.find((e) => e.identifier === module && e.role === role)?.url

export const pushKey = (partnerId: number, locationId: number) =>
  `${OCPI_PUSH_LOCATION}:${String(partnerId)}:${String(locationId)}`
export const pullKey = (partnerId: number, module: string) => `${OCPI_PULL}:${String(partnerId)}:${module}`

export async function pushLocation(
  db: Db,
  settings: OcpiSettings,
  payload: PushLocationPayload,
): Promise<void> {
  const partner = await partnerById(db, payload.partner_id)
  if (partner?.status !== 'connected' || partner.outgoing_token === null) return
  const url = receiverOf(endpointsOf(partner), 'locations', 'RECEIVER')
  if (url === undefined) return
  const party = (await identitiesOf(db, partner.entity_code)).find((i) => i.role === 'CPO')
  if (!party) return
  const read = async (): Promise<OcpiLocation | null> => {
    const row = await locationById(db, partner.entity_code, payload.location_id)
    if (!row) return null
    const [evses, connectors] = await Promise.all([evsesOf(db, [row.id]), connectorsOf(db, [row.id])])
    return toOcpiLocation(party, row, evses, connectors)
  }
  let location = await read()
  for (let round = 0; location !== null && round < PUSH_RECHECKS; round++) {
    try {
      await ocpiCall(db, settings.client, {
        partnerId: partner.id,
        method: 'PUT',
        url: `${url}/${party.country_code}/${party.party_id}/${encodeURIComponent(location.id)}`,
        token: partner.outgoing_token,
        module: 'locations',
        body: location,
      })
    } catch (err) {
      await recordSync(
        db,
        partner.id,
        'locations',
        'push',
        Date.now(),
        err instanceof Error ? err.message : String(err),
      )
      throw err
    }
    await recordSync(db, partner.id, 'locations', 'push', Date.now(), `ok: location ${location.id}`)
    // Compared whole, not by last_updated: that has whole seconds (OCPI's DateTime), and a status that changed in the
    // second this push read (its own job deduplicated while this one ran) would otherwise never be sent.
    const now = await read()
    if (now === null || JSON.stringify(now) === JSON.stringify(location)) return
    location = now
  }
}

async function pull(
  db: Db,
  settings: OcpiSettings,
  payload: PullPayload,
  signal: AbortSignal,
): Promise<void> {
  const partner = await partnerById(db, payload.partner_id)
  if (partner?.status !== 'connected' || partner.outgoing_token === null) return
  const puller = PULLERS[payload.module]
  const first = receiverOf(endpointsOf(partner), payload.module, 'SENDER')
  if (first === undefined) {
    await recordSync(
      db,
      partner.id,
      payload.module,
      'pull',
      Date.now(),
      `The partner sends no ${payload.module}`,
    )
    return
  }
  const seen = new Set<string>()
  let stored = 0
  const refused: string[] = []
  let next: string | undefined = `${first}?offset=0&limit=${String(PULL_PAGE)}`
  try {
    for (let page = 0; next !== undefined && page < PULL_MAX_PAGES; page++) {
      if (signal.aborted) throw new Error('Stopped')
      const answer = await ocpiCall(db, settings.client, {
        partnerId: partner.id,
        method: 'GET',
        url: next,
        token: partner.outgoing_token,
        module: payload.module,
      })
      const items = Array.isArray(answer.envelope.data) ? (answer.envelope.data as unknown[]) : []
      for (const item of items) {
        const parsed = puller.schema.safeParse(item)
        if (!parsed.success) {
          const issue = parsed.error.issues[0]
          refused.push(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`)
          continue
        }
        const object = parsed.data
        const id = puller.idOf(object as never)
        try {
          const ref = checkParty(partner, object.country_code, object.party_id, puller.role)
          await puller.store(db, partner, ref, id, item)
          seen.add(`${ref.country_code}${ref.party_id}/${id}`)
          stored++
        } catch (err) {
          if (!(err instanceof OcpiError)) throw err
          refused.push(`${id}: ${err.message}`)
        }
      }
      const link = answer.headers.link
      const match = typeof link === 'string' ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null
      next = match?.[1]
    }
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    await recordSync(
      db,
      partner.id,
      payload.module,
      'pull',
      Date.now(),
      `failed after ${String(stored)}: ${why}`,
    )
    throw err
  }
  const dropped = await puller.dropExcept(db, partner.id, seen)
  const summary = [
    `ok: ${String(stored)} ${payload.module}`,
    ...(dropped > 0 ? [`${String(dropped)} gone`] : []),
    ...(refused.length > 0 ? [`${String(refused.length)} refused (first: ${refused[0] ?? ''})`] : []),
  ].join(', ')
  await recordSync(db, partner.id, payload.module, 'pull', Date.now(), summary)
}

/**
 * The live feed's hook: a connector's status change queues a push of its EVSE to each partner (the only change OCPP
 * makes to what a Location says; a charger's own status is not in OCPI's model). A fact without its EVSE (an older
 * instance's, during a rolling deploy) pushes the whole location.
 */
function pushHook(db: Db, jobs: JobQueue, evses: EvsePushes) {
  const cache = new Map<string, { until: number; partners: Promise<number[]> }>()
  const partnersOf = (entity: string) => {
    const now = Date.now()
    const hit = cache.get(entity)
    if (hit && hit.until > now) return hit.partners
    const partners = connectedPartnersOf(db, entity).then((rows) =>
      rows
        .filter((r) => receiverOf(parseJson<OcpiEndpoint[]>(r.endpoints, []), 'locations', 'RECEIVER'))
        .map((r) => r.id),
    )
    cache.set(entity, { until: now + 5_000, partners })
    partners.catch(() => cache.delete(entity))
    return partners
  }
  return async (facts: readonly LiveFact[]) => {
    for (const fact of facts) {
      if (fact.name !== LiveEventName.connectorStatus) continue
      const data = fact.data as { location_id?: unknown; evse_id?: unknown }
      if (typeof data.location_id !== 'number') continue
      const locationId = data.location_id
      const evseId = typeof data.evse_id === 'number' ? data.evse_id : undefined
      for (const entity of fact.entities) {
        const partners = await partnersOf(entity)
        if (evseId !== undefined) await evses.queue(partners, evseId, locationId)
        else
          for (const partnerId of partners)
            await jobs.enqueue<PushLocationPayload>(
              OCPI_PUSH_LOCATION,
              { partner_id: partnerId, location_id: locationId },
              { uniqueKey: pushKey(partnerId, locationId) },
            )
      }
    }
  }
}

export interface OcpiJobOptions {
  /** How often every connected partner's objects are pulled (0: never on a schedule). */
  pullEveryMs: number
}

export function registerOcpiJobs(
  app: FastifyInstance,
  settings: OcpiSettings,
  options: OcpiJobOptions,
): void {
  app.jobs.register<PushLocationPayload>(
    OCPI_PUSH_LOCATION,
    (payload) => pushLocation(app.db, settings, payload),
    {
      maxAttempts: 12,
    },
  )
  app.jobs.register<PullPayload>(
    OCPI_PULL,
    async (payload, ctx) => {
      if (!(OCPI_PULL_MODULES as readonly string[]).includes(payload.module))
        throw new PermanentJobError(`Unknown module ${payload.module}`)
      await pull(app.db, settings, payload, ctx.signal)
    },
    { maxAttempts: 3 },
  )
  app.jobs.register(OCPI_PULL_ALL, async () => {
    for (const partner of await allConnectedPartners(app.db))
      for (const module of OCPI_PULL_MODULES)
        if (receiverOf(parseJson<OcpiEndpoint[]>(partner.endpoints, []), module, 'SENDER'))
          await app.jobs.enqueue<PullPayload>(
            OCPI_PULL,
            { partner_id: partner.id, module },
            { uniqueKey: pullKey(partner.id, module) },
          )
  })
  if (options.pullEveryMs > 0) app.jobs.schedule(OCPI_PULL_ALL, options.pullEveryMs)
  app.live.onRecorded(pushHook(app.db, app.jobs, registerEvsePushes(app, settings, pushLocation)))
}
