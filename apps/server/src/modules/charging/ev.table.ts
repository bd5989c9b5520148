import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

// Row types of the EV charging tables (migration 20261124-0012-ev-charging; docs/decisions/0020-ev-charging-model.md).
// Times are epoch ms; money is in minor units (cents); JSON columns hold the contract's types as text.

export interface EvTariffTable {
  id: Generated<number>
  entity_code: string
  uid: string
  external_id: string
  name: string
  currency: string
  /** OCPI TariffType or null. */
  type: string | null
  /** JSON TariffElement[] (contract). */
  elements: string
  min_price_excl_vat: number | null
  max_price_excl_vat: number | null
  start_date_time: number | null
  end_date_time: number | null
  created_at: number
  updated_at: number
  /** A roaming partner's tariff, as the eMSP holds it (decision 0113); null for the entity's own. */
  ocpi_partner_id: Generated<number | null>
  /** The owning CPO's country code and party id (SGSPK), for a partner's tariff. */
  ocpi_party: Generated<string | null>
}

export interface EvLocationTable {
  id: Generated<number>
  entity_code: string
  uid: string
  external_id: string
  name: string
  address: string
  city: string
  postal_code: string
  state: string
  /** ISO 3166-1 alpha-2. */
  country: string
  latitude: number
  longitude: number
  directions: string
  contact_number: string
  /** JSON string[] of parkingRestrictions. */
  parking_restrictions: string
  publish: number
  time_zone: string
  created_at: number
  updated_at: number
  /** A roaming partner's location, as the eMSP holds it (decision 0113); null for the entity's own. */
  ocpi_partner_id: Generated<number | null>
  /** The owning CPO's country code and party id (SGSPK), for a partner's location. */
  ocpi_party: Generated<string | null>
}

export interface EvChargePointTable {
  id: Generated<number>
  entity_code: string
  location_id: number
  uid: string
  serial_number: string
  vendor: string
  model: string
  firmware_version: string
  protocol: string
  /** connectorStatuses: the OCPP status last reported. */
  ocpp_status: string
  last_heartbeat_at: number | null
  /** The URL's last segment and the Basic-auth username (unique across entities); null = cannot connect. */
  ocpp_identity: string | null
  /** `sha256$<salt>$<hex>` of the OCPP password (modules/ocpp/ocpp-password.ts); null = none set. */
  ocpp_password_hash: string | null
  ocpp_password_set_at: number | null
  /** The subprotocol of its last connection (ocpp1.6, ocpp2.0.1). */
  ocpp_version: string | null
  /** 1 once an operator commissioned it; a charger that is not gets Pending at boot. */
  commissioned: Generated<number>
  boot_at: number | null
  /** The error code of the charger's own status (1.6 connector 0), null for none. */
  ocpp_error_code: string | null
  /** The charger's current WebSocket: when it opened, and when the last one closed (null while connected). */
  ocpp_connected_at: Generated<number | null>
  ocpp_disconnected_at: Generated<number | null>
  created_at: number
  updated_at: number
}

export interface EvEvseTable {
  id: Generated<number>
  entity_code: string
  location_id: number
  uid: string
  /** OCPI evse_id (eMI3). */
  evse_id: string
  charge_point_id: number | null
  external_id: string
  /** evseStatuses. */
  status: string
  physical_reference: string
  directions: string
  instructions: string
  /** chargeProtocols. */
  protocol: string
  /** JSON string[] of OCPI capabilities. */
  capabilities: string
  /** JSON string[] of parkingRestrictions. */
  parking_restrictions: string
  floor_level: string
  created_at: number
  updated_at: number
}

export interface EvConnectorTable {
  id: Generated<number>
  entity_code: string
  location_id: number
  evse_ref: number
  uid: string
  connector_id: string
  standard: string
  format: string
  power_type: string
  max_voltage: number
  max_amperage: number
  /** Watts. */
  max_electric_power: number
  tariff_id: number | null
  /** connectorStatuses: as its charger last reported it (UNKNOWN until it does). */
  status: Generated<string>
  error_code: Generated<string | null>
  /** The charger's time of that report. */
  status_at: Generated<number | null>
  created_at: number
  updated_at: number
}

export interface EvDriverTable {
  id: Generated<number>
  entity_code: string
  uuid: string
  name: string
  mobile_number: string
  email: string
  nationality: string
  is_registered: number
  /** JSON string[] of CPO entity codes. */
  subscribed_cpo_entities: string
  license_plate: string | null
  created_at: number
  updated_at: number
}

/** A driver's token (migration 20261129-0052-ev-tokens): what a charger sends to authorize. */
export interface EvTokenTable {
  id: Generated<number>
  /** The EMSP entity that issued it. */
  entity_code: string
  /** 1.6 idTag / 2.0.1 idToken, unique. */
  uid: string
  /** OCPI TokenType. */
  type: string
  contract_id: string
  visual_number: string
  driver_id: number | null
  /** ALLOWED, BLOCKED or EXPIRED. */
  status: string
  created_at: number
  updated_at: number
}

