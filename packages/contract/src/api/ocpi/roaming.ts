import { z } from 'zod'
import { envelope, epochMs } from '../envelope'
import { OCPI_INTERFACE_ROLES, OCPI_MODULES } from '../../ocpi/ocpi-protocol'
import {
  OCPI_COMMAND_RESPONSE_TYPES,
  OCPI_COMMAND_RESULT_TYPES,
  OCPI_COMMAND_TYPES,
} from '../../ocpi/ocpi-commands'

/*
 * Roaming partners in the portal (issue 17, docs/decisions/0113-ocpi.md): the entity's OCPI identity and the partners
 * it peers with over OCPI 2.2.1. Entity settings → Roaming; reading needs the entity, changing needs an entity admin
 * or edit on `iam / roaming/*`.
 *
 * - GET  /api/main/ocpi/identity                       the entity's party per role (country code, party id);
 * - PUT  /api/main/ocpi/identity                       `{ identities }` (edit);
 * - POST /api/main/ocpi/partners                       `{ name, roles }` → `data.id`, `data.token_a`,
 *   `data.versions_url` (ours: the partner calls it with token A and registers);
 * - POST /api/main/ocpi/partners/connect               `{ name, versions_url, token }`: the partner's versions URL and
 *   token A; our side runs the handshake and answers the connected partner;
 * - GET  /api/main/ocpi/partners                       the entity's partners;
 * - GET  /api/main/ocpi/partners/{id}                  one, with its endpoints;
 * - PUT  /api/main/ocpi/partners/{id}                  `{ name?, status? }`: rename, suspend or resume;
 * - DELETE /api/main/ocpi/partners/{id}                unregister (tells the partner when connected) and forget;
 * - POST /api/main/ocpi/partners/{id}/messages/filter  the message log: every OCPI request in and out;
 * - POST /api/main/ocpi/partners/{id}/sync              `{ module }`: pull the partner's objects of a module now (a
 *   job; the partner's `sync` shows when it ran and how it went).
 * - POST /api/main/ocpi/partners/{id}/commands          a command to a partner CPO (START_SESSION, STOP_SESSION,
 *   UNLOCK_CONNECTOR), answered with its CommandResponse; the CommandResult comes later (edit);
 * - GET  /api/main/ocpi/partners/{id}/commands          the latest commands with the partner, both ways.
 */

export const ROAMING_POLICY = { app_code: 'iam', resource_code: 'roaming/*' } as const

/** The roles a partner may have for us: a CPO, an eMSP, or a hub standing for many. */
export const OCPI_PARTNER_ROLES = ['CPO', 'EMSP', 'HUB'] as const
export type OcpiPartnerRole = (typeof OCPI_PARTNER_ROLES)[number]
/** The roles our entities play. */
export const OCPI_OWN_ROLES = ['CPO', 'EMSP'] as const
export type OcpiOwnRole = (typeof OCPI_OWN_ROLES)[number]

/**
 * pending: created, the handshake not done (token A waits for the partner); connected: tokens exchanged, calls flow;
 * suspended: calls refused both ways (by the operator, or because the partner unregistered).
 */
export const OCPI_PARTNER_STATUSES = ['pending', 'connected', 'suspended'] as const
export type OcpiPartnerStatus = (typeof OCPI_PARTNER_STATUSES)[number]

/** Which industries make an entity a CPO or an eMSP on OCPI. */
const CPO_INDUSTRIES = ['cpo', 'voltnet_cpo', 'busways_ev']
const EMSP_INDUSTRIES = ['emsp', 'voltnet_emsp']
export function ocpiRolesOf(industries: readonly string[]): OcpiOwnRole[] {
  const roles: OcpiOwnRole[] = []
  if (industries.some((i) => CPO_INDUSTRIES.includes(i))) roles.push('CPO')
  if (industries.some((i) => EMSP_INDUSTRIES.includes(i))) roles.push('EMSP')
  return roles
}

