import {
  clinicCreateRequest,
  entityCodeParams,
  entityCreateRequest,
  entityFilterRequest,
  entityFilterResponse,
  entityIdOrCodeParams,
  entityListQuery,
  entityListResponse,
  entityResponse,
  entityResultsResponse,
  entitySwitchRequest,
  entitySwitchResponse,
  entityUpdateRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { fieldError } from '../../../lib/errors'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  chargingDirectory,
  createClinic,
  createEntity,
  filterEntities,
  myEntities,
  switchEntity,
  updateEntity,
} from './entity.admin.service'
import { getVisibleEntity } from './entity.service'

const tags = ['iam']
const signedIn = { config: { permission: 'authenticated' } } as const
const platformAdmin = { config: { permission: 'platform-admin' } } as const

/** `ssoConfigured`: an entity may require SSO only when SSO is on, or its members could not sign in at all. */
export function entityRoutes(
  app: FastifyInstance,
  options: { ssoConfigured: boolean } = { ssoConfigured: false },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.get(
    '/iam/entities',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The user's entities with their relation (every entity for a platform administrator)",
        querystring: entityListQuery,
        response: { 200: entityListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { entities: await myEntities(db, callerOf(request).auth, request.query.limit) },
    }),
  )
  r.get(
    '/entity',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The user's entities as a results list",
        response: { 200: entityResultsResponse, ...errorResponses },
      },
    },
    async (request) => ({ results: await myEntities(db, callerOf(request).auth, 1000) }),
  )
  r.post(
    '/iam/entities/filter',
    {
      config: { permission: { app: 'iam', resource: 'entities/*', action: 'read' } },
      schema: {
        tags,
        summary:
          'Entities, paged: every entity for platform administrators, else the current entity and those below it',
        body: entityFilterRequest,
        response: { 200: entityFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterEntities(db, callerOf(request).auth, request.body) }),
  )
  r.post(
    '/iam/entities',
    {
      ...platformAdmin,
      schema: {
        tags,
        summary: 'Create an entity (platform administrators)',
        body: entityCreateRequest,
        response: { 200: entityResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createEntity(db, callerOf(request), request.body) }),
  )
  r.post(
    '/iam/entities/clinic',
    {
      config: { permission: { app: 'iam', resource: 'entities/*', action: 'edit' } },
      schema: {
        tags,
        summary: 'Create a digital-health clinic under the current entity',
        body: clinicCreateRequest,
        response: { 200: entityResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createClinic(db, callerOf(request), request.body) }),
  )
  r.post(
    '/iam/entities/switch',
    {
      // A key acts in its service account's one entity: switching belongs to a person's session.
      config: { permission: 'authenticated', sessionOnly: true },
      schema: {
        tags,
        summary: 'Act in another entity the user belongs to',
        body: entitySwitchRequest,
        response: { 200: entitySwitchResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await switchEntity(db, callerOf(request), request.body.entity_code) }),
  )
  r.get(
    '/iam/entities/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One entity by id or code (members and platform administrators only)',
        params: entityIdOrCodeParams,
        response: { 200: entityResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getVisibleEntity(db, callerOf(request).auth, request.params.id) }),
  )
  r.put(
    '/iam/entities/:code',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change an entity (its own with edit on entities; any for platform administrators)',
        params: entityCodeParams,
        body: entityUpdateRequest,
        response: { 200: entityResponse, ...errorResponses },
      },
    },
    async (request) => {
      if (request.body.require_sso === true && !options.ssoConfigured)
        throw fieldError('body.require_sso', 'Single sign-on is not configured on this portal')
      return { data: await updateEntity(db, callerOf(request), request.params.code, request.body) }
    },
  )
}

/** The charging network client's entity list (GET /api/charging/iam/entities?limit=1000 → data.entities). */
export function chargingEntityRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/iam/entities',
    {
      ...signedIn,
      schema: {
        tags: ['charging'],
        summary: "The user's entities and every CPO and EMSP, to name charging partners",
        querystring: entityListQuery,
        response: { 200: entityListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { entities: await chargingDirectory(app.db, callerOf(request).auth, request.query.limit) },
    }),
  )
}
