import { z } from 'zod'
import { closedLoopStatuses, employeeBalanceTypes, genders, redemptionMethods } from '../../enums/closed-loop'
import { refreshFrequencies } from '../../enums/schedule'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

/** The fields B §3 lets a closed-loop search look in ("uuid" is the person's or employee's own uuid). */
export const CLOSED_LOOP_SEARCH_FIELDS = [
  'name',
  'username',
  'phone_number',
  'uuid',
  'email',
  'nric_last_four_characters',
  'hospital_code',
  'redemption_code',
] as const
export type ClosedLoopSearchField = (typeof CLOSED_LOOP_SEARCH_FIELDS)[number]

const uuid = z.string().trim().min(1).max(64)
const uuidList = z.array(uuid).max(1000)
const search = {
  search_key: z.enum(CLOSED_LOOP_SEARCH_FIELDS).optional(),
  search_value: z.string().trim().max(200).optional(),
}

/**
 * POST /promo/closed-loops/filter (B §7: limit, offset, person_uuid_list). `status` and the search pair are ours
 * (docs/decisions/0019-closed-loop.md); every filter narrows with AND.
 */
export const personFilterFields = {
  person_uuid_list: uuidList.optional(),
  status: catalogueSchema(closedLoopStatuses).optional(),
  ...search,
}
export const personFilterRequest = z.strictObject({ ...paging, ...personFilterFields })
export type PersonFilterRequest = z.input<typeof personFilterRequest>
export type PersonFilter = z.output<typeof personFilterRequest>

export const personListItem = z.object({
  person_uuid: z.string(),
  name: z.string(),
  username: z.string(),
  phone_number: z.string(),
  email: z.string(),
  nric_last_four_characters: z.string(),
  hospital_code: z.string(),
  status: z.number().int(),
  created_at: epochMs,
  /** How many employee records (quotas) the person holds. */
  employee_count: z.number().int().min(0),
})
export type PersonListItem = z.infer<typeof personListItem>

/** `can_export`: the caller may export this list's redemptions (B §3/§6 "export permission flag"). */
export const personFilterResponse = envelope(
  z.object({ persons: z.array(personListItem), count: z.number().int().min(0), can_export: z.boolean() }),
)
export type PersonFilterData = z.infer<typeof personFilterResponse>['data']

/**
 * The inner filter of POST /promo/employees/filter (B §7, sent as `{ filter: {...} }`). Times are epoch ms, both
 * bounds inclusive. `last_collection_*` bound `last_collected`, `last_result_*` bound `refresh_time` (the last
 * refresh's result), `created_at_*` the record's creation. `balance_type` (the variant), `person_uuid` and the
 * search pair are ours.
 */
export const employeeFilterFields = {
  employee_uuid_list: uuidList.optional(),
  status: catalogueSchema(closedLoopStatuses).optional(),
  set_list: z.array(z.string().min(1).max(64)).max(200).optional(),
  last_collection_from: epochMs.optional(),
  last_collection_to: epochMs.optional(),
  created_at_lower: epochMs.optional(),
  created_at_upper: epochMs.optional(),
  last_result_from: epochMs.optional(),
  last_result_to: epochMs.optional(),
  balance_type: catalogueSchema(employeeBalanceTypes).optional(),
  person_uuid: uuid.optional(),
  ...search,
}
export const employeeFilter = z.strictObject({ ...paging, ...employeeFilterFields })
export const employeeFilterRequest = z.strictObject({ filter: employeeFilter })
export type EmployeeFilterRequest = z.input<typeof employeeFilterRequest>
export type EmployeeFilter = z.output<typeof employeeFilter>

export const closedLoopSetRef = z.object({ code: z.string(), name: z.string() })

/** An employee: the columns of B §3 plus identity, person link, status and the machine set it redeems at. */
export const employeeListItem = z.object({
  employee_uuid: z.string(),
  person_uuid: z.string().nullable(),
  person_name: z.string().nullable(),
  name: z.string(),
  nric_last_four_characters: z.string(),
  redemption_code: z.string(),
  phone_number: z.string(),
  balance_type: z.number().int(),
  /** Item balance: the items granted for the window. Quota: the items each refresh restores. */
  quota: z.number().int(),
  /** Items left (in the window, or in the current refresh period). */
  item_balance: z.number().int(),
  gender: z.string(),
  hospital_code: z.string(),
  last_collected: epochMs.nullable(),
  refresh_time: epochMs.nullable(),
  next_refresh_time: epochMs.nullable(),
  refresh_frequency_type: z.number().int(),
  start_time: epochMs,
  end_time: epochMs.nullable(),
  created_at: epochMs,
  updated_at: epochMs,
  status: z.number().int(),
  set: closedLoopSetRef.nullable(),
})
export type EmployeeListItem = z.infer<typeof employeeListItem>

export const employeeFilterResponse = envelope(
  z.object({ employees: z.array(employeeListItem), count: z.number().int().min(0), can_export: z.boolean() }),
)
export type EmployeeFilterData = z.infer<typeof employeeFilterResponse>['data']

export const redemptionItem = z.object({
  redemption_uuid: z.string(),
  redemption_refer_no: z.string(),
  employee_uuid: z.string(),
  employee_name: z.string(),
  redemption_code: z.string(),
  created_at: epochMs,
  method_code: z.string(),
  item_name: z.string(),
  machine_id: z.number().int().nullable(),
  machine_username: z.string(),
  machine_postal_code: z.string(),
  machine_location: z.string(),
})
export type RedemptionItem = z.infer<typeof redemptionItem>

/** GET /promo/closed-loops/{uuid}: the person, their employee records (quotas) and latest redemptions. */
export const personDetail = personListItem.extend({
  employees: z.array(employeeListItem),
  redemptions: z.array(redemptionItem),
  redemption_count: z.number().int().min(0),
})
export type PersonDetail = z.infer<typeof personDetail>
export const personDetailResponse = envelope(personDetail)

export const personUuidParams = z.strictObject({ uuid: uuid.describe('person_uuid') })

/** How many latest redemptions the person detail returns. */
export const PERSON_RECENT_REDEMPTIONS = 50

/** Export sources of the closed-loop redemptions (employee and person variants of B §3). */
export const CLOSED_LOOP_EXPORTS = {
  employees: 'closed-loop-redemptions',
  persons: 'closed-loop-person-redemptions',
} as const

/** Catalogue schemas used by the screens' filters. */
export const closedLoopCatalogues = {
  status: closedLoopStatuses,
  balanceType: employeeBalanceTypes,
  gender: genders,
  method: redemptionMethods,
  refreshFrequency: refreshFrequencies,
} as const
