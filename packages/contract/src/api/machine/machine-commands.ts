import { z } from 'zod'
import { deviceCommandCodes } from '../../enums/device'
import { machineCommandCodes, machineCommandStatuses } from '../../enums/machine-command'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * Commands out (issue 15, docs/decisions/0109-machine-commands.md). The portal queues a command for a machine; the
 * machine fetches its commands by long poll and reports each one's result:
 *
 * - POST /api/main/iot/machines/{id}/commands (edit on iot / machines/*): `{ command, params }`, queued.
 * - GET  /api/main/iot/machines/{id}/commands (read on iot / machines/*): the machine's latest commands and their life.
 * - GET  /api/machine/v1/commands?wait=25: the machine's queued commands, as soon as there is one, or an empty list
 *   after at most `wait` seconds.
 * - POST /api/machine/v1/commands/{id}/result: `{ status: succeeded | failed, message }`.
 *
 * A dashboard device's command (step 4, POST /iot/devices/{id}/commands) reaches the device's machine the same way, as
 * `device_command` with the device and its command in `params`.
 */

const slotNo = z.number().int('a whole slot number').min(1).max(999)
const noParams = z.strictObject({}).default({})

/** What an operator may send from the machine page (a device command goes from the device's page). */
export const createMachineCommandRequest = z.discriminatedUnion(
  'command',
  [
    z.strictObject({ command: z.literal('reboot'), params: noParams }),
    z.strictObject({ command: z.literal('sync_config'), params: noParams }),
    z.strictObject({
      command: z.literal('set_price'),
      /** The price in minor units (cents), like every amount the lists carry. */
      params: z.strictObject({
        slot_no: slotNo,
        price: z.number().int('in minor units (cents), a whole number').min(0).max(100_000_000),
      }),
    }),
    z.strictObject({ command: z.literal('disable_slot'), params: z.strictObject({ slot_no: slotNo }) }),
    z.strictObject({ command: z.literal('enable_slot'), params: z.strictObject({ slot_no: slotNo }) }),
    z.strictObject({ command: z.literal('test_dispense'), params: z.strictObject({ slot_no: slotNo }) }),
    z.strictObject({ command: z.literal('set_service_mode'), params: z.strictObject({ on: z.boolean() }) }),
  ],
  {
    error:
      'command: one of reboot, sync_config, set_price, disable_slot, enable_slot, test_dispense, set_service_mode',
  },
)
export type CreateMachineCommandRequest = z.infer<typeof createMachineCommandRequest>

/** The parameters of a device command as the machine receives them. */
export const deviceCommandParams = z.object({
  device_id: z.number().int(),
  device_code: z.string(),
  command_code: catalogueSchema(deviceCommandCodes),
})
export type DeviceCommandParams = z.infer<typeof deviceCommandParams>

/** Parameters as stored and sent: the shapes above. */
export const machineCommandParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
export type MachineCommandParams = z.infer<typeof machineCommandParams>

export const machineCommand = z.object({
  id: z.number().int(),
  command: catalogueSchema(machineCommandCodes),
  params: machineCommandParams,
  status: catalogueSchema(machineCommandStatuses),
  /** What the machine said with its result. */
  message: z.string().nullable(),
  issued_at: epochMs,
  /** Who sent it; null once that user is gone. */
  issued_by: z.object({ user_uuid: z.string(), name: z.string() }).nullable(),
  delivered_at: epochMs.nullable(),
  finished_at: epochMs.nullable(),
  /** Past this, a command not finished is expired. */
  expires_at: epochMs,
})
export type MachineCommand = z.infer<typeof machineCommand>

export const machineCommandResponse = envelope(z.object({ command: machineCommand }))

export const MACHINE_COMMANDS_SHOWN = 20

export const machineCommandListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(MACHINE_COMMANDS_SHOWN),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export const machineCommandListResponse = envelope(
  z.object({ commands: z.array(machineCommand), count: z.number().int() }),
)
export type MachineCommandListData = z.infer<typeof machineCommandListResponse>['data']

/** The longest a machine's poll may wait, in seconds: under the usual 30-60 s idle timeouts of proxies. */
export const MAX_COMMAND_WAIT_S = 30

export const machineCommandPollQuery = z.strictObject({
  wait: z.coerce
    .number()
    .int('wait: whole seconds')
    .min(0)
    .max(MAX_COMMAND_WAIT_S, `wait: at most ${String(MAX_COMMAND_WAIT_S)} seconds`)
    .default(25),
})

/** A command as the machine receives it. */
export const deliveredCommand = z.object({
  id: z.number().int(),
  command: catalogueSchema(machineCommandCodes),
  params: machineCommandParams,
  issued_at: epochMs,
})
export type DeliveredCommand = z.infer<typeof deliveredCommand>

export const machineCommandPollResponse = envelope(z.object({ commands: z.array(deliveredCommand) }))

export const machineCommandIdParams = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
})

export const machineCommandResultRequest = z.strictObject({
  status: z.enum(['succeeded', 'failed'], 'status: succeeded or failed'),
  message: z.string().trim().max(500).optional(),
})
export type MachineCommandResultRequest = z.infer<typeof machineCommandResultRequest>

export const machineCommandResultResponse = envelope(
  z.object({ id: z.number().int(), status: catalogueSchema(machineCommandStatuses) }),
)
