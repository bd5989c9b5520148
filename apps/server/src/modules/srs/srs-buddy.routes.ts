import {
  errorBody,
  srsBuddyFilterRequest,
  srsBuddyFilterResponse,
  srsBuddyResponse,
  srsReassignRequest,
  srsStatusRequest,
  srsTestFilterRequest,
  srsTestFilterResponse,
  srsUuidParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import {
  filterSrsBuddies,
  filterSrsTests,
  getSrsBuddy,
  reassignSrsBuddy,
  setSrsBuddyStatus,
} from './srs-buddy.service'

const read = { permission: { app: 'health', resource: 'srs-buddies/*', action: 'read' } } as const
const edit = { permission: { app: 'health', resource: 'srs-buddies/*', action: 'edit' } } as const
const tags = ['srs']
const responses = {
  ...errorResponses,
  409: errorBody.describe('The record is not in a state for this, or was changed meanwhile'),
}

/**
 * SRS buddy records (A §2 `/srs-buddy`, `/srs-buddy/{uuid?}`; the calls are ours, in the style of the main API's lists:
 * docs/decisions/0030-srs-buddy-medical-terms-components.md).
 */
export function srsBuddyRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/srs/buddies/filter',
    {
      config: read,
      schema: {
        tags,
        summary: 'SRS buddy pairs of the current entity, filtered and paged, most urgent first by default',
        body: srsBuddyFilterRequest,
        response: { 200: srsBuddyFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await filterSrsBuddies(app.db, app.counts, callerOf(request), request.body),
    }),
  )

  r.get(
    '/srs/buddies/:uuid',
    {
      config: read,
      schema: {
        tags,
        summary: 'One SRS buddy record with its totals and history (newest 100 events)',
        params: srsUuidParams,
        response: { 200: srsBuddyResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { buddy: await getSrsBuddy(app.db, callerOf(request), request.params.uuid) },
    }),
  )

  r.post(
    '/srs/buddies/:uuid/tests/filter',
    {
      config: read,
      schema: {
        tags,
        summary: "A record's witnessed swabs, newest first",
        params: srsUuidParams,
        body: srsTestFilterRequest,
        response: { 200: srsTestFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await filterSrsTests(app.db, callerOf(request), request.params.uuid, request.body),
    }),
  )

  r.put(
    '/srs/buddies/:uuid/buddy',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Assign a buddy to a record that needs one, or replace its buddy (with a reason; audited)',
        params: srsUuidParams,
        body: srsReassignRequest,
        response: { 200: srsBuddyResponse, ...responses },
      },
    },
    async (request) => ({
      data: {
        buddy: await reassignSrsBuddy(
          app.db,
          app.counts,
          callerOf(request),
          request.params.uuid,
          request.body,
        ),
      },
    }),
  )

  r.put(
    '/srs/buddies/:uuid/status',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Deactivate a record, or reactivate an inactive one (with a reason; audited)',
        params: srsUuidParams,
        body: srsStatusRequest,
        response: { 200: srsBuddyResponse, ...responses },
      },
    },
    async (request) => ({
      data: {
        buddy: await setSrsBuddyStatus(
          app.db,
          app.counts,
          callerOf(request),
          request.params.uuid,
          request.body,
        ),
      },
    }),
  )
}
