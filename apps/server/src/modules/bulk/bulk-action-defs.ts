import type { BulkList, OcppCommandBody } from '@portal/contract'
import { BULK_PARAMS } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { fieldError, HttpError } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import type { NeededPermission } from '../../plugins/auth'
import { actOnAlert } from '../alerts/alert.service'
import { createResetLink } from '../iam/auth/password.service'
import { findSet } from '../iam/sets/set.repository'
import { changeSetMachines } from '../iam/sets/set.service'
import { findUserByUuid } from '../iam/users/user.repository'
import { updateUserStatus } from '../iam/users/user.admin.service'
import { updateMachineSettings } from '../iot/machines/machine-settings.service'
import { findMachineBatch, findMachineById } from '../iot/machines/machine.repository'
import { cleanGeneralSettings, machineScope } from '../iot/machines/machine.service'
import type { CommandQueuedEvent } from '../machine-api/machine-command.service'
import { MACHINE_COMMAND_QUEUED, sendMachineCommand } from '../machine-api/machine-command.service'
import { sendOcppCommand } from '../ocpp/ocpp-command.service'
import type { RowOutcome } from './bulk.repository'

/** What an action runs with: the app's services, and the caller (`sets`: the action permission's; `readSets`: the list's). */
export interface BulkRun {
  app: FastifyInstance
  caller: Caller
  readSets: string[] | null
  commandTtlMs: number
  /** Where the portal is reached, for the links e-mailed (config PORTAL_PUBLIC_URL). */
  publicUrl: string | null
}

export interface BulkActionDef {
  /** As the single-row call checks it; null: the single-row service checks who may (reset links). */
  permission: NeededPermission | null
  params: z.ZodType
  /**
   * Rows run and written per transaction. A job resumed after its instance died redoes at most the batch it was in:
   * 1 for actions that must never run twice on a row (commands, reset links), more for those that end the same.
   */
  batch: number
  /** Checks what the params name (a set of the entity) before anything runs: a 400 naming the field. */
  check?: (run: BulkRun, params: never) => Promise<void>
  run: (run: BulkRun, ids: (string | number)[], params: never) => Promise<RowOutcome[]>
}

const OK: RowOutcome = { ok: true, message: null }

/**
 * The single-row call's own answer becomes the row's: a refusal (not found, not allowed, not connected) is a failed
 * row with its message. Anything else (the database gone) is not the row's fault: it fails the batch, and a job
 * tries again from the last batch written.
 */
async function perRow(
  ids: (string | number)[],
  one: (id: string | number) => Promise<RowOutcome | undefined>,
): Promise<RowOutcome[]> {
  const out: RowOutcome[] = []
  for (const id of ids) {
    try {
      out.push((await one(id)) ?? OK)
    } catch (err) {
      if (!(err instanceof HttpError)) throw err
      out.push({ ok: false, message: err.message })
    }
  }
  return out
}

const num = (id: string | number) => Number(id)
const str = (id: string | number) => String(id)

async function setCheck(run: BulkRun, params: { set_id: number }) {
  if (!(await findSet(run.app.db, run.caller.auth.entityCode, params.set_id)))
    throw fieldError('body.params.set_id', 'Unknown set', 'unknown_reference')
}

function setChange(change: 'add' | 'remove'): BulkActionDef {
  return {
    permission: { app: 'iam', resource: 'sets/*', action: 'edit' },
    params: BULK_PARAMS.machines['add-to-set'],
    batch: 500,
    check: setCheck,
    run: async (run, ids, params: { set_id: number }) => {
      const { db } = run.app
      const entityCode = run.caller.auth.entityCode
      // Only machines the caller sees in the machines list: any other id is reported, never touched.
      const scope = await machineScope(db, entityCode, run.readSets)
      const wanted = ids.map(num)
      const visible = new Set(
        (
          await findMachineBatch(
            db,
            entityCode,
            { active_filter: 0, machine_id_list: wanted },
            scope,
            0,
            wanted.length,
          )
        ).map((m) => m.id),
      )
      const changed = await changeSetMachines(
        db,
        run.caller,
        params.set_id,
        wanted.filter((id) => visible.has(id)),
        change,
      )
      return wanted.map((id) => {
        if (!visible.has(id)) return { ok: false, message: 'Machine not found' }
        if (changed.has(id)) return OK
        return { ok: true, message: change === 'add' ? 'Already in the set' : 'Was not in the set' }
      })
    },
  }
}

function ocppCommand(body: (params: never) => OcppCommandBody): BulkActionDef['run'] {
  return (run, ids, params) =>
    perRow(ids, async (uid) => {
      const command = await sendOcppCommand(
        run.app.db,
        run.app.ocpp.commands,
        run.caller,
        str(uid),
        body(params),
        (identity) => run.app.ocpp.version(identity),
      )
      if (command.state === 'rejected' || command.status === 'Rejected')
        return { ok: false, message: command.answer ?? 'The charger rejected the command' }
      return { ok: true, message: command.status }
    })
}