export interface EvSessionTable {
  id: Generated<number>
  uid: string
  external_id: string
  authorization_reference: string
  /** The CPO entity (charger owner). */
  entity_code: string
  /** The EMSP entity (whose customer charged). */
  emsp_entity_code: string
  location_id: number
  evse_ref: number
  connector_ref: number
  tariff_id: number | null
  driver_id: number | null
  user_name: string
  operator_name: string
  /** evSessionStatuses. */
  status: string
  /** stopReasons or null while running. */
  stop_reason: string | null
  protocol: string
  /** ONLINE or OFFLINE: whether the charger was reachable when the session last updated. */
  connectivity: string
  payment_method_code: string
  license_plate: string | null
  currency: string
  /** Watt-hours. */
  energy_wh: number
  /** Hundredths of a minor unit per kWh (55.00 cents/kWh → 5500), so four decimals of a currency unit survive. */
  price_per_kwh_excl_vat: number
  price_per_kwh_incl_vat: number
  cost_energy_excl_vat: number
  cost_energy_incl_vat: number
  cost_time_excl_vat: number
  cost_time_incl_vat: number
  cost_parking_excl_vat: number
  cost_parking_incl_vat: number
  cost_flat_excl_vat: number
  cost_flat_incl_vat: number
  total_excl_vat: number
  total_incl_vat: number
  paid_amount: number
  refunded_amount: number
  invoice_reference_id: string | null
  /** JSON ChargingPeriod[] (contract). */
  charging_periods: string
  start_date_time: number
  end_date_time: number | null
  last_updated: number
  /** The charger whose OCPP transaction this is (null for sessions that did not come over OCPP). */
  charge_point_id: ColumnType<number | null, number | null | undefined, number | null>
  /** The transaction's key on its charger: `tx:<2.0.1 transactionId>` or `start:<1.6 start facts>`. */
  ocpp_key: ColumnType<string | null, string | null | undefined, string | null>
  /** The meter's total (Wh) when the transaction began. */
  meter_start_wh: ColumnType<number | null, number | null | undefined, number | null>
  /** A roaming session's partner (migration 20261130-0065): the eMSP whose driver charged, or the CPO whose charger. */
  ocpi_partner_id: ColumnType<number | null, number | null | undefined, number | null>
  /** The partner's party, `SGRMC`. */
  ocpi_party: ColumnType<string | null, string | null | undefined, string | null>
  /** `<partner id>:<CC><PID>:<session id>` for a session a partner sent us. */
  ocpi_key: ColumnType<string | null, string | null | undefined, string | null>
  /** The roaming token's uid (the session's authorization_reference is then OCPI's). */
  ocpi_token_uid: ColumnType<string | null, string | null | undefined, string | null>
  /** OCPI AuthMethod: AUTH_REQUEST, COMMAND or WHITELIST. */
  ocpi_auth_method: ColumnType<string | null, string | null | undefined, string | null>
  /** A partner's Session as it sent it (JSON): what a PATCH is merged into. */
  ocpi_body: ColumnType<string | null, string | null | undefined, string | null>
}

/** A running OCPP session's meter readings, one per timestamp (migration 20261129-0053). */
export interface EvMeterReadingTable {
  session_id: number
  at: number
  register_wh: number | null
  interval_wh: number | null
  power_w: number | null
}

export interface EvSessionRefundTable {
  id: Generated<number>
  session_id: number
  entity_code: string
  /** The session's EMSP, copied (migration 20261129-0059): the EMSP home sums its refunds without the sessions. */
  emsp_entity_code: string
  uuid: string
  amount: number
  currency: string
  reason: string
  created_by: number | null
  created_by_name: string
  transaction_uuid: string
  created_at: number
}

/**
 * Daily rollup per entity, side ('CPO' or 'EMSP'), UTC+8 day (start of the day, epoch ms), currency and counterpart:
 * the location id in decimal on side CPO, the CPO entity code on side EMSP (evDailyCounterpart below).
 */
export interface EvSessionDailyTable {
  entity_code: string
  side: string
  day: number
  /** ISO 4217, the sessions' currency. */
  currency: string
  counterpart: string
  sessions: number
  energy_wh: number
  revenue_incl_vat: number
  revenue_excl_vat: number
  refunded: number
}

/** The rollup's counterpart of a session on one side: its location on the CPO's, its CPO on the EMSP's. */
export function evDailyCounterpart(
  side: 'CPO' | 'EMSP',
  session: { location_id: number; entity_code: string },
): string {
  return side === 'CPO' ? String(session.location_id) : session.entity_code
}

export type EvTariffRow = Selectable<EvTariffTable>
export type NewEvTariffRow = Insertable<EvTariffTable>
export type EvLocationRow = Selectable<EvLocationTable>
export type NewEvLocationRow = Insertable<EvLocationTable>
export type EvEvseRow = Selectable<EvEvseTable>
export type EvConnectorRow = Selectable<EvConnectorTable>
export type EvChargePointRow = Selectable<EvChargePointTable>
export type EvDriverRow = Selectable<EvDriverTable>
export type NewEvDriverRow = Insertable<EvDriverTable>
export type EvTokenRow = Selectable<EvTokenTable>
export type EvSessionRow = Selectable<EvSessionTable>
export type NewEvSessionRow = Insertable<EvSessionTable>
export type EvSessionRefundRow = Selectable<EvSessionRefundTable>
