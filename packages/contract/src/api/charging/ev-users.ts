import { z } from 'zod'
import { coded } from '../messages'
import { nationalities } from '../../enums/locale'
import { envelope, epochMs } from '../envelope'
import { evSessionBrief } from './devices'

/*
 * The EMSP's app users (/users, /users/{id}): the ev_driver rows of the caller's entity, with their charging
 * (docs/decisions/0026-ev-home-users-devices.md). The spec names no call: `GET /users` and `GET /users/{uuid}` on
 * the charging network client. Money in currency units.
 */

export const EV_USER_PAGE_SIZE = 20

const msQuery = z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional()

/** GET /users. Created range in epoch ms, both ends inclusive. */
export const evUserListQuery = z
  .strictObject({
    /** Part of the name, mobile number, email or licence plate (case-insensitive). */
    search: z.string().trim().max(100).optional(),
    is_registered: z.enum(['true', 'false']).optional(),
    created_from: msQuery.describe('created at or after, epoch ms'),
    created_to: msQuery.describe('created at or before, epoch ms'),
    limit: z.coerce.number().int().min(1).max(100).default(EV_USER_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine(
    (q) => q.created_from === undefined || q.created_to === undefined || q.created_from <= q.created_to,
    {
      path: ['created_to'],
      message: 'created_to must not be before created_from',
      ...coded('not_before', { other: 'created_from' }),
    },
  )
export type EvUserListFilter = z.output<typeof evUserListQuery>
/** What the portal sends. */
export interface EvUserListQuery {
  search?: string
  is_registered?: 'true' | 'false'
  created_from?: number
  created_to?: number
  limit?: number
  offset?: number
}

export const evUser = z.object({
  uuid: z.string(),
  name: z.string(),
  mobile_number: z.string(),
  email: z.string(),
  nationality: z.string().describe(`nationality: ${nationalities.values.join(', ')}`),
  license_plate: z.string().nullable(),
  is_registered: z.boolean(),
  created_at: epochMs,
  /** Sessions started this UTC+8 month. */
  sessions_this_month: z.number().int(),
  last_session_at: epochMs.nullable(),
})
export type EvUser = z.infer<typeof evUser>

export const evUserListResponse = envelope(
  z.object({
    users: z.array(evUser),
    /** Exact up to COUNT_CAP; `count_capped` says there are more. */
    count: z.number().int().min(0),
    count_capped: z.boolean(),
  }),
)
export type EvUserListData = z.infer<typeof evUserListResponse>['data']

export const evUserParams = z.strictObject({
  uuid: z.string().trim().min(1).max(64).describe('user uuid'),
})

/**
 * A user's charging in a period. Spend is what the sessions cost incl. tax and refunded what was paid back of it,
 * per currency (a user may charge in Singapore and in Malaysia; amounts are never added across currencies).
 */
export const evUserTotals = z.object({
  sessions: z.number().int(),
  energy_kwh: z.number(),
  spend: z.array(z.object({ currency: z.string(), incl_vat: z.number(), refunded: z.number() })),
})
export type EvUserTotals = z.infer<typeof evUserTotals>

export const evUserDetail = evUser.extend({
  /** CPO entity codes the user subscribes to. */
  subscribed_cpo_entities: z.array(z.string()),
  updated_at: epochMs,
  totals: z.object({ all_time: evUserTotals, this_month: evUserTotals }),
  /** The newest sessions (RECENT_SESSIONS_LIMIT), newest start first. */
  recent_sessions: z.array(evSessionBrief),
})
export type EvUserDetail = z.infer<typeof evUserDetail>

export const evUserDetailResponse = envelope(z.object({ user: evUserDetail }))
