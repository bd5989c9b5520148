import {
  errorBody,
  ocpiIdentityResponse,
  ocpiIdentityUpdateRequest,
  ocpiMessageFilterRequest,
  ocpiMessageListResponse,
  ocpiPartnerConnectRequest,
  ocpiPartnerCreatedResponse,
  ocpiPartnerCreateRequest,
  ocpiPartnerDeletedResponse,
  ocpiPartnerListResponse,
  ocpiPartnerParams,
  ocpiPartnerResponse,
  ocpiPartnerUpdateRequest,
  ocpiSyncRequest,
  ocpiSyncResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { registerExportSource } from '../exports/export-sources'
import { ocpiMessageExportSource } from './ocpi-message.export'
import { errorResponses } from '../../plugins/responses'
import type { OcpiSettings } from './ocpi-handshake.service'
import {
  changeIdentity,
  changePartner,
  connectPartner,
  createPartner,
  entityIdentity,
  entityPartners,
  onePartner,
  partnerMessages,
  removePartner,
  syncPartner,
} from './ocpi-partner.service'

// Entity admins hold every action without a grant (policy.engine): "admin or edit on roaming" is this.
const edit = { permission: { app: 'iam', resource: 'roaming/*', action: 'edit' } } as const
const read = { permission: { app: 'iam', resource: 'roaming/*', action: 'read' } } as const
const tags = ['roaming']

registerExportSource(ocpiMessageExportSource)

/** Roaming partners in the portal (issue 17), under /api/main. */
export function ocpiPartnerRoutes(app: FastifyInstance, settings: OcpiSettings): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/ocpi/identity',
    {
      config: read,
      schema: {
        tags,
        summary: "The entity's OCPI party per role, the roles it may play, and our versions URL",
        response: { 200: ocpiIdentityResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await entityIdentity(app.db, callerOf(request), settings) }),
  )
  r.put(
    '/ocpi/identity',
    {
      config: edit,
      schema: {
        tags,
        summary: "Sets the entity's OCPI party (country code, party id) per role",
        body: ocpiIdentityUpdateRequest,
        response: {
          200: ocpiIdentityResponse,
          ...errorResponses,
          409: errorBody.describe("Another entity's party"),
        },
      },
    },
    async (request) => ({
      data: await changeIdentity(app.db, callerOf(request), request.body.identities, settings),
    }),
  )

  r.get(
    '/ocpi/partners',
    {
      config: read,
      schema: {
        tags,
        summary: "The entity's roaming partners",
        response: { 200: ocpiPartnerListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await entityPartners(app.db, callerOf(request)) }),
  )
  r.post(
    '/ocpi/partners',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Adds a partner that will register with us: answers token A (this once) and our versions URL, for the partner',
        body: ocpiPartnerCreateRequest,
        response: {
          200: ocpiPartnerCreatedResponse,
          ...errorResponses,
          409: errorBody.describe('No OCPI identity yet, or too many partners'),
        },
      },
    },
    async (request) => ({ data: await createPartner(app.db, callerOf(request), request.body, settings) }),
  )
  r.post(
    '/ocpi/partners/connect',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Registers with a partner from its versions URL and token A: the credentials handshake, run now',
        body: ocpiPartnerConnectRequest,
        response: {
          200: ocpiPartnerResponse,
          ...errorResponses,
          409: errorBody.describe('No OCPI identity yet, or too many partners'),
          502: errorBody.describe(
            'The partner could not be registered with: the message says which step failed',
          ),
        },
      },
    },
    async (request) => ({ data: await connectPartner(app.db, callerOf(request), request.body, settings) }),
  )
  r.get(
    '/ocpi/partners/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One roaming partner, with its endpoints',
        params: ocpiPartnerParams,
        response: { 200: ocpiPartnerResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await onePartner(app.db, callerOf(request), request.params.id) }),
  )
  r.put(
    '/ocpi/partners/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Renames, suspends or resumes a roaming partner',
        params: ocpiPartnerParams,
        body: ocpiPartnerUpdateRequest,
        response: { 200: ocpiPartnerResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await changePartner(app.db, callerOf(request), request.params.id, request.body),
    }),
  )
  r.delete(
    '/ocpi/partners/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Unregisters from a partner (told when connected) and forgets it, with its message log',
        params: ocpiPartnerParams,
        response: {
          200: ocpiPartnerDeletedResponse,
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await removePartner(app.db, callerOf(request), request.params.id, settings),
    }),
  )
  r.post(
    '/ocpi/partners/:id/messages/filter',
    {
      config: read,
      schema: {
        tags,
        summary: "A partner's message log: every OCPI request in and out, newest first",
        params: ocpiPartnerParams,
        body: ocpiMessageFilterRequest,
        response: { 200: ocpiMessageListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await partnerMessages(app.db, callerOf(request), request.params.id, request.body),
    }),
  )
  r.post(
    '/ocpi/partners/:id/sync',
    {
      config: edit,
      schema: {
        tags,
        summary: "Pulls the partner's objects of a module now (a job; the partner's sync shows how it went)",
        params: ocpiPartnerParams,
        body: ocpiSyncRequest,
        response: { 200: ocpiSyncResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await syncPartner(app.db, app.jobs, callerOf(request), request.params.id, request.body.module),
    }),
  )
}
