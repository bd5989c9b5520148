import type {
  OcpiIdentityData,
  OcpiMessage,
  OcpiMessageListData,
  OcpiPartner,
  OcpiPartnerCreated,
  OcpiPartnerListData,
  OcpiPartyRole,
  OcpiPullModule,
} from '@portal/contract'
import type { ocpiMessageFilterRequest } from '@portal/contract'
import { ocpiRolesOf } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { OcpiCallFailed } from './ocpi-client'
import { OcpiError } from './ocpi-envelope'
import type { OcpiSettings } from './ocpi-handshake.service'
import {
  endpointsOf,
  newOcpiToken,
  registerWithPartner,
  rolesOf,
  unregisterFromPartner,
  versionsUrlOf,
} from './ocpi-handshake.service'
import {
  countMessages,
  countPartnerSessions,
  deletePartner,
  retirePartner,
  entityProfile,
  findPartner,
  identitiesOf,
  insertPartner,
  listMessages,
  listPartners,
  replaceIdentities,
  syncsOf,
  updatePartner,
} from './ocpi.repository'
import type { OcpiPartnerRow } from './ocpi.table'
import type { PullPayload } from './ocpi-sync.jobs'
import { OCPI_PULL, pullKey } from './ocpi-sync.jobs'
import type { JobQueue } from '../../jobs/job-queue'
import { tokenHash } from './ocpi-scope'

/** Partners one entity may have. */
const PARTNERS_MAX = 100

type SyncRow = Awaited<ReturnType<typeof syncsOf>>[number]

export function toPartner(row: OcpiPartnerRow, syncs: readonly SyncRow[] = []): OcpiPartner {
  return {
    id: row.id,
    name: row.name,
    status: row.status as OcpiPartner['status'],
    roles: rolesOf(row),
    initiated_by: row.initiated_by === 'us' ? 'us' : 'them',
    partner_versions_url: row.partner_versions_url,
    version: row.version,
    endpoints: endpointsOf(row),
    created_at: row.created_at,
    connected_at: row.connected_at,
    last_message_at: row.last_message_at,
    sync: syncs
      .filter((x) => x.partner_id === row.id)
      .map((x) => ({
        module: x.module,
        last_pull_at: x.last_pull_at,
        last_pull_result: x.last_pull_result,
        last_push_at: x.last_push_at,
        last_push_result: x.last_push_result,
      })),
  }
}

async function rolesOfEntity(db: Db, entityCode: string) {
  const entity = await entityProfile(db, entityCode)
  return ocpiRolesOf(parseJson<string[]>(entity?.industries, []))
}

/** Our public URL, or a clear refusal when roaming is not configured here (production without PORTAL_PUBLIC_URL). */
function portalPublicUrl(settings: OcpiSettings): string {
  const url = settings.publicUrl()
  if (url === null)
    throw new HttpError(
      503,
      'UNAVAILABLE',
      'Roaming is not configured on this server: set PORTAL_PUBLIC_URL to the address partners reach it at',
    )
  return url
}

export async function entityIdentity(
  db: Db,
  caller: Caller,
  settings: OcpiSettings,
): Promise<OcpiIdentityData> {
  const entity = caller.auth.entityCode
  const base = settings.publicUrl()
  return {
    identities: (await identitiesOf(db, entity)).map((i) => ({
      role: i.role as 'CPO' | 'EMSP',
      country_code: i.country_code,
      party_id: i.party_id,
    })),
    roles: await rolesOfEntity(db, entity),
    versions_url: base === null ? '' : versionsUrlOf(base),
  }
}

export async function changeIdentity(
  db: Db,
  caller: Caller,
  identities: readonly { role: 'CPO' | 'EMSP'; country_code: string; party_id: string }[],
  settings: OcpiSettings,
): Promise<OcpiIdentityData> {
  const entity = caller.auth.entityCode
  const roles = await rolesOfEntity(db, entity)
  const index = identities.findIndex((i) => !roles.includes(i.role))
  if (index >= 0)
    throw fieldError(
      `body.identities.${String(index)}.role`,
      roles.length === 0
        ? 'This entity plays no OCPI role (it is neither a CPO nor an eMSP)'
        : `This entity plays ${roles.join(' and ')} only`,
    )
  const before = await identitiesOf(db, entity)
  const { taken } = await replaceIdentities(db, entity, identities, Date.now())
  if (taken)
    throw new HttpError(
      409,
      'CONFLICT',
      `${taken.role} ${taken.country_code}/${taken.party_id} is another entity's party on this server`,
    )
  await auditChange(db, caller, 'ocpi_identity_changed', 'ocpi_identity', entity, before, identities)
  return entityIdentity(db, caller, settings)
}