const countryCode = z
  .string({ error: 'country_code: enter the two letters of the country' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'country_code: two letters (ISO 3166-1 alpha-2), like SG')
  .transform((v) => v.toUpperCase())
const partyId = z
  .string({ error: 'party_id: enter the three characters of the party id' })
  .trim()
  .regex(/^[A-Za-z0-9]{3}$/, 'party_id: three letters or digits, like SPK')
  .transform((v) => v.toUpperCase())

export const ocpiPartyRole = z.strictObject({
  role: z.enum(OCPI_PARTNER_ROLES, { error: 'role: CPO, EMSP or HUB' }),
  country_code: countryCode,
  party_id: partyId,
})
export type OcpiPartyRole = z.output<typeof ocpiPartyRole>

const uniqueParties = (roles: readonly OcpiPartyRole[]) =>
  new Set(roles.map((r) => `${r.role}:${r.country_code}:${r.party_id}`)).size === roles.length

export const ocpiIdentity = z.strictObject({
  role: z.enum(OCPI_OWN_ROLES, { error: 'role: CPO or EMSP' }),
  country_code: countryCode,
  party_id: partyId,
})
export type OcpiIdentity = z.output<typeof ocpiIdentity>
export const ocpiIdentityResponse = envelope(
  z.object({
    /** The entity's party per role it plays. */
    identities: z.array(
      z.object({ role: z.enum(OCPI_OWN_ROLES), country_code: z.string(), party_id: z.string() }),
    ),
    /** The roles the entity's industries give it (an identity can be set for these only). */
    roles: z.array(z.enum(OCPI_OWN_ROLES)),
    /** Our versions URL, the one partners start from. */
    versions_url: z.string(),
  }),
)
export type OcpiIdentityData = z.infer<typeof ocpiIdentityResponse>['data']
export const ocpiIdentityUpdateRequest = z.strictObject({
  identities: z
    .array(ocpiIdentity)
    .min(1, 'identities: give at least one')
    .max(2)
    .refine((list) => new Set(list.map((i) => i.role)).size === list.length, 'identities: one per role'),
})
export type OcpiIdentityUpdateRequest = z.input<typeof ocpiIdentityUpdateRequest>

const partnerName = z
  .string({ error: 'name: enter the partner’s name' })
  .trim()
  .min(1, 'name: enter the partner’s name')
  .max(100, 'name: at most 100 characters')

export const ocpiPartnerCreateRequest = z.strictObject({
  name: partnerName,
  roles: z
    .array(ocpiPartyRole, { error: 'roles: list the partner’s roles' })
    .min(1, 'roles: give at least one role')
    .max(20)
    .refine(uniqueParties, 'roles: each role and party once'),
})
export type OcpiPartnerCreateRequest = z.input<typeof ocpiPartnerCreateRequest>

export const ocpiPartnerConnectRequest = z.strictObject({
  name: partnerName,
  versions_url: z
    .url({ error: 'versions_url: enter the partner’s versions URL, like https://ocpi.example.com/versions' })
    .max(255, 'versions_url: at most 255 characters'),
  token: z
    .string({ error: 'token: enter the token A the partner gave you' })
    .trim()
    .min(1, 'token: enter the token A the partner gave you')
    .max(64, 'token: at most 64 characters')
    .regex(/^[\x21-\x7e]+$/, 'token: printable characters, no spaces'),
})
export type OcpiPartnerConnectRequest = z.input<typeof ocpiPartnerConnectRequest>

export const ocpiPartnerUpdateRequest = z.strictObject({
  name: partnerName.optional(),
  status: z
    .enum(['connected', 'suspended'], { error: "status: 'connected' (resume) or 'suspended'" })
    .optional(),
})
export type OcpiPartnerUpdateRequest = z.input<typeof ocpiPartnerUpdateRequest>

export const ocpiPartnerParams = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
})

