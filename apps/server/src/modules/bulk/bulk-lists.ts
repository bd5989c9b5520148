import type { BulkList } from '@portal/contract'
import {
  alertExportFilters,
  EV_DEVICE_SORT_ORDER,
  evDeviceListQuery,
  machineFilterRequest,
  userFilterRequest,
} from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import { fieldError } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import type { NeededPermission } from '../../plugins/auth'
import { alertsAfter } from '../alerts/alert.repository'
import { scopeOfCaller } from '../alerts/alert.service'
import { findDevicePage } from '../charging/devices/ev-device.repository'
import { deviceFilterOf } from '../charging/devices/ev-device.service'
import { findMemberPage } from '../iam/users/user.repository'
import { findMachineBatch } from '../iot/machines/machine.repository'
import { machineScope } from '../iot/machines/machine.service'

/**
 * A list bulk actions act on: who may read it, how its rows are named, and how its filter body (the list call's
 * own) becomes row ids, through the list's own repository and scope, so "all N matching" is exactly what the list
 * shows the caller.
 */
export interface BulkListDef {
  read: NeededPermission
  idKind: 'number' | 'string'
  /** At most `cap` + 1 ids (one more says the filter matches too many). `caller.sets` are the read scope's. */
  resolve: (db: Db, caller: Caller, filter: unknown, cap: number) => Promise<(string | number)[]>
}

const BATCH = 5000

/** The list call's body without its paging: "all matching" is every page. */
function parseFilter<S extends z.ZodType>(schema: S, filter: unknown): z.output<S> {
  const { limit: _limit, offset: _offset, ...rest } = (filter ?? {}) as Record<string, unknown>
  const parsed = schema.safeParse(rest)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = ['body', 'filter', ...(issue?.path ?? []).map(String)].join('.')
    throw fieldError(path, issue?.message ?? 'invalid filter')
  }
  return parsed.data
}

export const BULK_LIST_DEFS: Record<BulkList, BulkListDef> = {
  machines: {
    read: { app: 'iot', resource: 'machines/*', action: 'read' },
    idKind: 'number',
    resolve: async (db, caller, filter, cap) => {
      const f = parseFilter(machineFilterRequest.omit({ limit: true, offset: true }), filter)
      const entityCode = caller.auth.entityCode
      const scope = await machineScope(db, entityCode, caller.sets)
      const ids: number[] = []
      let after = 0
      for (;;) {
        const rows = await findMachineBatch(db, entityCode, f, scope, after, BATCH)
        for (const r of rows) ids.push(r.id)
        const last = rows[rows.length - 1]
        if (!last || rows.length < BATCH || ids.length > cap) break
        after = last.id
      }
      return ids.slice(0, cap + 1)
    },
  },
  chargers: {
    read: { app: 'ev', resource: 'locations/*', action: 'read' },
    idKind: 'string',
    resolve: async (db, caller, filter, cap) => {
      const q = parseFilter(evDeviceListQuery.omit({ limit: true, offset: true }), filter)
      const rows = await findDevicePage(
        db,
        caller.auth.entityCode,
        deviceFilterOf({ ...q, limit: cap + 1, offset: 0 }, Date.now()),
        q.sort_by,
        q.order_by ?? EV_DEVICE_SORT_ORDER[q.sort_by],
        { limit: cap + 1, offset: 0 },
      )
      return rows.map((r) => r.uid)
    },
  },
  users: {
    read: { app: 'iam', resource: 'users/*', action: 'read' },
    idKind: 'string',
    resolve: async (db, caller, filter, cap) => {
      const f = parseFilter(userFilterRequest.omit({ limit: true, offset: true }), filter)
      const { rows } = await findMemberPage(db, caller.auth.entityCode, { ...f, limit: cap + 1, offset: 0 })
      return rows.map((r) => r.user_uuid)
    },
  },
  alerts: {
    read: { app: 'iam', resource: 'alerts/*', action: 'read' },
    idKind: 'number',
    resolve: async (db, caller, filter, cap) => {
      const f = parseFilter(alertExportFilters, filter)
      const scope = await scopeOfCaller(db, caller)
      const ids: number[] = []
      let after: { value: number; id: number } | null = null
      for (;;) {
        const rows = await alertsAfter(db, scope, f, after, BATCH)
        for (const r of rows) ids.push(r.id)
        const last = rows[rows.length - 1]
        if (!last || rows.length < BATCH || ids.length > cap) break
        after = { value: last[f.sort], id: last.id }
      }
      return ids.slice(0, cap + 1)
    },
  },
}