async function requireIdentity(db: Db, entityCode: string) {
  if ((await identitiesOf(db, entityCode)).length === 0)
    throw new HttpError(
      409,
      'CONFLICT',
      "Set the entity's OCPI identity (country code and party id) before adding a roaming partner",
    )
}

async function requireRoom(db: Db, entityCode: string) {
  if ((await listPartners(db, entityCode)).length >= PARTNERS_MAX)
    throw new HttpError(
      409,
      'CONFLICT',
      `An entity may have at most ${String(PARTNERS_MAX)} roaming partners`,
    )
}

const auditView = (row: Pick<OcpiPartnerRow, 'name' | 'status' | 'roles'>) => ({
  name: row.name,
  status: row.status,
  roles: parseJson<unknown>(row.roles, []),
})

/** POST /ocpi/partners: a pending partner and its token A, to hand over with our versions URL. */
export async function createPartner(
  db: Db,
  caller: Caller,
  request: { name: string; roles: OcpiPartyRole[] },
  settings: OcpiSettings,
): Promise<OcpiPartnerCreated> {
  const entity = caller.auth.entityCode
  const base = portalPublicUrl(settings)
  await requireIdentity(db, entity)
  await requireRoom(db, entity)
  const tokenA = newOcpiToken()
  const now = Date.now()
  const roles = request.roles.map((r) => ({ ...r, business_name: null }))
  const row = {
    entity_code: entity,
    name: request.name,
    status: 'pending',
    initiated_by: 'them',
    roles: JSON.stringify(roles),
    incoming_token_hash: tokenHash(tokenA),
    outgoing_token: null,
    partner_versions_url: null,
    version: null,
    endpoints: '[]',
    created_at: now,
    created_by: caller.auth.username.slice(0, 200),
    updated_at: now,
    connected_at: null,
    last_message_at: null,
  }
  const id = await insertPartner(db, row)
  await auditChange(db, caller, 'ocpi_partner_created', 'ocpi_partner', id, null, auditView(row))
  return { ...toPartner({ ...row, id }), token_a: tokenA, versions_url: versionsUrlOf(base) }
}

/** POST /ocpi/partners/connect: we register with the partner; the partner connected, or nothing kept. */
export async function connectPartner(
  db: Db,
  caller: Caller,
  request: { name: string; versions_url: string; token: string },
  settings: OcpiSettings,
): Promise<OcpiPartner> {
  const entity = caller.auth.entityCode
  portalPublicUrl(settings)
  await requireIdentity(db, entity)
  await requireRoom(db, entity)
  const tokenB = newOcpiToken()
  const now = Date.now()
  const row = {
    entity_code: entity,
    name: request.name,
    status: 'pending',
    initiated_by: 'us',
    roles: '[]',
    incoming_token_hash: tokenHash(tokenB),
    outgoing_token: request.token,
    partner_versions_url: request.versions_url,
    version: null,
    endpoints: '[]',
    created_at: now,
    created_by: caller.auth.username.slice(0, 200),
    updated_at: now,
    connected_at: null,
    last_message_at: null,
  }
  const id = await insertPartner(db, row)
  try {
    await registerWithPartner(db, settings, { ...row, id }, request.versions_url, request.token, tokenB)
  } catch (err) {
    await deletePartner(db, entity, id)
    if (err instanceof OcpiCallFailed || err instanceof OcpiError)
      throw new HttpError(502, 'UNAVAILABLE', `The partner's registration failed: ${err.message}`)
    throw err
  }
  const connected = await findPartner(db, entity, id)
  if (!connected) throw notFound('Roaming partner')
  await auditChange(db, caller, 'ocpi_partner_connected', 'ocpi_partner', id, null, auditView(connected))
  return toPartner(connected)
}

export async function entityPartners(db: Db, caller: Caller): Promise<OcpiPartnerListData> {
  const rows = await listPartners(db, caller.auth.entityCode)
  const syncs = await syncsOf(
    db,
    rows.map((r) => r.id),
  )
  return { partners: rows.map((r) => toPartner(r, syncs)), count: rows.length }
}

