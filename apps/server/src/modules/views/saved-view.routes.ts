import {
  deletedResponse,
  errorBody,
  savedViewCreateRequest,
  savedViewFilterRequest,
  savedViewListResponse,
  savedViewParams,
  savedViewResponse,
  savedViewUpdateRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { changeView, createView, filterViews, removeView } from './saved-view.service'

// Any member: each call checks the read permission of the view's list itself (a list is named in the body or by
// the view), and sharing checks iam / views/* (saved-view.service.ts).
const signedIn = { permission: 'authenticated' } as const

/** Saved views under /api/main (issue 18, docs/decisions/0116-saved-views.md). */
export function savedViewRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/views/filter',
    {
      config: signedIn,
      schema: {
        tags: ['views'],
        summary: "A list's saved views the caller sees: their own, then the entity's shared ones",
        body: savedViewFilterRequest,
        response: { 200: savedViewListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterViews(app.db, callerOf(request), request.body) }),
  )

  r.post(
    '/views',
    {
      config: signedIn,
      schema: {
        tags: ['views'],
        summary: 'Saves a view of a list (shared with the entity: edit on iam / views/*)',
        body: savedViewCreateRequest,
        response: {
          200: savedViewResponse,
          ...errorResponses,
          409: errorBody.describe('The caller already has a view of that name on the list'),
        },
      },
    },
    async (request) => ({ data: { view: await createView(app.db, callerOf(request), request.body) } }),
  )

  r.put(
    '/views/:id',
    {
      config: signedIn,
      schema: {
        tags: ['views'],
        summary:
          'Renames, updates or shares a view (its owner); `default` sets or clears the caller’s default view of the list',
        params: savedViewParams,
        body: savedViewUpdateRequest,
        response: {
          200: savedViewResponse,
          ...errorResponses,
          409: errorBody.describe('The owner already has a view of that name on the list'),
        },
      },
    },
    async (request) => ({
      data: { view: await changeView(app.db, callerOf(request), request.params.id, request.body) },
    }),
  )

  r.delete(
    '/views/:id',
    {
      config: signedIn,
      schema: {
        tags: ['views'],
        summary: 'Deletes a view (its owner, or for a shared view who holds all on iam / views/*)',
        params: savedViewParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await removeView(app.db, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )
}
