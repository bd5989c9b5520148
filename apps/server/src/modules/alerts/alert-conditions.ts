import type { AlertKind, MachineGeneralSettings } from '@portal/contract'
import { openThroughout } from '@portal/contract'
import type { Db } from '../../db/database'
import { exportSourceOf } from '../exports/export-sources'
import { cleanGeneralSettings } from '../iot/machines/machine.service'
import {
  failedExports,
  failedStarts,
  faultedConnectors,
  lowSlots,
  machinesInError,
  machinesWithSalesSince,
  offlineChargers,
  sellingMachines,
} from './alert-conditions.repository'

/** Something in trouble now, as an alert names it. The message should change only when the trouble does. */
export interface Finding {
  subjectKey: string
  subject: string
  subjectPath: string | null
  machineId: number | null
  chargePoint: string | null
  message: string
}

export interface Findings {
  found: Finding[]
  /** Subjects whose state cannot be told now (a machine outside its opening hours): their alerts stay as they are. */
  undecided?: ReadonlySet<string>
}

export interface ConditionContext {
  db: Db
  entityCode: string
  timeZone: string
  /** The rule's threshold (minutes, hours or items, by kind), null for kinds without one. */
  threshold: number | null
  now: number
  /** How long a "minute" of a threshold lasts: 60 s, shortened by browser tests (PORTAL_TEST_ALERT_MINUTE_MS). */
  minuteMs: number
}

const DAY_MS = 24 * 60 * 60_000

/** A time in the entity's zone, as the messages show it ("29 Nov 02:10"). */
export function localTime(ms: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(ms)
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC'
  }
}

/** Weekday (0 Sunday) and minutes since midnight in a zone. */
export function localClock(ms: number, timeZone: string): { weekday: number; minutes: number } {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(ms)
  } catch {
    const d = new Date(ms)
    return { weekday: d.getUTCDay(), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() }
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'))
  return { weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) }
}

const machineName = (m: { alias: string; serial_number: string }) => m.alias || m.serial_number
const machineFinding = (
  m: { id: number; alias: string; serial_number: string },
  message: string,
): Finding => ({
  subjectKey: `machine:${String(m.id)}`,
  subject: machineName(m),
  subjectPath: `/machines/${String(m.id)}`,
  machineId: m.id,
  chargePoint: null,
  message,
})
const chargerPath = (uid: string) => `/ev-devices/${encodeURIComponent(uid)}`

/** The machine's opening hours as its settings page reads them (days saved before one existed are closed). */
function openingHoursOf(settings: string): MachineGeneralSettings['opening_hours'] | null {
  try {
    return cleanGeneralSettings(JSON.parse(settings), { model_number: '', vmc_type: 0, vmc_port: '' })
      .opening_hours
  } catch {
    return null
  }
}

type Condition = (c: ConditionContext) => Promise<Findings>

export const CONDITIONS: Record<AlertKind, Condition> = {
  async charger_offline(c) {
    const rows = await offlineChargers(c.db, c.entityCode, (c.threshold ?? 0) * c.minuteMs, c.now)
    return {
      found: rows.map((r) => ({
        subjectKey: `charger:${String(r.id)}`,
        subject: r.ocpp_identity ?? (r.serial_number || r.uid),
        subjectPath: chargerPath(r.uid),
        machineId: null,
        chargePoint: r.uid,
        message:
          r.ocpp_disconnected_at !== null
            ? `Disconnected since ${localTime(r.ocpp_disconnected_at, c.timeZone)}`
            : `Not heard from since ${localTime(Number(r.last_heartbeat_at), c.timeZone)}`,
      })),
    }
  },

  async connector_faulted(c) {
    const rows = await faultedConnectors(c.db, c.entityCode)
    return {
      found: rows.map((r) => ({
        subjectKey: `connector:${String(r.id)}`,
        subject: `${r.evse_id} connector ${r.connector_id}`,
        subjectPath: r.charge_point === null ? null : chargerPath(r.charge_point),
        machineId: null,
        chargePoint: r.charge_point,
        message:
          `Faulted` +
          (r.error_code && r.error_code !== 'NoError' ? ` (${r.error_code})` : '') +
          (r.status_at === null ? '' : ` since ${localTime(r.status_at, c.timeZone)}`),
      })),
    }
  },

  async session_start_failed(c) {
    const rows = await failedStarts(c.db, c.entityCode, c.now - DAY_MS)
    return {
      found: rows.map((r) => ({
        subjectKey: `charger:${String(r.id)}`,
        subject: r.name || r.uid,
        subjectPath: chargerPath(r.uid),
        machineId: null,
        chargePoint: r.uid,
        message: `A session failed to start at ${localTime(r.lastFailure, c.timeZone)}`,
      })),
    }
  },

  async machine_error(c) {
    const rows = await machinesInError(c.db, c.entityCode, (c.threshold ?? 0) * c.minuteMs, c.now)
    return { found: rows.map((m) => machineFinding(m, `In error since ${localTime(m.since, c.timeZone)}`)) }
  },

  async machine_no_sale(c) {
    const hours = c.threshold ?? 1
    const [machines, sold] = await Promise.all([
      sellingMachines(c.db, c.entityCode),
      machinesWithSalesSince(c.db, c.entityCode, c.now - hours * 60 * c.minuteMs),
    ])
    const clock = localClock(c.now, c.timeZone)
    const found: Finding[] = []
    const undecided = new Set<string>()
    for (const m of machines) {
      if (sold.has(m.id)) continue
      const opening = openingHoursOf(m.general_settings)
      // Without opening hours (or outside them) the machine is not expected to sell: nothing changes.
      if (opening === null || !openThroughout(opening, clock, (hours * c.minuteMs) / 60_000)) {
        undecided.add(`machine:${String(m.id)}`)
        continue
      }
      found.push(
        machineFinding(m, `No sale in the last ${String(hours)} hour${hours === 1 ? '' : 's'} of opening`),
      )
    }
    return { found, undecided }
  },

  async slot_stock_low(c) {
    const below = c.threshold ?? 1
    const rows = await lowSlots(c.db, c.entityCode, below)
    const byMachine = new Map<number, { m: (typeof rows)[number]; slots: number[] }>()
    for (const r of rows) {
      const entry = byMachine.get(r.machine_id) ?? { m: r, slots: [] }
      entry.slots.push(r.slot_no)
      byMachine.set(r.machine_id, entry)
    }
    return {
      found: [...byMachine.values()].map(({ m, slots }) =>
        machineFinding(
          { id: m.machine_id, alias: m.alias, serial_number: m.serial_number },
          `${slots.length === 1 ? 'Slot' : 'Slots'} ${slots.join(', ')} below ${String(below)}`,
        ),
      ),
    }
  },

  async export_failed(c) {
    const rows = await failedExports(c.db, c.entityCode, c.now - DAY_MS)
    return {
      found: rows.map((r) => ({
        subjectKey: `export:${r.uuid}`,
        subject: `${exportSourceOf(r.source)?.title ?? r.source} export (${r.format})`,
        subjectPath: null,
        machineId: null,
        chargePoint: null,
        message: `Failed at ${localTime(Number(r.finished_at), c.timeZone)}${r.error_message ? `: ${r.error_message.slice(0, 300)}` : ''}`,
      })),
    }
  },
}
