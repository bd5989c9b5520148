import { z } from 'zod'
import { envelope, epochMs } from '../envelope'

/*
 * What operators tell chargers (issue 14), from the EV device page and the EVSE page:
 * `POST /charge-points/devices/{uid}/ocpp-commands` with one command; the answer is the charger's, or a clear
 * timeout (504) or "not connected" (409). `GET` on the same path lists the charger's recent commands with their
 * answers. Connectors are numbered as OCPP 1.6 numbers them over the whole charger (1..n); the server translates to
 * 2.0.1's EVSE and connector for chargers that speak it.
 */

export const OCPP_COMMANDS = [
  'RemoteStart',
  'RemoteStop',
  'Reset',
  'UnlockConnector',
  'ChangeAvailability',
  'TriggerMessage',
  'GetConfiguration',
  'ChangeConfiguration',
] as const
export type OcppCommandName = (typeof OCPP_COMMANDS)[number]

export const OCPP_TRIGGERABLE_MESSAGES = [
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'MeterValues',
] as const

/** A connector as 1.6 numbers it over the whole charger. */
const connector = z.number().int().min(1).max(99)
/** A configuration key: 1.6 CiString50; 2.0.1 `Component/Variable` (each a 50-character identifier). */
const configurationKey = z
  .string()
  .trim()
  .min(1)
  .max(101)
  .regex(/^[A-Za-z0-9*\-_=:+|@.]+(\/[A-Za-z0-9*\-_=:+|@.]+)?$/, 'Letters, digits and * - _ = : + | @ . only')

export const ocppCommandBody = z.discriminatedUnion('command', [
  z.strictObject({
    command: z.literal('RemoteStart'),
    connector,
    /** The token the session starts for (1.6 idTag: 20 characters at most). */
    id_tag: z.string().trim().min(1).max(20),
  }),
  z.strictObject({
    command: z.literal('RemoteStop'),
    /** The running session's uid. */
    session_uid: z.string().trim().min(1).max(64),
  }),
  z.strictObject({ command: z.literal('Reset'), type: z.enum(['Soft', 'Hard']) }),
  z.strictObject({ command: z.literal('UnlockConnector'), connector }),
  z.strictObject({
    command: z.literal('ChangeAvailability'),
    /** 0: the whole charger. */
    connector: z.number().int().min(0).max(99),
    availability: z.enum(['Operative', 'Inoperative']),
  }),
  z.strictObject({
    command: z.literal('TriggerMessage'),
    message: z.enum(OCPP_TRIGGERABLE_MESSAGES),
    connector: connector.optional(),
  }),
  z.strictObject({
    command: z.literal('GetConfiguration'),
    /**
     * Empty or absent: every setting (1.6 GetConfiguration; 2.0.1 GetBaseReport ConfigurationInventory, the
     * settings arriving in NotifyReport messages). 2.0.1 keys are Component/Variable.
     */
    keys: z.array(configurationKey).max(20).optional(),
  }),
  z.strictObject({
    command: z.literal('ChangeConfiguration'),
    key: configurationKey,
    value: z.string().max(500),
  }),
])
export type OcppCommandBody = z.infer<typeof ocppCommandBody>

/** answered: the charger answered (its status says whether it will); rejected: it answered with an OCPP error. */
export const OCPP_COMMAND_STATES = ['pending', 'answered', 'rejected', 'timeout', 'offline'] as const
export type OcppCommandState = (typeof OCPP_COMMAND_STATES)[number]

export const ocppCommand = z.object({
  id: z.number().int(),
  command: z.enum(OCPP_COMMANDS),
  /** The OCPP action sent, in the charger's version (RemoteStartTransaction, RequestStartTransaction...). */
  action: z.string(),
  request: z.string(),
  state: z.enum(OCPP_COMMAND_STATES),
  /** The status the charger answered (Accepted, Rejected, Unlocked...), when its answer has one. */
  status: z.string().nullable(),
  /** The charger's answer as JSON, or the OCPP error. */
  answer: z.string().nullable(),
  requested_by: z.string(),
  requested_at: epochMs,
  answered_at: epochMs.nullable(),
  /** The session a remote start opened, once the charger started it. */
  session_uid: z.string().nullable(),
  /**
   * What a 2.0.1 charger reported after a GetConfiguration without keys (GetBaseReport, then NotifyReport):
   * `Component/Variable = value` lines; null for every other command.
   */
  report: z.array(z.string()).nullable(),
})
export type OcppCommand = z.infer<typeof ocppCommand>

export const ocppCommandResponse = envelope(z.object({ command: ocppCommand }))
export const ocppCommandListResponse = envelope(z.object({ commands: z.array(ocppCommand) }))
