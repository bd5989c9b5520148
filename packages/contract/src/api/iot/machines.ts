import { z } from 'zod'
import { coded } from '../messages'
import { machineActiveFilters, machineStatuses, vmcTypes } from '../../enums/machine'
import type { Weekday } from '../../enums/schedule'
import { paymentMethods } from '../../enums/payment-method'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

const machineStatus = catalogueSchema(machineStatuses)
const statusList = z.array(machineStatus).max(20)

/** The fields the Machines list can search (B §3). */
export const MACHINE_SEARCH_FIELDS = [
  'username',
  'serial_number',
  'alias',
  'machine_id',
  'location',
  'postal_code',
] as const
export type MachineSearchField = (typeof MACHINE_SEARCH_FIELDS)[number]

/**
 * POST /iot/machines/filter (B §7). The status lists combine with OR (a machine matches when any selected
 * service condition holds: the spec's shortcut is "overall status Error or reader manager status Error");
 * every other filter narrows with AND. `any_error`, `search_key` and `search_value` are ours
 * (docs/decisions/0003-machine-filter.md).
 */
export const machineFilterRequest = z.strictObject({
  ...paging,
  active_filter: catalogueSchema(machineActiveFilters).default(0),
  machine_id_list: z.array(z.number().int().positive()).max(1000).optional(),
  set_list: z.array(z.string().min(1).max(64)).max(200).optional(),
  overall_status_list: statusList.optional(),
  core_service_status_list: statusList.optional(),
  machine_service_status_list: statusList.optional(),
  payment_service_status_list: statusList.optional(),
  reader_manager_status_list: statusList.optional(),
  vmc_list: z.array(catalogueSchema(vmcTypes)).max(50).optional(),
  any_error: z.boolean().optional(),
  search_key: z.enum(MACHINE_SEARCH_FIELDS).optional(),
  search_value: z.string().trim().max(200).optional(),
})
export type MachineFilterRequest = z.input<typeof machineFilterRequest>
export type MachineFilter = z.output<typeof machineFilterRequest>

export const machineSetRef = z.object({ code: z.string(), name: z.string() })

/** A row of the Machines list: the columns of B §3 plus the four service status summaries. */
export const machineListItem = z.object({
  machine_id: z.number().int(),
  username: z.string(),
  serial_number: z.string(),
  alias: z.string(),
  location: z.string(),
  postal_code: z.string(),
  overall_status: z.number().int(),
  core_service_status: z.number().int(),
  machine_service_status: z.number().int(),
  payment_service_status: z.number().int(),
  reader_manager_status: z.number().int(),
  model_number: z.string(),
  last_activity_time: epochMs.nullable(),
  last_maintenance_time: epochMs.nullable(),
  vmc_type: z.number().int(),
  vmc_port: z.string(),
  sets: z.array(machineSetRef),
  payment_selections: z.array(z.number().int()),
  is_active: z.boolean(),
  capacity: z.number().int(),
  stock: z.number().int(),
  tags: z.array(z.string()),
})
export type MachineListItem = z.infer<typeof machineListItem>

export const machineFilterResponse = envelope(
  z.object({ machines: z.array(machineListItem), count: z.number().int().min(0) }),
)
export type MachineFilterData = z.infer<typeof machineFilterResponse>['data']

/** A machine service-status entry: string status and message (A §5). */
export const serviceStatusEntry = z.object({ status: z.string(), message: z.string() })
/** A reader entry also carries a numeric reader_id (A §5). */
export const readerStatusEntry = serviceStatusEntry.extend({ reader_id: z.number() })
export type ServiceStatusEntry = z.infer<typeof serviceStatusEntry>
export type ReaderStatusEntry = z.infer<typeof readerStatusEntry>

export const machineServiceStatuses = z.object({
  core_service: serviceStatusEntry,
  machine_service: serviceStatusEntry,
  payment_service: serviceStatusEntry,
  reader_manager: z.array(readerStatusEntry),
})
export type MachineServiceStatuses = z.infer<typeof machineServiceStatuses>

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 08:30')

/**
 * The days of the opening hours: the week, then Public Holiday (A §9 "Weekdays include Public Holiday"; the codes
 * of the contract's Weekday catalogue). Public Holiday hours apply on a public holiday whatever its weekday.
 */
export const OPENING_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'public_holiday',
] as const satisfies readonly Weekday[]

/** Opening hours per day: closed, or open between two times (close after open; 24:00 as 23:59). */
export const openingDay = z
  .object({ closed: z.boolean(), open: hhmm, close: hhmm })
  .refine((d) => d.closed || d.open < d.close, {
    message: 'Closing time must be after opening time',
    ...coded('must_be_after', { other: 'open' }),
    path: ['close'],
  })
export const openingHours = z.object(
  Object.fromEntries(OPENING_DAYS.map((d) => [d, openingDay])) as Record<
    (typeof OPENING_DAYS)[number],
    typeof openingDay
  >,
)
export type OpeningHours = z.infer<typeof openingHours>

/** General settings of B §3. Timeouts are in seconds. */
export const machineGeneralSettings = z.object({
  opening_hours: openingHours,
  model_number: z.string().max(100),
  pinpad_backend: z.string().max(100),
  pinpad_frontend: z.string().max(100),
  pinpad_port: z.string().max(64),
  vmc: catalogueSchema(vmcTypes),
  vmc_port: z.string().max(64),
  mdb_channel: z.number().int().min(0).max(255),
  serial_type: z.string().max(64),
  cp_timeout: z.number().int().min(0).max(3600).describe('Customer Presented Timeout, seconds'),
  vend_session_timeout: z.number().int().min(0).max(3600),
  vend_request_timeout: z.number().int().min(0).max(3600),
  price_scale_factor: z.number().positive().max(1_000_000),
  price_decimal_places: z.number().int().min(0).max(4),
  payment_denominations: z.string().max(500),
})
export type MachineGeneralSettings = z.infer<typeof machineGeneralSettings>

/** A slot item of B §3. Price is in minor units of the machine's currency. */
export const machineItem = z.object({
  slot_no: z.number().int(),
  price: z.number().int(),
  description: z.string(),
  name: z.string(),
  stock: z.number().int(),
  capacity: z.number().int(),
  total_revenue: z.number().int(),
  total_sold: z.number().int(),
  is_enabled: z.boolean(),
  is_active: z.boolean(),
  sku_id: z.number().int().nullable(),
  image_url: z.string().nullable(),
})
export type MachineItem = z.infer<typeof machineItem>

export const machineDetail = machineListItem.extend({
  currency_code: z.string(),
  general_settings: machineGeneralSettings,
  service_statuses: machineServiceStatuses,
  items: z.array(machineItem),
  created_at: epochMs,
  updated_at: epochMs,
})
export type MachineDetail = z.infer<typeof machineDetail>
export const machineDetailResponse = envelope(machineDetail)

export const machineIdParams = z.strictObject({
  id: z.coerce.number().int().positive().describe('machine_id'),
})

/** Payment method values a machine may accept (the whole catalogue). */
export const paymentMethodSchema = catalogueSchema(paymentMethods)
