import { z } from 'zod'
import { creditModes, machineStatuses } from '../../enums/machine'
import { challengeTypes, personTypes } from '../../enums/maintenance'
import { paymentStatuses, paymentTypes } from '../../enums/payment'
import { paymentMethods } from '../../enums/payment-method'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * The machine API (issue 15, docs/decisions/0108-machine-api.md): what vending machines, or their gateway, call.
 * A machine authenticates with `Authorization: Machine <api_key>`; the key decides the machine, so an event can only
 * ever be about the machine that sends it.
 *
 * - POST /api/main/iot/machines/{id}/api-key (edit on iot / machines/*): creates or rotates the key, shown once.
 * - GET  /api/main/iot/machines/{id}/api-key (read on iot / machines/*): whether one is set, and when last used.
 * - POST /api/machine/v1/events: `{ events: [...] }`, at most 500, each answered accepted, duplicate or rejected.
 */

export const MACHINE_AUTH_SCHEME = 'Machine'
export const MAX_MACHINE_EVENTS = 500

export const machineApiKeyResponse = envelope(z.object({ api_key: z.string(), created_at: epochMs }))
export type MachineApiKeyData = z.infer<typeof machineApiKeyResponse>['data']

export const machineApiKeyStatusResponse = envelope(
  z.object({ set: z.boolean(), created_at: epochMs.nullable(), last_used_at: epochMs.nullable() }),
)
export type MachineApiKeyStatus = z.infer<typeof machineApiKeyStatusResponse>['data']

/** The envelope of a batch: each event is checked on its own, so one bad event rejects only itself. */
export const machineEventsRequest = z.strictObject({
  events: z
    .array(z.unknown())
    .min(1, 'send one event at least')
    .max(MAX_MACHINE_EVENTS, `at most ${String(MAX_MACHINE_EVENTS)} events a batch`),
})

const status = catalogueSchema(machineStatuses)
const base = {
  /** Chosen by the machine: the idempotency key. */
  event_id: z.uuid('a UUID'),
  /** When it happened on the machine, epoch ms. */
  occurred_at: epochMs,
}

/** The statuses a machine reports; any of them, at least one. */
export const MACHINE_STATUS_FIELDS = [
  'overall_status',
  'core_service_status',
  'machine_service_status',
  'payment_service_status',
  'reader_manager_status',
] as const

export const machineStatusEvent = z
  .strictObject({
    ...base,
    type: z.literal('status'),
    overall_status: status.optional(),
    core_service_status: status.optional(),
    machine_service_status: status.optional(),
    payment_service_status: status.optional(),
    reader_manager_status: status.optional(),
  })
  .refine((e) => MACHINE_STATUS_FIELDS.some((f) => e[f] !== undefined), {
    message: `one of ${MACHINE_STATUS_FIELDS.join(', ')} at least`,
  })

/** The slots' quantities after a refill or a count. */
export const machineStockEvent = z.strictObject({
  ...base,
  type: z.literal('stock'),
  slots: z
    .array(
      z.strictObject({
        slot_no: z.number().int().min(1).max(999),
        quantity: z.number().int().min(0).max(100_000),
      }),
    )
    .min(1, 'one slot at least')
    .max(500),
})

const money = z.number().int('in minor units (cents), a whole number').min(0).max(100_000_000)

/**
 * One order at the machine: its items as the machine dispensed (or failed to), prices in minor units. `discount` and
 * `credit` are the order's, spread over its items in order (never more than an item's price).
 */
export const machineVendEvent = z
  .strictObject({
    ...base,
    type: z.literal('vend'),
    out_trade_no: z.string().trim().min(1).max(40),
    payment_method_code: catalogueSchema(paymentMethods),
    payment_type_code: catalogueSchema(paymentTypes),
    items: z
      .array(
        z.strictObject({
          slot_no: z.number().int().min(1).max(999),
          sku_id: z.number().int().min(1).nullable().optional(),
          price: money,
          status: catalogueSchema(paymentStatuses),
          failed_stage_no: z.number().int().min(1).max(20).optional(),
          failed_stage_name: z.string().trim().min(1).max(40).optional(),
        }),
      )
      .min(1, 'one item at least')
      .max(20),
    credit: money.optional(),
    discount: money.optional(),
    redemption_record_uuid: z.uuid('a UUID').optional(),
    refund_promotion_id: z.number().int().min(1).optional(),
  })
  .refine((e) => (e.credit ?? 0) + (e.discount ?? 0) <= e.items.reduce((n, i) => n + i.price, 0), {
    message: 'discount and credit add up to more than the items cost',
    path: ['discount'],
  })

/** A change of the machine's credit (an addition, credit consumed, a cash refund, a timeout), as the credits list shows it. */
export const machineCreditEvent = z.strictObject({
  ...base,
  type: z.literal('credit'),
  amount: money,
  mode: catalogueSchema(creditModes),
  payment_method_code: catalogueSchema(paymentMethods),
  payment_type_code: catalogueSchema(paymentTypes),
})

/**
 * The start or the end of a maintenance visit by a maintainer (a member of the machine's entity, by user uuid), as the
 * maintenance list shows it. `session_id`, chosen by the machine, ties the two together; the end carries what was
 * added to each slot.
 */
export const machineMaintenanceEvent = z.strictObject({
  ...base,
  type: z.literal('maintenance'),
  phase: z.enum(['start', 'end']),
  session_id: z.uuid('a UUID'),
  user_uuid: z.uuid('a UUID'),
  person_type: catalogueSchema(personTypes).optional(),
  challenge_type: catalogueSchema(challengeTypes).optional(),
  challenge_bypass_reason: z.string().trim().min(1).max(200).optional(),
  notes: z.string().trim().max(1000).optional(),
  slots: z
    .array(
      z.strictObject({
        slot_no: z.number().int().min(1).max(999),
        added_stock: z.number().int().min(0).max(100_000),
      }),
    )
    .max(500)
    .optional(),
})

export const MACHINE_EVENT_TYPES = ['status', 'stock', 'vend', 'credit', 'maintenance'] as const

export const machineEvent = z.discriminatedUnion(
  'type',
  [machineStatusEvent, machineStockEvent, machineVendEvent, machineCreditEvent, machineMaintenanceEvent],
  {
    error: `type: one of ${MACHINE_EVENT_TYPES.join(', ')}`,
  },
)
export type MachineEvent = z.infer<typeof machineEvent>

export const MACHINE_EVENT_RESULTS = ['accepted', 'duplicate', 'rejected'] as const

export const machineEventResult = z.object({
  event_id: z.string().nullable(),
  result: z.enum(MACHINE_EVENT_RESULTS),
  /** A rejected event's problems, each naming its field as `events[3].items[0].price`. */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type MachineEventResult = z.infer<typeof machineEventResult>

export const machineEventsResponse = envelope(z.object({ results: z.array(machineEventResult) }))

/**
 * A rejected event's problems with paths as the machine wrote them: `events[3].items[0].price`. `issues` are zod's,
 * for the event at `index`.
 */
export function eventErrors(
  index: number,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): { path: string; message: string }[] {
  return issues.map((issue) => ({
    path: issue.path.reduce<string>(
      (at, key) => (typeof key === 'number' ? `${at}[${String(key)}]` : `${at}.${String(key)}`),
      `events[${String(index)}]`,
    ),
    message: issue.message,
  }))
}