export const ocpiPartner = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(OCPI_PARTNER_STATUSES),
  /** Its roles and parties; each CPO or eMSP role is one party we exchange objects with. */
  roles: z.array(
    z.object({
      role: z.string(),
      country_code: z.string(),
      party_id: z.string(),
      /** From its credentials, once connected. */
      business_name: z.string().nullable(),
    }),
  ),
  /** Who started the handshake: we gave token A (`them`), or they gave us theirs (`us`). */
  initiated_by: z.enum(['us', 'them']),
  /** The partner's versions URL and the version in use, once known. */
  partner_versions_url: z.string().nullable(),
  version: z.string().nullable(),
  /** The partner's module endpoints (from its version details). */
  endpoints: z.array(
    z.object({ identifier: z.string(), role: z.enum(OCPI_INTERFACE_ROLES), url: z.string() }),
  ),
  created_at: epochMs,
  connected_at: epochMs.nullable(),
  /** The latest request in or out. */
  last_message_at: epochMs.nullable(),
  /** Per module: the latest pull (a full sync) and push, and how each went ('ok: …' or the failure). */
  sync: z.array(
    z.object({
      module: z.string(),
      last_pull_at: epochMs.nullable(),
      last_pull_result: z.string().nullable(),
      last_push_at: epochMs.nullable(),
      last_push_result: z.string().nullable(),
    }),
  ),
})
export type OcpiPartner = z.infer<typeof ocpiPartner>

export const ocpiPartnerResponse = envelope(ocpiPartner)
/** The new partner, token A and our versions URL: what goes to the partner. Token A is shown this once. */
export const ocpiPartnerCreatedResponse = envelope(
  ocpiPartner.extend({ token_a: z.string(), versions_url: z.string() }),
)
export type OcpiPartnerCreated = z.infer<typeof ocpiPartnerCreatedResponse>['data']
export const ocpiPartnerListResponse = envelope(
  z.object({ partners: z.array(ocpiPartner), count: z.number().int().min(0) }),
)
export type OcpiPartnerListData = z.infer<typeof ocpiPartnerListResponse>['data']
/** DELETE: forgotten, and whether the partner acknowledged our unregistering (false: it was not connected, or down). */
export const ocpiPartnerDeletedResponse = envelope(
  z.object({ deleted: z.boolean(), partner_told: z.boolean() }),
)

export const OCPI_MESSAGE_PAGE_SIZE = 50
export const OCPI_MESSAGE_DIRECTIONS = ['in', 'out'] as const
export type OcpiMessageDirection = (typeof OCPI_MESSAGE_DIRECTIONS)[number]

export const ocpiMessageFilterRequest = z.strictObject({
  /** 'in': the partner called us; 'out': we called the partner. */
  direction: z.enum(OCPI_MESSAGE_DIRECTIONS, { error: "direction: 'in' or 'out'" }).optional(),
  module: z.enum(OCPI_MODULES, { error: `module: one of ${OCPI_MODULES.join(', ')}` }).optional(),
  /** Only the failed ones: an HTTP status other than 2xx, or an OCPI status other than 1xxx. */
  failed: z.boolean().optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  limit: z.number().int().min(1).max(200).default(OCPI_MESSAGE_PAGE_SIZE),
  offset: z.number().int().min(0).max(100_000).default(0),
})
export type OcpiMessageFilterRequest = z.input<typeof ocpiMessageFilterRequest>

/** The message log's export job (source `ocpi-messages`): one partner and the log's filters. */
export const ocpiMessageExportFilters = ocpiMessageFilterRequest
  .omit({ limit: true, offset: true })
  .extend({ partner_id: ocpiPartnerParams.shape.id })
export type OcpiMessageExportFilters = z.output<typeof ocpiMessageExportFilters>

