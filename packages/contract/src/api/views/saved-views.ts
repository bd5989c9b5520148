import { z } from 'zod'
import type { AppCode } from '../../apps'
import { envelope, epochMs } from '../envelope'

/*
 * Saved views (issue 18, docs/decisions/0116-saved-views.md): a list's filters, sort, visible columns in order and
 * page size, saved on the server per entity, private to their owner or shared with the entity.
 *
 * - POST   /api/main/views/filter  `{ list, limit, offset }` → `{ views, count }`: the caller's views of that list and
 *   the entity's shared ones (needs read on the list);
 * - POST   /api/main/views         `{ list, name, state, shared }` → `{ view }` (shared: needs edit on iam / views/*);
 * - PUT    /api/main/views/{id}    `{ name?, state?, shared?, default? }` → `{ view }`; `default` sets (true) or
 *   clears (false) the caller's own default view of that list, and is the one field anybody who sees the view may
 *   send; the rest is for its owner (or, on a shared view, who holds all on iam / views/*);
 * - DELETE /api/main/views/{id}    → `{ deleted: true }`, same rule.
 */

/** The policy that shares views with the entity (edit) and manages others' shared views (all). */
export const VIEWS_POLICY = { app_code: 'iam', resource_code: 'views/*' } as const

/**
 * The lists a view can be saved for: the DataTable `tableId` of each screen, and the read permission of its call
 * (what the caller needs to see that list's views). A table whose id is not here has no Views menu.
 */
export const SAVED_VIEW_LISTS = {
  machines: { app: 'iot', resource: 'machines/*' },
  'machine-templates': { app: 'iot', resource: 'templates/*' },
  maintenance: { app: 'iot', resource: 'maintenance/*' },
  skus: { app: 'iot', resource: 'skus/*' },
  credits: { app: 'iot', resource: 'credits/*' },
  'order-items': { app: 'iot', resource: 'orders/*' },
  'pos-order-items': { app: 'iot', resource: 'orders/*' },
  'dashboard-devices': { app: 'iot', resource: 'devices/*' },
  'tcn-devices': { app: 'iot', resource: 'devices/*' },
  transactions: { app: 'payment', resource: 'transactions/*' },
  promotions: { app: 'promo', resource: 'promotions/*' },
  'closed-loop-persons': { app: 'promo', resource: 'persons/*' },
  alerts: { app: 'iam', resource: 'alerts/*' },
  webhooks: { app: 'iam', resource: 'webhooks/*' },
  'iam-users': { app: 'iam', resource: 'users/*' },
  'iam-roles': { app: 'iam', resource: 'roles/*' },
  'iam-policies': { app: 'iam', resource: 'policies/*' },
  'iam-sets': { app: 'iam', resource: 'sets/*' },
  'iam-entities': { app: 'iam', resource: 'entities/*' },
  'charge-locations': { app: 'ev', resource: 'locations/*' },
  'ev-devices': { app: 'ev', resource: 'locations/*' },
  'ev-charging-sessions': { app: 'ev', resource: 'sessions/*' },
  'ev-users': { app: 'ev', resource: 'drivers/*' },
  drivers: { app: 'ev', resource: 'drivers/*' },
  tariffs: { app: 'ev', resource: 'tariffs/*' },
  'digital-health-cases': { app: 'health', resource: 'cases/*' },
  'srs-buddies': { app: 'health', resource: 'srs-buddies/*' },
  'medical-terms': { app: 'health', resource: 'medical-terms/*' },
  'typeform-campaigns': { app: 'forms', resource: 'campaigns/*' },
  'carbon-records': { app: 'carbon', resource: 'records/*' },
} as const satisfies Record<string, { app: AppCode; resource: string }>
export type SavedViewList = keyof typeof SAVED_VIEW_LISTS

export const isSavedViewList = (key: string): key is SavedViewList => Object.hasOwn(SAVED_VIEW_LISTS, key)

export const SAVED_VIEW_PAGE_SIZES = [10, 20, 25, 50, 100] as const
export const SAVED_VIEW_NAME_MAX = 80
export const SAVED_VIEW_FILTERS_MAX = 40
export const SAVED_VIEW_COLUMNS_MAX = 60
/** Views one user may keep per list (their own). */
export const SAVED_VIEWS_PER_LIST_MAX = 50

const paramKey = z.string().min(1).max(64)
const paramValue = z.string().max(500)

/**
 * What a view holds: the list's URL search params (filters, `sort`, `order`; not the page nor the view's own id),
 * the visible column ids in their order, and the page size.
 */
export const savedViewState = z.strictObject({
  filters: z
    .record(paramKey, z.union([paramValue, z.array(paramValue).max(100)]))
    .refine((f) => Object.keys(f).length <= SAVED_VIEW_FILTERS_MAX, {
      message: `Use at most ${String(SAVED_VIEW_FILTERS_MAX)} filters`,
    }),
  columns: z
    .array(z.string().min(1).max(64))
    .max(SAVED_VIEW_COLUMNS_MAX)
    .refine((c) => new Set(c).size === c.length, { message: 'Name each column once' }),
  page_size: z
    .number()
    .int()
    .refine((n) => (SAVED_VIEW_PAGE_SIZES as readonly number[]).includes(n), {
      message: `One of ${SAVED_VIEW_PAGE_SIZES.join(', ')}`,
    }),
})
export type SavedViewState = z.infer<typeof savedViewState>

const listKey = z.string().min(1).max(64).describe('the list: a key of SAVED_VIEW_LISTS, e.g. machines')
const viewName = z
  .string({ error: 'Name the view' })
  .trim()
  .min(1, 'Name the view')
  .max(SAVED_VIEW_NAME_MAX, `Use at most ${String(SAVED_VIEW_NAME_MAX)} characters`)

export const savedViewFilterRequest = z.strictObject({
  list: listKey,
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0).max(100_000),
})
export type SavedViewFilterRequest = z.infer<typeof savedViewFilterRequest>

export const savedViewCreateRequest = z.strictObject({
  list: listKey,
  name: viewName,
  state: savedViewState,
  shared: z.boolean().default(false),
})
export type SavedViewCreateRequest = z.input<typeof savedViewCreateRequest>

export const savedViewUpdateRequest = z.strictObject({
  name: viewName.optional(),
  state: savedViewState.optional(),
  shared: z.boolean().optional(),
  /** The caller's own default view of this list: true sets it, false clears it (if it was this one). */
  default: z.boolean().optional(),
})
export type SavedViewUpdateRequest = z.infer<typeof savedViewUpdateRequest>

export const savedViewParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const savedView = z.object({
  id: z.number().int(),
  list: z.string(),
  name: z.string(),
  state: savedViewState,
  shared: z.boolean(),
  owner: z.object({ id: z.number().int(), username: z.string() }),
  /** The caller owns it. */
  mine: z.boolean(),
  /** It is the caller's default view of its list. */
  default: z.boolean(),
  updated_at: epochMs,
})
export type SavedView = z.infer<typeof savedView>

export const savedViewResponse = envelope(z.object({ view: savedView }))
export const savedViewListResponse = envelope(
  z.object({ views: z.array(savedView), count: z.number().int().min(0) }),
)
export type SavedViewListData = z.infer<typeof savedViewListResponse>['data']
