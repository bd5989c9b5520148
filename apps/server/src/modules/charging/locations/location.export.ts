import type { ChargeLocationExportFilters } from '@portal/contract'
import { chargeLocationExportFilters } from '@portal/contract'
import type { Db } from '../../../db/database'
import { parseJson } from '../../../lib/json'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import type { ConnectorRow, EvseRow, LocationCursor, LocationRow } from './location.repository'
import { connectorsOf, evsesOf, locationsAfter } from './location.repository'
import { locationFilterOf } from './location.service'

/** Locations read per batch (with all their EVSEs and connectors: a few thousand connectors at most). */
const BATCH = 200

/** One row of the connector export: a connector with its EVSE and location. */
export interface ConnectorExportRow {
  location: LocationRow
  evse: EvseRow
  connector: ConnectorRow
}

const iso = (ms: number) => new Date(ms).toISOString()
/** JSON lists (parking restrictions, capabilities) as one cell: "EV_ONLY, CUSTOMERS". */
const joined = (json: string) => parseJson<string[]>(json, []).join(', ')

/**
 * B §3's connector export columns, exactly and in order. Power in watts, voltage in volts, amperage in amperes (as
 * OCPI and the API write them); publish true/false; times ISO 8601 UTC.
 */
export const connectorExportColumns: readonly ExportColumn<ConnectorExportRow>[] = [
  { header: 'connector_uid', value: (r) => r.connector.uid },
  { header: 'connector_id', value: (r) => r.connector.connector_id },
  { header: 'evse_uid', value: (r) => r.evse.uid },
  { header: 'evse_id', value: (r) => r.evse.evse_id },
  { header: 'evse_external_id', value: (r) => r.evse.external_id },
  { header: 'location_uid', value: (r) => r.location.uid },
  { header: 'location_external_id', value: (r) => r.location.external_id },
  { header: 'location_name', value: (r) => r.location.name },
  { header: 'location_entity_code', value: (r) => r.location.entity_code },
  { header: 'location_address', value: (r) => r.location.address },
  { header: 'location_city', value: (r) => r.location.city },
  { header: 'location_postal_code', value: (r) => r.location.postal_code },
  { header: 'location_state', value: (r) => r.location.state },
  { header: 'location_country', value: (r) => r.location.country },
  { header: 'location_latitude', value: (r) => r.location.latitude },
  { header: 'location_longitude', value: (r) => r.location.longitude },
  { header: 'location_directions', value: (r) => r.location.directions },
  { header: 'location_contact_number', value: (r) => r.location.contact_number },
  { header: 'location_parking_restrictions', value: (r) => joined(r.location.parking_restrictions) },
  { header: 'location_publish', value: (r) => (r.location.publish === 1 ? 'true' : 'false') },
  { header: 'evse_status', value: (r) => r.evse.status },
  { header: 'evse_physical_reference', value: (r) => r.evse.physical_reference },
  { header: 'evse_directions', value: (r) => r.evse.directions },
  { header: 'evse_instructions', value: (r) => r.evse.instructions },
  { header: 'evse_protocol', value: (r) => r.evse.protocol },
  { header: 'evse_capabilities', value: (r) => joined(r.evse.capabilities) },
  { header: 'evse_parking_restrictions', value: (r) => joined(r.evse.parking_restrictions) },
  { header: 'evse_floor_level', value: (r) => r.evse.floor_level },
  { header: 'connector_standard', value: (r) => r.connector.standard },
  { header: 'connector_format', value: (r) => r.connector.format },
  { header: 'connector_power_type', value: (r) => r.connector.power_type },
  { header: 'connector_max_voltage', value: (r) => r.connector.max_voltage },
  { header: 'connector_max_amperage', value: (r) => r.connector.max_amperage },
  { header: 'connector_max_electric_power', value: (r) => r.connector.max_electric_power },
  { header: 'connector_updated_at', value: (r) => iso(r.connector.updated_at) },
  { header: 'connector_created_at', value: (r) => iso(r.connector.created_at) },
]

/** Every connector of the filtered locations, in the list's order (location by name, EVSE, connector id). */
async function* connectorRows(
  db: Db,
  scope: ExportScope,
  filters: ChargeLocationExportFilters,
): AsyncIterable<ConnectorExportRow> {
  if (filters.entity_code !== undefined && filters.entity_code !== scope.entityCode)
    throw new Error(`entity_code ${filters.entity_code} is not the entity the export was requested in`)
  const filter = locationFilterOf(filters)
  let after: LocationCursor | null = null
  for (;;) {
    const locations = await locationsAfter(db, scope.entityCode, filter, after, BATCH)
    if (locations.length === 0) return
    const ids = locations.map((l) => l.id)
    const [evses, connectors] = await Promise.all([
      evsesOf(db, scope.entityCode, ids),
      connectorsOf(db, scope.entityCode, ids),
    ])
    const connectorsByEvse = new Map<number, ConnectorRow[]>()
    for (const c of connectors) {
      const list = connectorsByEvse.get(c.evse_ref) ?? []
      list.push(c)
      connectorsByEvse.set(c.evse_ref, list)
    }
    const evsesByLocation = new Map<number, EvseRow[]>()
    for (const e of evses) {
      const list = evsesByLocation.get(e.location_id) ?? []
      list.push(e)
      evsesByLocation.set(e.location_id, list)
    }
    for (const location of locations)
      for (const evse of evsesByLocation.get(location.id) ?? [])
        for (const connector of connectorsByEvse.get(evse.id) ?? []) yield { location, evse, connector }
    const last = locations[locations.length - 1]
    if (!last || locations.length < BATCH) return
    after = { sort_name: last.sort_name, id: last.id }
  }
}

/** The charge location list's connectors as an export job (B §3 connector export). */
export const connectorExportSource: ExportSource<ChargeLocationExportFilters, ConnectorExportRow> = {
  key: 'charge-location-connectors',
  title: 'Charge location connectors',
  permission: { app: 'ev', resource: 'locations/*', action: 'read' },
  filters: chargeLocationExportFilters,
  columns: connectorExportColumns,
  rows: connectorRows,
}
