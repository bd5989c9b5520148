import type { OcpiCredentials, OcpiCredentialsRole, OcpiEndpoint } from '@portal/contract'
import { OCPI_VERSION, OcpiCode, ocpiCredentials, ocpiVersionDetails, ocpiVersions } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import type { OcpiClientSettings } from './ocpi-client'
import { OcpiCallFailed, ocpiCall } from './ocpi-client'
import { OcpiError, parseOcpi } from './ocpi-envelope'
import { entityProfile, identitiesOf, swapIncomingToken, updatePartner } from './ocpi.repository'
import type { OcpiPartnerRow } from './ocpi.table'
import { tokenHash } from './ocpi-scope'

/*
 * The credentials handshake both ways (credentials.asciidoc, decision 0113).
 *
 * They register with us: the operator made the partner and gave it token A out of band. The partner calls our
 * versions with A, then POSTs its credentials (its token B, its versions URL, its roles). We read its versions and
 * endpoints with B, issue token C in our answer, and from then on A is void: the partner calls us with C, we call it
 * with B.
 *
 * We register with them: the operator gives their versions URL and their token A. We read their versions and
 * endpoints with A, then POST our credentials with our new token B (valid from before the POST: the partner calls
 * our versions with it while answering); the answer's token C is what we call them with.
 */

export interface OcpiSettings {
  /** Where partners reach us, without a trailing slash; null: roaming cannot be set up (production without it). */
  publicUrl: () => string | null
  client: OcpiClientSettings
  /** Requests a partner may make a minute on this instance. */
  ratePerMinute: number
  /** Days the message log keeps a request. */
  retentionDays: number
}

/** 32 random bytes: 43 characters of base64url, within OCPI's 64. */
export const newOcpiToken = () => randomBytes(32).toString('base64url')

export function publicUrlOf(settings: OcpiSettings): string {
  const url = settings.publicUrl()
  if (url === null)
    throw new OcpiError(
      503,
      OcpiCode.serverError,
      'Roaming is not configured on this server (PORTAL_PUBLIC_URL is not set)',
    )
  return url
}

export const versionsUrlOf = (base: string) => `${base}/ocpi/versions`
export const versionDetailsUrlOf = (base: string) => `${base}/ocpi/${OCPI_VERSION}`

export interface StoredRole {
  role: string
  country_code: string
  party_id: string
  business_name: string | null
}

export const rolesOf = (row: OcpiPartnerRow) => parseJson<StoredRole[]>(row.roles, [])
export const endpointsOf = (row: OcpiPartnerRow) => parseJson<OcpiEndpoint[]>(row.endpoints, [])

/** Our roles in a credentials object: the entity's parties, with its name. */
export async function ourCredentialRoles(db: Db, entityCode: string): Promise<OcpiCredentialsRole[]> {
  const entity = await entityProfile(db, entityCode)
  const identities = await identitiesOf(db, entityCode)
  return identities.map((i) => ({
    role: i.role as OcpiCredentialsRole['role'],
    country_code: i.country_code,
    party_id: i.party_id,
    business_details: { name: (entity?.name ?? entityCode).slice(0, 100) },
  }))
}

const same = (a: { role: string; country_code: string; party_id: string }, b: typeof a) =>
  a.role === b.role &&
  a.country_code.toUpperCase() === b.country_code.toUpperCase() &&
  a.party_id.toUpperCase() === b.party_id.toUpperCase()

/** The partner's 2.2.1 endpoints, read from its versions URL with a token. */
async function discover(
  db: Db,
  settings: OcpiSettings,
  partnerId: number,
  versionsUrl: string,
  token: string,
): Promise<{ version: string; endpoints: OcpiEndpoint[] }> {
  const versions = await ocpiCall(db, settings.client, {
    partnerId,
    method: 'GET',
    url: versionsUrl,
    token,
    module: 'credentials',
  })
  const list = ocpiVersions.safeParse(versions.envelope.data)
  if (!list.success) throw new OcpiCallFailed(`${versionsUrl} did not answer a list of versions`)
  const ours = list.data.find((v) => v.version === OCPI_VERSION)
  if (!ours)
    throw new OcpiError(
      400,
      OcpiCode.unsupportedVersion,
      `The partner offers ${list.data.map((v) => v.version).join(', ') || 'no version'}; we speak ${OCPI_VERSION}`,
    )
  const details = await ocpiCall(db, settings.client, {
    partnerId,
    method: 'GET',
    url: ours.url,
    token,
    module: 'credentials',
  })
  const parsed = ocpiVersionDetails.safeParse(details.envelope.data)
  if (!parsed.success) throw new OcpiCallFailed(`${ours.url} did not answer version details`)
  return { version: OCPI_VERSION, endpoints: parsed.data.endpoints }
}

/** A failure of the partner's API while it registers with us: OCPI 3001, its reason in the message. */
function asUnableToUseClient(err: unknown): never {
  if (err instanceof OcpiError) throw err
  if (err instanceof OcpiCallFailed)
    throw new OcpiError(400, OcpiCode.unableToUseClientApi, `We could not use your API: ${err.message}`)
  throw err
}

