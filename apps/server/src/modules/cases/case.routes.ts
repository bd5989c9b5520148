import {
  caseCreateRequest,
  caseFilterRequest,
  caseFilterResponse,
  caseParams,
  caseResponse,
  caseSitesResponse,
  caseStaffResponse,
  caseUpdateRequest,
  errorBody,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { createCase, filterCases, getCase, sitesOf, staffOf, updateCase } from './case.service'

const read = { permission: { app: 'health', resource: 'cases/*', action: 'read' } } as const
const edit = { permission: { app: 'health', resource: 'cases/*', action: 'edit' } } as const

/**
 * Digital-health cases on the verification-form service (prefix /api/cases, Bearer scheme; B §7 `POST /cases/filter`,
 * docs/decisions/0028-digital-health-and-campaigns.md): the case history list, the intake form, one case with its
 * history, updating it, and the form's options (clinics, staff).
 */
export function caseRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/cases/filter',
    {
      config: read,
      schema: {
        tags: ['cases'],
        summary: "The entity's cases, filtered, sorted (sort: { field: 1 | -1 }) and paged (B §7)",
        body: caseFilterRequest,
        response: { 200: caseFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterCases(app.db, app.counts, callerOf(request), request.body) }),
  )

  r.post(
    '/cases',
    {
      config: edit,
      schema: {
        tags: ['cases'],
        summary: 'Records a case from the intake form; it gets the next case number of the entity',
        body: caseCreateRequest,
        response: { 201: caseResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createCase(app.db, app.counts, callerOf(request), request.body)
      return reply.status(201).send({ data: { case: created } })
    },
  )

  r.get(
    '/cases/sites',
    {
      config: read,
      schema: {
        tags: ['cases'],
        summary: "The entity's clinics, where cases are taken in",
        response: { 200: caseSitesResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { sites: await sitesOf(app.db, callerOf(request)) } }),
  )

  r.get(
    '/cases/staff',
    {
      config: read,
      schema: {
        tags: ['cases'],
        summary: "The entity's staff, for the Created by filter",
        response: { 200: caseStaffResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { users: await staffOf(app.db, callerOf(request)) } }),
  )

  r.get(
    '/cases/:caseId',
    {
      config: read,
      schema: {
        tags: ['cases'],
        summary: 'One case with everything the intake collected and its history, newest first',
        params: caseParams,
        response: { 200: caseResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { case: await getCase(app.db, callerOf(request), request.params.caseId) } }),
  )

  r.put(
    '/cases/:caseId',
    {
      config: edit,
      schema: {
        tags: ['cases'],
        summary:
          'Changes a case; each change adds an entry to its history (409 when someone saved in between)',
        params: caseParams,
        body: caseUpdateRequest,
        response: {
          200: caseResponse,
          409: errorBody.describe('Changed by someone else'),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: {
        case: await updateCase(app.db, app.counts, callerOf(request), request.params.caseId, request.body),
      },
    }),
  )
}
