import type { EvUser, EvUserDetail, EvUserListData, EvUserListFilter, EvUserTotals } from '@portal/contract'
import { COUNT_CAP, minorUnitDigits, RECENT_SESSIONS_LIMIT, sgtMonthStart } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import { findEntityByCode } from '../../iam/entities/entity.repository'
import { recentSessionsOfDriver } from '../devices/session-brief'
import type { UserFilter, UserRow, UserTotalsRow } from './ev-user.repository'
import { countUsers, findUser, findUserPage, sessionFactsOf, userTotals } from './ev-user.repository'

/** The cache scope of user counts. */
export const userCountScope = (entityCode: string) => `ev-users:${entityCode}`

export function userFilterOf(q: EvUserListFilter): UserFilter {
  return {
    search: q.search,
    registered: q.is_registered === undefined ? undefined : q.is_registered === 'true',
    createdFrom: q.created_from,
    createdTo: q.created_to,
  }
}

function toUser(row: UserRow, facts: { month: number; last: number | null }): EvUser {
  return {
    uuid: row.uuid,
    name: row.name,
    mobile_number: row.mobile_number,
    email: row.email,
    nationality: row.nationality,
    license_plate: row.license_plate,
    is_registered: row.is_registered === 1,
    created_at: row.created_at,
    sessions_this_month: facts.month,
    last_session_at: facts.last,
  }
}

export async function listUsers(
  db: Db,
  counts: CountCache,
  entityCode: string,
  q: EvUserListFilter,
  now = Date.now(),
): Promise<EvUserListData> {
  const filter = userFilterOf(q)
  const [rows, n] = await Promise.all([
    findUserPage(db, entityCode, filter, { limit: q.limit, offset: q.offset }),
    counts.get(userCountScope(entityCode), filter, () => countUsers(db, entityCode, filter)),
  ])
  const facts = await sessionFactsOf(
    db,
    entityCode,
    rows.map((r) => r.id),
    sgtMonthStart(now),
  )
  return {
    users: rows.map((r) => toUser(r, facts.get(r.id) ?? { month: 0, last: null })),
    count: Math.min(n, COUNT_CAP),
    count_capped: n > COUNT_CAP,
  }
}

/** Minor units → currency units, exact to the currency's digits. */
function units(minor: number, currency: string): number {
  const digits = minorUnitDigits(currency)
  return Number((minor / 10 ** digits).toFixed(digits))
}

/** One period's totals: sessions and energy over every currency, money per currency (the entity's own first). */
function totalsOf(rows: readonly UserTotalsRow[], own: string): EvUserTotals {
  return {
    sessions: rows.reduce((s, r) => s + r.sessions, 0),
    energy_kwh: Math.round(rows.reduce((s, r) => s + r.energyWh, 0)) / 1000,
    spend: [...rows]
      .sort((a, b) => (a.currency === own ? -1 : b.currency === own ? 1 : b.spend - a.spend))
      .map((r) => ({
        currency: r.currency,
        incl_vat: units(r.spend, r.currency),
        refunded: units(r.refunded, r.currency),
      })),
  }
}

export async function getUser(
  db: Db,
  entityCode: string,
  uuid: string,
  now = Date.now(),
): Promise<EvUserDetail> {
  const row = await findUser(db, entityCode, uuid)
  if (!row) throw notFound('User')
  const monthStart = sgtMonthStart(now)
  const [allTime, thisMonth, recent, entity] = await Promise.all([
    userTotals(db, entityCode, row.id, null),
    userTotals(db, entityCode, row.id, monthStart),
    recentSessionsOfDriver(db, entityCode, row.id, RECENT_SESSIONS_LIMIT),
    findEntityByCode(db, entityCode),
  ])
  const own = entity?.currency_code ?? 'SGD'
  const month = totalsOf(thisMonth, own)
  return {
    ...toUser(row, { month: month.sessions, last: recent[0]?.start_date_time ?? null }),
    subscribed_cpo_entities: parseJson<string[]>(row.subscribed_cpo_entities, []),
    updated_at: row.updated_at,
    totals: { all_time: totalsOf(allTime, own), this_month: month },
    recent_sessions: recent,
  }
}
