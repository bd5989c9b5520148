import {
  errorBody,
  medicalTermsDeleteResponse,
  medicalTermsFilterRequest,
  medicalTermsFilterResponse,
  medicalTermsInput,
  medicalTermsResponse,
  medicalTermsUuidParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  createMedicalTerms,
  deleteMedicalTerms,
  filterMedicalTerms,
  getMedicalTerms,
  publishMedicalTerms,
  updateMedicalTerms,
} from './medical-terms.service'

const read = { permission: { app: 'health', resource: 'medical-terms/*', action: 'read' } } as const
const edit = { permission: { app: 'health', resource: 'medical-terms/*', action: 'edit' } } as const
const tags = ['health']
const writeResponses = {
  ...errorResponses,
  409: errorBody.describe('Only drafts can be changed, published or deleted'),
}

/**
 * Medical terms and conditions (A §2 `/medical-tnc`; the calls are ours: docs/decisions/0030-…): versions of the
 * entity's terms, drafts edited and published one at a time.
 */
export function medicalTermsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/health/medical-terms/filter',
    {
      config: read,
      schema: {
        tags,
        summary: 'Versions of the medical terms: published first, then drafts, then retired, newest first',
        body: medicalTermsFilterRequest,
        response: { 200: medicalTermsFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await filterMedicalTerms(app.db, app.counts, callerOf(request), request.body),
    }),
  )

  r.get(
    '/health/medical-terms/:uuid',
    {
      config: read,
      schema: {
        tags,
        summary: 'One version of the medical terms with its text',
        params: medicalTermsUuidParams,
        response: { 200: medicalTermsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { terms: await getMedicalTerms(app.db, callerOf(request), request.params.uuid) },
    }),
  )

  r.post(
    '/health/medical-terms',
    {
      config: edit,
      schema: {
        tags,
        summary: 'A new draft, numbered after the newest version',
        body: medicalTermsInput,
        response: { 200: medicalTermsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { terms: await createMedicalTerms(app.db, app.counts, callerOf(request), request.body) },
    }),
  )

  r.put(
    '/health/medical-terms/:uuid',
    {
      config: edit,
      schema: {
        tags,
        summary: "A draft's title, text and effective date",
        params: medicalTermsUuidParams,
        body: medicalTermsInput,
        response: { 200: medicalTermsResponse, ...writeResponses },
      },
    },
    async (request) => ({
      data: {
        terms: await updateMedicalTerms(app.db, callerOf(request), request.params.uuid, request.body),
      },
    }),
  )

  r.post(
    '/health/medical-terms/:uuid/publish',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Publish a draft; the published version it replaces is retired in the same transaction',
        params: medicalTermsUuidParams,
        response: { 200: medicalTermsResponse, ...writeResponses },
      },
    },
    async (request) => ({
      data: { terms: await publishMedicalTerms(app.db, app.counts, callerOf(request), request.params.uuid) },
    }),
  )

  r.delete(
    '/health/medical-terms/:uuid',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Delete a draft (published and retired versions are kept as the record of what people accepted)',
        params: medicalTermsUuidParams,
        response: { 200: medicalTermsDeleteResponse, ...writeResponses },
      },
    },
    async (request) => ({
      data: await deleteMedicalTerms(app.db, app.counts, callerOf(request), request.params.uuid),
    }),
  )
}