const ALERT_EDIT: NeededPermission = { app: 'iam', resource: 'alerts/*', action: 'edit' }

function alertAction(action: 'acknowledge' | 'resolve'): BulkActionDef {
  return {
    permission: ALERT_EDIT,
    params: BULK_PARAMS.alerts[action],
    batch: 100,
    run: (run, ids, params: { comment?: string }) =>
      perRow(ids, async (id) => {
        const { alert } = await actOnAlert(
          run.app.db,
          run.caller,
          num(id),
          action,
          params.comment,
          run.app.live.tell.bind(run.app.live),
        )
        if (action === 'acknowledge' && alert.status !== 'acknowledged')
          return { ok: true, message: `Already ${alert.status}` }
        return OK
      }),
  }
}

export const BULK_ACTION_DEFS: { [L in BulkList]: Record<string, BulkActionDef> } = {
  machines: {
    command: {
      permission: { app: 'iot', resource: 'machines/*', action: 'edit' },
      params: BULK_PARAMS.machines.command,
      batch: 1,
      run: (run, ids, params: z.output<typeof BULK_PARAMS.machines.command>) =>
        perRow(ids, async (id) => {
          await sendMachineCommand(run.app.db, run.caller, num(id), params, run.commandTtlMs)
          await run.app.events.publish(MACHINE_COMMAND_QUEUED, {
            machine_id: num(id),
          } satisfies CommandQueuedEvent)
          return undefined
        }),
    },
    settings: {
      permission: { app: 'iot', resource: 'machines/*', action: 'edit' },
      params: BULK_PARAMS.machines.settings,
      batch: 50,
      run: async (run, ids, params: z.output<typeof BULK_PARAMS.machines.settings>) => {
        const { db, counts } = run.app
        const entityCode = run.caller.auth.entityCode
        const scope = await machineScope(db, entityCode, run.caller.sets)
        return perRow(ids, async (id) => {
          const row = await findMachineById(db, entityCode, num(id), scope)
          if (!row) return { ok: false, message: 'Machine not found' }
          // The other settings stay as they are: the single call replaces them all, so they go back unchanged.
          const current = cleanGeneralSettings(parseJson<unknown>(row.general_settings, {}), row)
          await updateMachineSettings(db, counts, run.caller, num(id), { ...current, ...params })
          return undefined
        })
      },
    },
    'add-to-set': setChange('add'),
    'remove-from-set': setChange('remove'),
  },
  chargers: {
    reset: {
      permission: { app: 'ev', resource: 'devices/*', action: 'edit' },
      params: BULK_PARAMS.chargers.reset,
      batch: 1,
      run: ocppCommand((p: { type: 'Soft' | 'Hard' }) => ({ command: 'Reset', type: p.type })),
    },
    'change-availability': {
      permission: { app: 'ev', resource: 'devices/*', action: 'edit' },
      params: BULK_PARAMS.chargers['change-availability'],
      batch: 1,
      run: ocppCommand((p: { operative: boolean }) => ({
        command: 'ChangeAvailability',
        connector: 0,
        availability: p.operative ? 'Operative' : 'Inoperative',
      })),
    },
  },
  users: {
    status: {
      permission: { app: 'iam', resource: 'users/*', action: 'edit' },
      params: BULK_PARAMS.users.status,
      batch: 100,
      run: (run, ids, params: { status: 1 | 2 | 3 | 4 }) =>
        perRow(ids, async (uuid) => {
          await updateUserStatus(run.app.db, run.caller, str(uuid), params.status)
          return undefined
        }),
    },
    'reset-link': {
      permission: null,
      params: BULK_PARAMS.users['reset-link'],
      batch: 1,
      run: (run, ids) =>
        perRow(ids, async (uuid) => {
          const user = await findUserByUuid(run.app.db, str(uuid))
          const email = user?.email
          if (user && !email) return { ok: false, message: 'The user has no e-mail address' }
          // The link the single-user action makes, e-mailed to its owner: never kept in the report nor the audit.
          const { reset_link } = await createResetLink(run.app.db, run.caller.auth, str(uuid), {
            ip: run.caller.ip,
            userAgent: null,
          })
          if (!user || !email) return { ok: false, message: 'User not found' }
          const base = run.publicUrl ?? ''
          try {
            await run.app.mail.send({
              to: email,
              subject: 'Set a new password',
              text: `A new password was requested for your account (${user.username}).\n\nSet it within 24 hours: ${base}${reset_link}\n`,
            })
          } catch (err) {
            return {
              ok: false,
              message: `The link was made but could not be e-mailed: ${err instanceof Error ? err.message : String(err)}`,
            }
          }
          return { ok: true, message: `Sent to ${email}` }
        }),
    },
  },
  alerts: {
    acknowledge: alertAction('acknowledge'),
    resolve: alertAction('resolve'),
  },
}
