/**
 * The export headers of a charging session's columns (decision 0116), shared by the CPO/EMSP sessions list (the
 * server's `session.export.ts`) and the busways and voltnet lists (`bus-session.export.ts`), which write the same
 * columns under the same headers. Each list adds its own id column; the entity codes and the CDR token are not
 * exported.
 */
export const SESSION_EXPORT_HEADERS: Readonly<Record<string, string>> = {
  cpo_entity_name: 'CPO Entity Name',
  emsp_entity_name: 'EMSP Entity Name',
  evse_id: 'EVSE ID',
  location_name: 'Location Name',
  charger_type: 'Charger Type',
  max_power: 'Max Power (kW)',
  location_address: 'Location Address',
  connector_physical_reference: 'Connector Physical Reference',
  status: 'Charging Status',
  stop_reason: 'Stop Reason',
  protocol: 'Protocol',
  payment_method: 'Payment Method',
  tariff: 'Tariff ($/kWh)',
  kwh: 'Total Energy (kWh)',
  energy_cost: 'Total Energy Cost',
  idle_cost: 'Total Idle Cost',
  hogging_cost: 'Total Hogging Cost',
  flat_cost: 'Total Flat Cost',
  total_incl: 'Total Cost (incl. tax)',
  total_excl: 'Total Cost (excl. tax)',
  currency: 'Currency',
  start: 'Start Time',
  end: 'End Time',
  duration: 'Charging Duration (min)',
  license_plate: 'Vehicle License Plate',
  invoice: 'Invoice Reference ID',
}