async function partnerOf(db: Db, caller: Caller, id: number) {
  const row = await findPartner(db, caller.auth.entityCode, id)
  if (!row) throw notFound('Roaming partner')
  return row
}

export async function onePartner(db: Db, caller: Caller, id: number): Promise<OcpiPartner> {
  const row = await partnerOf(db, caller, id)
  return toPartner(row, await syncsOf(db, [row.id]))
}

/** PUT /ocpi/partners/{id}: rename, suspend (calls refused both ways) or resume (when its tokens are still good). */
export async function changePartner(
  db: Db,
  caller: Caller,
  id: number,
  change: { name?: string | undefined; status?: 'connected' | 'suspended' | undefined },
): Promise<OcpiPartner> {
  const before = await partnerOf(db, caller, id)
  const patch: Partial<OcpiPartnerRow> = {}
  if (change.name !== undefined) patch.name = change.name
  if (change.status === 'suspended' && before.status !== 'suspended') patch.status = 'suspended'
  if (change.status === 'connected' && before.status !== 'connected') {
    if (before.status === 'pending')
      throw fieldError('body.status', 'The partner has not registered yet: there is nothing to resume')
    if (before.outgoing_token === null || before.incoming_token_hash === null)
      throw fieldError('body.status', 'The partner unregistered: delete it and add it again to reconnect')
    patch.status = 'connected'
  }
  if (Object.keys(patch).length === 0) return toPartner(before)
  await updatePartner(db, id, { ...patch, updated_at: Date.now() })
  const after = { ...before, ...patch }
  await auditChange(
    db,
    caller,
    'ocpi_partner_changed',
    'ocpi_partner',
    id,
    auditView(before),
    auditView(after),
  )
  return toPartner(after)
}

/**
 * DELETE /ocpi/partners/{id}: tells a connected partner we unregister, then forgets it and its log; unless our
 * drivers have sessions on its chargers, which are money and history: then it is kept, suspended (decision 0113).
 */
export async function removePartner(db: Db, caller: Caller, id: number, settings: OcpiSettings) {
  const before = await partnerOf(db, caller, id)
  const told = await unregisterFromPartner(db, settings, before)
  if ((await countPartnerSessions(db, id)) > 0) {
    await retirePartner(db, caller.auth.entityCode, id, Date.now())
    const after = await partnerOf(db, caller, id)
    await auditChange(
      db,
      caller,
      'ocpi_partner_retired',
      'ocpi_partner',
      id,
      auditView(before),
      auditView(after),
    )
    return { deleted: false, partner_told: told }
  }
  await deletePartner(db, caller.auth.entityCode, id)
  await auditChange(db, caller, 'ocpi_partner_deleted', 'ocpi_partner', id, auditView(before), null)
  return { deleted: true, partner_told: told }
}

export async function partnerMessages(
  db: Db,
  caller: Caller,
  id: number,
  filter: z.output<typeof ocpiMessageFilterRequest>,
): Promise<OcpiMessageListData> {
  const partner = await partnerOf(db, caller, id)
  const rows = await listMessages(db, partner.id, filter, filter.limit, filter.offset)
  const messages: OcpiMessage[] = rows.map((m) => ({
    id: String(m.id),
    at: m.at,
    direction: m.direction === 'in' ? 'in' : 'out',
    method: m.method,
    url: m.url,
    module: m.module,
    http_status: m.http_status,
    ocpi_status: m.ocpi_status,
    request_id: m.request_id,
    correlation_id: m.correlation_id,
    request_body: m.request_body,
    response_body: m.response_body,
    latency_ms: m.latency_ms,
    error: m.error,
  }))
  return { messages, count: await countMessages(db, partner.id, filter) }
}

/** POST /ocpi/partners/{id}/sync: a pull of the module now, unless one is queued or running already. */
export async function syncPartner(
  db: Db,
  jobs: JobQueue,
  caller: Caller,
  id: number,
  module: OcpiPullModule,
): Promise<{ queued: boolean }> {
  const partner = await partnerOf(db, caller, id)
  if (partner.status !== 'connected')
    throw fieldError('body.module', 'The partner is not connected: there is nothing to pull')
  const job = await jobs.enqueue<PullPayload>(
    OCPI_PULL,
    { partner_id: partner.id, module },
    { uniqueKey: pullKey(partner.id, module) },
  )
  return { queued: job !== null }
}