export const ocpiMessage = z.object({
  id: z.string(),
  at: epochMs,
  direction: z.enum(OCPI_MESSAGE_DIRECTIONS),
  method: z.string(),
  /** The path and query (ours for 'in', the partner's URL for 'out'). */
  url: z.string(),
  module: z.string().nullable(),
  http_status: z.number().int().nullable(),
  ocpi_status: z.number().int().nullable(),
  request_id: z.string().nullable(),
  correlation_id: z.string().nullable(),
  /** The bodies as sent (cut at 64 KB); tokens in credentials are masked. */
  request_body: z.string().nullable(),
  response_body: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  /** Why it failed when nothing answered (connection refused, timeout). */
  error: z.string().nullable(),
})
export type OcpiMessage = z.infer<typeof ocpiMessage>
export const ocpiMessageListResponse = envelope(
  z.object({ messages: z.array(ocpiMessage), count: z.number().int().min(0) }),
)
export type OcpiMessageListData = z.infer<typeof ocpiMessageListResponse>['data']

/** The modules a full pull exists for (what the partner sends us as their receiver). */
export const OCPI_PULL_MODULES = ['locations', 'tariffs', 'tokens'] as const
export type OcpiPullModule = (typeof OCPI_PULL_MODULES)[number]
export const ocpiSyncRequest = z.strictObject({
  module: z.enum(OCPI_PULL_MODULES, { error: `module: one of ${OCPI_PULL_MODULES.join(', ')}` }),
})
export type OcpiSyncRequest = z.input<typeof ocpiSyncRequest>
export const ocpiSyncResponse = envelope(z.object({ queued: z.boolean() }))

/** The commands our eMSP sends a partner CPO (mod_commands.asciidoc); reservations are not offered. */
export const OCPI_SENT_COMMANDS = ['START_SESSION', 'STOP_SESSION', 'UNLOCK_CONNECTOR'] as const
export type OcpiSentCommand = (typeof OCPI_SENT_COMMANDS)[number]

/** An OCPI id (CiString(36)) named by the operator: the partner's location, EVSE or connector, or one of our tokens. */
const ocpiIdField = (field: string, what: string) =>
  z
    .string({ error: `${field}: enter ${what}` })
    .trim()
    .min(1, `${field}: enter ${what}`)
    .max(36, `${field}: at most 36 characters`)

/**
 * A command to a partner CPO. `location_id`, `evse_uid` and `connector_id` name the partner's location as the partner
 * knows it (as its locations list shows them); `token_uid` is one of the entity's own tokens, sent as OCPI's Token.
 */
export const ocpiPartnerCommandRequest = z.discriminatedUnion(
  'command',
  [
    z.strictObject({
      command: z.literal('START_SESSION'),
      location_id: ocpiIdField('location_id', 'the partner’s location id'),
      evse_uid: ocpiIdField('evse_uid', 'the EVSE’s uid').optional(),
      connector_id: ocpiIdField('connector_id', 'the connector’s id').optional(),
      token_uid: ocpiIdField('token_uid', 'the uid of one of your tokens'),
    }),
    z.strictObject({
      command: z.literal('STOP_SESSION'),
      session_id: ocpiIdField('session_id', 'the partner’s session id'),
    }),
    z.strictObject({
      command: z.literal('UNLOCK_CONNECTOR'),
      location_id: ocpiIdField('location_id', 'the partner’s location id'),
      evse_uid: ocpiIdField('evse_uid', 'the EVSE’s uid'),
      connector_id: ocpiIdField('connector_id', 'the connector’s id'),
    }),
  ],
  { error: `command: one of ${OCPI_SENT_COMMANDS.join(', ')}` },
)
export type OcpiPartnerCommandRequest = z.input<typeof ocpiPartnerCommandRequest>

/**
 * A command with a partner: 'out' our eMSP sent it to a partner CPO, 'in' a partner eMSP sent it to our CPO. `response`
 * is the CPO's answer at once (CommandResponseType), `result` what the charger did, posted later (CommandResultType);
 * `message` says why when either is not ACCEPTED, or why the partner could not be reached.
 */