const storedRoles = (roles: readonly OcpiCredentialsRole[]): StoredRole[] =>
  roles.map((r) => ({
    role: r.role,
    country_code: r.country_code.toUpperCase(),
    party_id: r.party_id.toUpperCase(),
    business_name: r.business_details.name,
  }))

/**
 * POST /ocpi/2.2.1/credentials (with token A) or PUT (with token C): the partner's credentials in, ours out. A token
 * A that two requests race on is used once: the loser gets a 2000 and nothing changes for it.
 */
export async function acceptCredentials(
  db: Db,
  settings: OcpiSettings,
  partner: OcpiPartnerRow,
  callingToken: string,
  body: unknown,
  update: boolean,
): Promise<OcpiCredentials> {
  const base = publicUrlOf(settings)
  const theirs = parseOcpi(ocpiCredentials, body, '')
  const configured = rolesOf(partner)
  if (!update) {
    // The roles were agreed when the operator added the partner: a token A does not let its holder claim others.
    const missing = configured.filter((c) => !theirs.roles.some((r) => same(c, r)))
    if (missing.length > 0)
      throw new OcpiError(
        400,
        OcpiCode.invalidParameters,
        `roles: expected ${missing.map((m) => `${m.role} ${m.country_code}/${m.party_id}`).join(', ')}`,
      )
  } else if (!configured.every((c) => theirs.roles.some((r) => same(c, r))))
    throw new OcpiError(
      400,
      OcpiCode.invalidParameters,
      'roles: a registered partner cannot change its parties',
    )

  let found: { version: string; endpoints: OcpiEndpoint[] }
  try {
    found = await discover(db, settings, partner.id, theirs.url, theirs.token)
  } catch (err) {
    asUnableToUseClient(err)
  }
  const tokenC = newOcpiToken()
  const now = Date.now()
  const swapped = await swapIncomingToken(db, partner.id, tokenHash(callingToken), {
    incoming_token_hash: tokenHash(tokenC),
    outgoing_token: theirs.token,
    partner_versions_url: theirs.url,
    version: found.version,
    endpoints: JSON.stringify(found.endpoints),
    roles: JSON.stringify(storedRoles(theirs.roles)),
    status: 'connected',
    connected_at: update ? partner.connected_at : now,
    updated_at: now,
  })
  if (!swapped)
    throw new OcpiError(409, OcpiCode.clientError, 'This token was used by another registration meanwhile')
  return { token: tokenC, url: versionsUrlOf(base), roles: await ourCredentialRoles(db, partner.entity_code) }
}

/** DELETE /ocpi/2.2.1/credentials: the partner unregisters; neither side's token works any more. */
export async function unregisterPartner(db: Db, partner: OcpiPartnerRow): Promise<void> {
  await updatePartner(db, partner.id, {
    status: 'suspended',
    incoming_token_hash: null,
    outgoing_token: null,
    updated_at: Date.now(),
  })
}

/**
 * We register with a partner: its versions URL and token A in, the partner connected out. On failure the partner's
 * row holds what it had (the caller deletes the attempt) and the error says which step failed and how.
 */
export async function registerWithPartner(
  db: Db,
  settings: OcpiSettings,
  partner: OcpiPartnerRow,
  versionsUrl: string,
  tokenA: string,
  tokenB: string,
): Promise<void> {
  const base = publicUrlOf(settings)
  const found = await discover(db, settings, partner.id, versionsUrl, tokenA)
  const credentials = found.endpoints.find((e) => e.identifier === 'credentials')
  if (!credentials)
    throw new OcpiError(400, OcpiCode.noMatchingEndpoints, 'The partner lists no credentials endpoint')
  const answer = await ocpiCall(db, settings.client, {
    partnerId: partner.id,
    method: 'POST',
    url: credentials.url,
    token: tokenA,
    module: 'credentials',
    body: {
      token: tokenB,
      url: versionsUrlOf(base),
      roles: await ourCredentialRoles(db, partner.entity_code),
    } satisfies OcpiCredentials,
  })
  const theirs = ocpiCredentials.safeParse(answer.envelope.data)
  if (!theirs.success)
    throw new OcpiCallFailed(
      `The partner's credentials are not valid: ${theirs.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    )
  const now = Date.now()
  await updatePartner(db, partner.id, {
    outgoing_token: theirs.data.token,
    partner_versions_url: theirs.data.url,
    version: found.version,
    endpoints: JSON.stringify(found.endpoints),
    roles: JSON.stringify(storedRoles(theirs.data.roles)),
    status: 'connected',
    connected_at: now,
    updated_at: now,
  })
}

/** We unregister from a partner (best effort: it may be gone). True when it acknowledged. */
export async function unregisterFromPartner(
  db: Db,
  settings: OcpiSettings,
  partner: OcpiPartnerRow,
): Promise<boolean> {
  const credentials = endpointsOf(partner).find((e) => e.identifier === 'credentials')
  if (partner.status !== 'connected' || partner.outgoing_token === null || !credentials) return false
  try {
    await ocpiCall(db, settings.client, {
      partnerId: partner.id,
      method: 'DELETE',
      url: credentials.url,
      token: partner.outgoing_token,
      module: 'credentials',
    })
    return true
  } catch {
    return false
  }
}
