import type { Generated, Insertable, Selectable } from 'kysely'

/** An entity's OCPI party for one role (migration 20261129-0062, decision 0113). */
export interface OcpiIdentityTable {
  entity_code: string
  /** OcpiOwnRole: 'CPO' or 'EMSP'. */
  role: string
  country_code: string
  party_id: string
  updated_at: number
}

/** A roaming partner of one entity. */
export interface OcpiPartnerTable {
  id: Generated<number>
  entity_code: string
  name: string
  /** OcpiPartnerStatus: pending, connected, suspended. */
  status: string
  /** 'them': we issued token A; 'us': we registered with the partner's token A. */
  initiated_by: string
  /** JSON: [{ role, country_code, party_id, business_name }]. */
  roles: string
  /** SHA-256 (hex) of the token the partner calls us with; null when it may not call us at all. */
  incoming_token_hash: string | null
  /** The partner's token we call it with (kept as given: every request sends it). */
  outgoing_token: string | null
  partner_versions_url: string | null
  version: string | null
  /** JSON: the partner's endpoints [{ identifier, role, url }]. */
  endpoints: string
  created_at: number
  created_by: string
  updated_at: number
  connected_at: number | null
  last_message_at: number | null
}
export type OcpiPartnerRow = Selectable<OcpiPartnerTable>
export type NewOcpiPartnerRow = Insertable<OcpiPartnerTable>

/** One OCPI request in or out (the partner's message log). */
export interface OcpiMessageTable {
  id: Generated<string | number>
  partner_id: number
  direction: string
  method: string
  url: string
  module: string | null
  http_status: number | null
  ocpi_status: number | null
  request_id: string | null
  correlation_id: string | null
  request_body: string | null
  response_body: string | null
  latency_ms: number | null
  error: string | null
  at: number
}
export type NewOcpiMessageRow = Insertable<OcpiMessageTable>

/** The latest pull and push of one module with one partner. */
export interface OcpiSyncTable {
  partner_id: number
  module: string
  last_pull_at: number | null
  /** 'ok: 120 locations' or the failure. */
  last_pull_result: string | null
  last_push_at: number | null
  last_push_result: string | null
}

/** A partner eMSP's token as our CPO holds it (migration 20261130-0065). */
export interface OcpiTokenTable {
  id: Generated<number>
  entity_code: string
  partner_id: number
  country_code: string
  party_id: string
  uid: string
  /** OCPI TokenType. */
  type: string
  contract_id: string
  valid: number
  /** OCPI WhitelistType. */
  whitelist: string
  /** The Token as the partner sent it (JSON). */
  body: string
  last_updated: number
  created_at: number
}
export type OcpiTokenRow = Selectable<OcpiTokenTable>

/** A CDR we produced for a partner ('out') or one a partner sent us ('in'). */
export interface OcpiCdrTable {
  id: Generated<number>
  entity_code: string
  partner_id: number | null
  direction: string
  country_code: string
  party_id: string
  cdr_id: string
  session_id: number | null
  currency: string
  /** Minor units. */
  total_excl_vat: number
  total_incl_vat: number
  /** Our pricing of it by its tariffs (minor units); null when they use what our pricing cannot evaluate. */
  our_total_excl_vat: number | null
  flagged: number
  flag_reason: string | null
  /** The CDR as sent (JSON). */
  body: string
  last_updated: number
  created_at: number
}
export type OcpiCdrRow = Selectable<OcpiCdrTable>

/** A command a partner eMSP sent our CPO ('in') or our eMSP sent a partner CPO ('out'). */
export interface OcpiCommandTable {
  id: Generated<number>
  uid: string
  entity_code: string
  partner_id: number | null
  direction: string
  /** OCPI CommandType. */
  command: string
  /** The command's body (JSON). */
  request: string
  /** 'in': where the result goes; 'out': where the partner sends it (ours). */
  response_url: string | null
  charge_point_id: number | null
  /** The OCPP command that carries it out ('in'). */
  ocpp_command_id: number | null
  token_uid: string | null
  authorization_reference: string | null
  session_id: number | null
  /** CommandResponseType: the synchronous answer. */
  response: string | null
  /** CommandResultType: the asynchronous one. */
  result: string | null
  message: string | null
  requested_by: string
  created_at: number
  updated_at: number
}
export type OcpiCommandRow = Selectable<OcpiCommandTable>

/** An EVSE status change waiting to be pushed to a partner (one row per partner and EVSE). */
export interface OcpiPushQueueTable {
  partner_id: number
  evse_id: number
  location_id: number
  queued_at: number
}