export const ocpiCommandView = z.object({
  id: z.number().int(),
  /** Names the command in the URL its result comes back to. */
  uid: z.string(),
  command: z.enum(OCPI_COMMAND_TYPES),
  direction: z.enum(OCPI_MESSAGE_DIRECTIONS),
  /** The command's OCPI body as sent (JSON). */
  request: z.string(),
  response: z.enum(OCPI_COMMAND_RESPONSE_TYPES).nullable(),
  result: z.enum(OCPI_COMMAND_RESULT_TYPES).nullable(),
  message: z.string().nullable(),
  token_uid: z.string().nullable(),
  authorization_reference: z.string().nullable(),
  /** The session it stopped, or (once the charger started it) the session it started. */
  session_uid: z.string().nullable(),
  /** The operator's name ('out'), or the partner's ('in'). */
  requested_by: z.string(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type OcpiCommandView = z.infer<typeof ocpiCommandView>
export const ocpiPartnerCommandResponse = envelope(ocpiCommandView)
/** The latest OCPI_COMMAND_LIST_SIZE commands with the partner, newest first. */
export const OCPI_COMMAND_LIST_SIZE = 50
export const ocpiPartnerCommandListResponse = envelope(z.object({ commands: z.array(ocpiCommandView) }))
export type OcpiPartnerCommandListData = z.infer<typeof ocpiPartnerCommandListResponse>['data']

/*
 * CDRs with a partner (issue 17), read by the portal:
 * - POST /api/main/ocpi/partners/{id}/cdrs/filter  `{ direction?, flagged?, limit, offset }` → `{ cdrs, count }`,
 *   newest first (read).
 * 'out': ours, produced when one of our sessions for the partner's driver completed (we are its CPO); 'in': the
 * partner's, received as its eMSP, priced by us too and flagged when the two differ by more than a cent.
 */
export const OCPI_CDR_PAGE_SIZE = 20
export const ocpiCdrFilterRequest = z.strictObject({
  direction: z.enum(OCPI_MESSAGE_DIRECTIONS, { error: "direction: 'in' or 'out'" }).optional(),
  /** true: only the CDRs flagged for review; false: only the others. */
  flagged: z.boolean({ error: 'flagged: true or false' }).optional(),
  limit: z.number().int().min(1).max(100).default(OCPI_CDR_PAGE_SIZE),
  offset: z.number().int().min(0).max(100_000).default(0),
})
export type OcpiCdrFilterRequest = z.input<typeof ocpiCdrFilterRequest>

/** One CDR as the portal lists it. Amounts are in currency units (12.34), converted from the minor units kept. */
export const ocpiCdrView = z.object({
  id: z.number().int(),
  /** The CDR's OCPI id (unique within its party). */
  cdr_id: z.string(),
  direction: z.enum(OCPI_MESSAGE_DIRECTIONS),
  /** The session it bills, as the portal's session lists name it; null when we hold no session for it. */
  session_uid: z.string().nullable(),
  start_date_time: epochMs,
  end_date_time: epochMs,
  /** kWh. */
  total_energy: z.number(),
  currency: z.string(),
  total_excl_vat: z.number(),
  total_incl_vat: z.number(),
  /** Our own pricing of it, excl. VAT; null when we did not price it (ours, or tariffs we cannot evaluate). */
  our_total_excl_vat: z.number().nullable(),
  /** Our pricing differs from the CDR's totals by more than one minor unit. */
  flagged: z.boolean(),
  /** Why it is flagged, or why it could not be priced. */
  flag_reason: z.string().nullable(),
  created_at: epochMs,
})
export type OcpiCdrView = z.infer<typeof ocpiCdrView>
export const ocpiCdrListResponse = envelope(
  z.object({ cdrs: z.array(ocpiCdrView), count: z.number().int().min(0) }),
)
export type OcpiCdrListData = z.infer<typeof ocpiCdrListResponse>['data']
