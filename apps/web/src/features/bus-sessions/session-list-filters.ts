import type {
  BusSessionListQuery,
  MyEntityType,
  VoltnetSessionCountRequest,
  VoltnetSessionFilterRequest,
} from '@portal/contract'
import { evSessionStatuses, isInCatalogue, sessionPaymentMethods, stopReasons } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { ChargingEntity } from '@/components/options/charging-entities'
import type { FilterDef, FilterOption, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import {
  ALL,
  rangeOf,
  SESSION_LIST_KEYS,
  sessionListQuery,
} from '@/components/charging-session/session-list-query'
import { catalogueOptions } from '@/lib/labels'

/*
 * The filters of the busways history (the v3 call's, B §7) and of the voltnet CPO/EMSP lists (the v1 call's), kept
 * in the URL (docs/decisions/0007). Empty filters are left out of the calls, lists only when not empty, dates in ms
 * (B §5, §9). The page window comes from `useList`: one row more than the page on the busways history (B §4), the
 * page itself on voltnet's lists, whose total comes from the count call.
 */

export {
  ALL,
  DEFAULT_RANGE_MS,
  isBarFilter,
  parsePlates,
  rangeOf,
} from '@/components/charging-session/session-list-query'

/** URL keys of the range, shared by both lists: epoch ms, as the calls take them. */
export const RANGE_KEYS = { from: SESSION_LIST_KEYS.from, to: SESSION_LIST_KEYS.to } as const

/** Entity options: "All", then the entities of the role, with the caller's own entity offered too. */
function entityOptions(
  t: TFunction,
  entities: readonly ChargingEntity[],
  own: { code: string; name: string } | null,
): FilterOption[] {
  const list = [...entities]
  if (own && !list.some((e) => e.code === own.code)) list.unshift({ ...own, roles: [] })
  return [
    { value: ALL, label: t('busSessions.filter.all') },
    ...list.map((e) => ({ value: e.code, label: e.name })),
  ]
}

const rangeDefs = (t: TFunction): FilterDef[] => [
  // Rendered by the range control, declared here so reset and the active count cover them.
  { kind: 'search', key: RANGE_KEYS.from, label: t('busSessions.filter.from') },
  { kind: 'search', key: RANGE_KEYS.to, label: t('busSessions.filter.to') },
]

// ---------------------------------------------------------------------------------------------------------------
// Busways history: GET /v3/dashboard/sessions

/** The v3 call takes the charging network's filter keys: the URL keeps them under the same names. */
export const BUS_KEYS = SESSION_LIST_KEYS

export function busFilterDefs(
  t: TFunction,
  cpoEntities: readonly ChargingEntity[],
  emspEntities: readonly ChargingEntity[],
  own: { code: string; name: string } | null,
): FilterDef[] {
  return [
    { kind: 'search', key: BUS_KEYS.plates, label: t('busSessions.filter.licensePlates') },
    { kind: 'search', key: BUS_KEYS.externalId, label: t('busSessions.filter.externalId') },
    { kind: 'search', key: BUS_KEYS.evse, label: t('busSessions.filter.evse') },
    { kind: 'search', key: BUS_KEYS.authRef, label: t('busSessions.filter.authRef') },
    {
      kind: 'multi',
      key: BUS_KEYS.status,
      label: t('busSessions.filter.status'),
      options: catalogueOptions(evSessionStatuses),
    },
    {
      kind: 'select',
      key: BUS_KEYS.cpo,
      label: t('busSessions.filter.cpo'),
      options: entityOptions(t, cpoEntities, own),
      defaultValue: ALL,
    },
    {
      kind: 'select',
      key: BUS_KEYS.emsp,
      label: t('busSessions.filter.emsp'),
      options: entityOptions(t, emspEntities, own),
      defaultValue: ALL,
    },
    ...rangeDefs(t),
  ]
}

/** The v3 call's query: the charging list's filters, ms dates, and the page the list asks for (B §4, §7). */
export function busListQuery(
  list: Pick<ListState, 'text' | 'multi' | 'select'>,
  page: PageWindow,
  now: number,
  entityCode: string | null,
): BusSessionListQuery {
  return sessionListQuery(list, page, now, entityCode)
}

// ---------------------------------------------------------------------------------------------------------------
// Voltnet CPO / EMSP lists: POST /v1/dashboard/charging-sessions (+ /count)

export const VOLT_KEYS = {
  partner: 'partner',
  method: 'method',
  user: 'user',
  state: 'state',
  stopReason: 'stop_reason',
  evse: 'evse',
  session: 'session_id',
} as const

/** The partner filter lists the other side's entities: EMSPs on the CPO list, CPOs on the EMSP list. */
export function voltnetFilterDefs(
  t: TFunction,
  side: MyEntityType,
  partners: readonly ChargingEntity[],
  own: { code: string; name: string } | null,
): FilterDef[] {
  return [
    { kind: 'search', key: VOLT_KEYS.session, label: t('busSessions.filter.sessionId') },
    { kind: 'search', key: VOLT_KEYS.evse, label: t('busSessions.filter.evseId') },
    { kind: 'search', key: VOLT_KEYS.user, label: t('busSessions.filter.userId') },
    {
      kind: 'select',
      key: VOLT_KEYS.partner,
      label: side === 'CPO' ? t('busSessions.filter.emsp') : t('busSessions.filter.cpo'),
      options: entityOptions(t, partners, own),
      defaultValue: ALL,
    },
    {
      kind: 'select',
      key: VOLT_KEYS.state,
      label: t('busSessions.filter.status'),
      options: [{ value: ALL, label: t('busSessions.filter.all') }, ...catalogueOptions(evSessionStatuses)],
      defaultValue: ALL,
    },
    {
      kind: 'select',
      key: VOLT_KEYS.stopReason,
      label: t('busSessions.filter.stopReason'),
      options: [{ value: ALL, label: t('busSessions.filter.all') }, ...catalogueOptions(stopReasons)],
      defaultValue: ALL,
    },
    {
      kind: 'select',
      key: VOLT_KEYS.method,
      label: t('busSessions.filter.paymentMethod'),
      options: [
        { value: ALL, label: t('busSessions.filter.all') },
        ...catalogueOptions(sessionPaymentMethods),
      ],
      defaultValue: ALL,
    },
    ...rangeDefs(t),
  ]
}

/** The v1 filters without paging: the count's body, and the export's filters. */
export function voltnetCountBody(
  list: Pick<ListState, 'text' | 'select'>,
  side: MyEntityType,
  now: number,
): VoltnetSessionCountRequest {
  const { from, to } = rangeOf(list, now)
  const text = (key: string) => list.text(key).trim() || undefined
  const select = (key: string) => {
    const value = String(list.select(key))
    return value === ALL ? undefined : value
  }
  const body: VoltnetSessionCountRequest = { myEntityType: side, startDateTime: from, endDateTime: to }
  const partner = select(VOLT_KEYS.partner)
  if (partner) body.partnerEntityCode = partner
  const method = select(VOLT_KEYS.method)
  if (method) body.paymentMethodCode = method
  const state = select(VOLT_KEYS.state)
  if (isInCatalogue(evSessionStatuses, state)) body.state = state
  const stopReason = select(VOLT_KEYS.stopReason)
  if (isInCatalogue(stopReasons, stopReason)) body.stopReason = stopReason
  const user = text(VOLT_KEYS.user)
  if (user) body.userID = user
  const evse = text(VOLT_KEYS.evse)
  if (evse) body.evseId = evse
  const session = text(VOLT_KEYS.session)
  if (session) body.chargingSessionID = session
  return body
}

/** The v1 list's body: the filters and the page the list asks for; its count takes it too (B §7 "same filters"). */
export function voltnetListBody(
  list: Pick<ListState, 'text' | 'select'>,
  page: PageWindow,
  side: MyEntityType,
  now: number,
): VoltnetSessionFilterRequest {
  return { ...voltnetCountBody(list, side, now), limit: page.limit, offset: page.offset }
}
