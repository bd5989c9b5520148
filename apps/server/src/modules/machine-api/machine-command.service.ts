import type {
  CreateMachineCommandRequest,
  DeliveredCommand,
  DeviceCommandParams,
  MachineCommand,
  MachineCommandCode,
  MachineCommandListData,
  MachineCommandParams,
  MachineCommandResultRequest,
  MachineCommandStatus,
} from '@portal/contract'
import { commandStatusAt, machineCommandParams } from '@portal/contract'
import type { Db } from '../../db/database'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import type { CommandWaiters } from './command-waiters'
import { machineSlots } from './machine-event.repository'
import type { AuthenticatedMachine } from './machine-key.repository'
import { findCallerMachine } from './machine-key.service'
import type { MachineCommandWithIssuer } from './machine-command.repository'
import {
  countMachineCommands,
  finishCommand,
  findMachineCommand,
  followDeviceCommands,
  insertMachineCommand,
  listMachineCommands,
  takeCommands,
} from './machine-command.repository'
import type { MachineCommandRow } from './machine-api.table'

/*
 * Commands out (issue 15, docs/decisions/0109-machine-commands.md): queued by the portal, taken by the machine's long
 * poll (delivered), finished by the machine's result (succeeded or failed), or expired when not finished within their
 * time to live. Delivery is at least once: a command delivered without a result for REDELIVER_AFTER_MS is delivered
 * again, so a machine that has already seen an id reports its result again rather than running it twice.
 */

/** Announced on the event bus when a command is queued: the instance holding the machine's poll answers it. */
export const MACHINE_COMMAND_QUEUED = 'machine.command.queued'
export interface CommandQueuedEvent {
  machine_id: number
}

export const REDELIVER_AFTER_MS = 60_000
/** Commands handed over in one answer: more wait for the next poll. */
const POLL_BATCH = 20

const paramsOf = (text: string): MachineCommandParams => {
  const parsed = machineCommandParams.safeParse(parseJson<unknown>(text, {}))
  return parsed.success ? parsed.data : {}
}

function toCommand(row: MachineCommandWithIssuer, now: number): MachineCommand {
  return {
    id: row.id,
    command: row.command as MachineCommandCode,
    params: paramsOf(row.params),
    status: commandStatusAt(row.status as MachineCommandStatus, row.expires_at, now),
    message: row.message,
    issued_at: row.issued_at,
    issued_by:
      row.issuer_uuid !== null && row.issuer_name !== null
        ? { user_uuid: row.issuer_uuid, name: row.issuer_name }
        : null,
    delivered_at: row.delivered_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
  }
}

const toDelivered = (row: MachineCommandRow): DeliveredCommand => ({
  id: row.id,
  command: row.command as MachineCommandCode,
  params: paramsOf(row.params),
  issued_at: row.issued_at,
})

/** POST /iot/machines/{id}/commands: queued for the machine, audited with who sent it. */
export async function sendMachineCommand(
  db: Db,
  caller: Caller,
  machineId: number,
  body: CreateMachineCommandRequest,
  ttlMs: number,
  now = Date.now(),
): Promise<MachineCommand> {
  const machine = await findCallerMachine(db, caller, machineId)
  const params: MachineCommandParams = body.params
  if ('slot_no' in body.params) {
    const slot = body.params.slot_no
    if (!(await machineSlots(db, machineId)).has(slot))
      throw fieldError('body.params.slot_no', `this machine has no slot ${String(slot)}`)
  }
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertMachineCommand(trx, {
      entity_code: machine.entity_code,
      machine_id: machineId,
      command: body.command,
      params: JSON.stringify(params),
      status: 'queued',
      issued_at: now,
      issued_by_user_id: caller.auth.userId,
      expires_at: now + ttlMs,
    })
    await auditChange(trx, caller, 'machine_command_sent', 'machine', machineId, null, {
      command_id: inserted.id,
      command: body.command,
      params,
    })
    return inserted
  })
  const withIssuer = await findMachineCommand(db, machineId, row.id)
  if (!withIssuer) throw notFound('Command')
  return toCommand(withIssuer, now)
}

/**
 * A dashboard device's command (step 4) on its way to the device's machine: queued as `device_command` in the
 * caller's transaction; the caller links it to the device command and announces it after the commit.
 */
export async function queueDeviceCommand(
  trx: Db,
  entityCode: string,
  machineId: number,
  params: DeviceCommandParams,
  issuedBy: number,
  ttlMs: number,
  now: number,
): Promise<number> {
  const row = await insertMachineCommand(trx, {
    entity_code: entityCode,
    machine_id: machineId,
    command: 'device_command',
    params: JSON.stringify(params),
    status: 'queued',
    issued_at: now,
    issued_by_user_id: issuedBy,
    expires_at: now + ttlMs,
  })
  return row.id
}

/** GET /iot/machines/{id}/commands: the machine's latest commands, newest first, with their life so far. */
export async function machineCommands(
  db: Db,
  caller: Caller,
  machineId: number,
  page: { limit: number; offset: number },
  now = Date.now(),
): Promise<MachineCommandListData> {
  await findCallerMachine(db, caller, machineId)
  const [rows, count] = await Promise.all([
    listMachineCommands(db, machineId, page),
    countMachineCommands(db, machineId),
  ])
  return { commands: rows.map((r) => toCommand(r, now)), count }
}

/**
 * GET /api/machine/v1/commands?wait=…: the machine's commands to carry out, as soon as there is one, or none after
 * `waitMs`; the wait ends early when the machine goes away (`signal`) or the server shuts down.
 */
export async function pollCommands(
  db: Db,
  waiters: CommandWaiters,
  machine: AuthenticatedMachine,
  waitMs: number,
  signal: AbortSignal,
): Promise<DeliveredCommand[]> {
  const deadline = Date.now() + waitMs
  for (;;) {
    // Registered before the look, so a command queued in between still wakes this poll.
    const waiter = waiters.register(machine.id, signal)
    try {
      if (signal.aborted) return []
      const taken = await db.transaction().execute(async (trx) => {
        const now = Date.now()
        const rows = await takeCommands(trx, machine.id, now, REDELIVER_AFTER_MS, POLL_BATCH)
        const forDevices = rows.filter((r) => r.command === 'device_command').map((r) => r.id)
        await followDeviceCommands(trx, forDevices, 'received', now)
        return rows
      })
      if (taken.length > 0) return taken.map(toDelivered)
      const left = deadline - Date.now()
      if (left <= 0 || waiters.isClosed) return []
      await waiter.until(left)
    } finally {
      waiter.dispose()
    }
  }
}

/**
 * POST /api/machine/v1/commands/{id}/result: the command is finished. The same result sent again (an answer lost on
 * the way back) is answered as before; a different one for a finished command is a 409.
 */
export async function reportCommandResult(
  db: Db,
  machine: AuthenticatedMachine,
  id: number,
  body: MachineCommandResultRequest,
  now = Date.now(),
): Promise<{ id: number; status: MachineCommandStatus }> {
  const finished = await db.transaction().execute(async (trx) => {
    const done = await finishCommand(trx, machine.id, id, {
      status: body.status,
      message: body.message === undefined || body.message === '' ? null : body.message,
      at: now,
    })
    if (done && body.status === 'succeeded') await followDeviceCommands(trx, [id], 'started', now)
    return done
  })
  if (finished) return { id, status: body.status }
  const row = await findMachineCommand(db, machine.id, id)
  if (!row) throw notFound('Command')
  if (row.status === body.status) return { id, status: body.status }
  throw new HttpError(409, 'CONFLICT', `This command already finished as ${row.status}`)
}
