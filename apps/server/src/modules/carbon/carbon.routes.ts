import {
  carbonDashboardResponse,
  carbonInvoiceFilterRequest,
  carbonInvoiceFilterResponse,
  carbonPartnerDetailResponse,
  carbonPartnerFilterRequest,
  carbonPartnerFilterResponse,
  carbonPartnerParams,
  carbonPayoutFilterRequest,
  carbonPayoutFilterResponse,
  carbonProgrammeResponse,
  carbonRecordFilterRequest,
  carbonRecordFilterResponse,
  carbonRecordFilters,
  carbonVehicleFilterRequest,
  carbonVehicleFilterResponse,
  emissionsCategoryFilterRequest,
  emissionsCategoryFilterResponse,
  emissionsCategoryResponse,
  emissionsCategoryWrite,
  numericIdParams,
  partnerRole,
} from '@portal/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { forbidden } from '../../lib/errors'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { carbonScopeOf } from './carbon-scope'
import { changeCategory, createCategory, filterCategories, getCategory } from './category.service'
import { filterPartners, filterVehicles, partnerDetail } from './partner.service'
import { filterInvoices, filterPayouts } from './payout.service'
import { filterRecords, programmeInfo, recordDashboard } from './record.service'
import { registerExportSource } from '../exports/export-sources'
import { carbonRecordExportSource } from './record.export'

// The carbon records can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(carbonRecordExportSource)

const tags = ['carbon']
const readRecords = { permission: { app: 'carbon', resource: 'records/*', action: 'read' } } as const
const editRecords = { permission: { app: 'carbon', resource: 'records/*', action: 'edit' } } as const
const readPayouts = { permission: { app: 'carbon', resource: 'payouts/*', action: 'read' } } as const

/**
 * Carbon credits (step 6; docs/decisions/0027-carbon-credits.md): records and their dashboard, payouts and
 * invoices, partners and vehicles, and the exchange's emissions categories. Every call is scoped by who the
 * caller's entity is in its programme (exchange, CPO or fleet owner), read from the data.
 */
export function carbonRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const scopeOf = (request: FastifyRequest) => carbonScopeOf(app.db, callerOf(request).auth.entityCode)

  r.get(
    '/carbon/programme',
    {
      config: readRecords,
      schema: {
        tags,
        summary: "The caller's carbon programme, its side in it, and the records filters' options",
        response: { 200: carbonProgrammeResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await programmeInfo(app.db, await scopeOf(request)) }),
  )

  r.post(
    '/carbon/records/filter',
    {
      config: readRecords,
      schema: {
        tags,
        summary: 'Carbon-credit records the caller shares, newest first, filtered and paged, with the count',
        body: carbonRecordFilterRequest,
        response: { 200: carbonRecordFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await filterRecords(app.db, app.counts, await scopeOf(request), request.body),
    }),
  )

  r.post(
    '/carbon/records/dashboard',
    {
      config: readRecords,
      schema: {
        tags,
        summary: 'The records summed: rebates, energy, emissions, by day, scenario, partner and location',
        body: carbonRecordFilters,
        response: { 200: carbonDashboardResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { dashboard: await recordDashboard(app.db, await scopeOf(request), request.body) },
    }),
  )

  r.post(
    '/carbon/payouts/filter',
    {
      config: readPayouts,
      schema: {
        tags,
        summary: "Payouts of the caller's earnings (the exchange: all of its programme), newest first",
        body: carbonPayoutFilterRequest,
        response: { 200: carbonPayoutFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterPayouts(app.db, await scopeOf(request), request.body) }),
  )

  r.post(
    '/carbon/invoices/filter',
    {
      config: readPayouts,
      schema: {
        tags,
        summary: 'Self-billing invoices of the closed months, newest first',
        body: carbonInvoiceFilterRequest,
        response: { 200: carbonInvoiceFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterInvoices(app.db, await scopeOf(request), request.body) }),
  )

  r.post(
    '/carbon/partners/filter',
    {
      config: readRecords,
      schema: {
        tags,
        summary: "The caller's partners (a fleet owner's CPOs, a CPO's fleet owners, the exchange's all)",
        body: carbonPartnerFilterRequest,
        response: { 200: carbonPartnerFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterPartners(app.db, await scopeOf(request), request.body) }),
  )

  r.get(
    '/carbon/partners/:entity',
    {
      config: readRecords,
      schema: {
        tags,
        summary: "A partner of the caller's programme with its partnerships (the exchange only)",
        params: carbonPartnerParams,
        querystring: z.strictObject({ role: partnerRole.optional() }),
        response: { 200: carbonPartnerDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        partner: await partnerDetail(
          app.db,
          await scopeOf(request),
          request.params.entity,
          request.query.role,
        ),
      },
    }),
  )

  r.post(
    '/carbon/vehicles/filter',
    {
      config: readRecords,
      schema: {
        tags,
        summary: 'Enrolled vehicles: the exchange sees all of its programme, a fleet owner its own',
        body: carbonVehicleFilterRequest,
        response: { 200: carbonVehicleFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterVehicles(app.db, await scopeOf(request), request.body) }),
  )

  r.post(
    '/carbon/emissions-categories/filter',
    {
      config: readRecords,
      schema: {
        tags,
        summary: "The exchange's emissions categories, by name",
        body: emissionsCategoryFilterRequest,
        response: { 200: emissionsCategoryFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await filterCategories(app.db, callerOf(request).auth.entityCode, request.body),
    }),
  )

  r.get(
    '/carbon/emissions-categories/:id',
    {
      config: readRecords,
      schema: {
        tags,
        summary: 'One emissions category of the exchange',
        params: numericIdParams,
        response: { 200: emissionsCategoryResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { category: await getCategory(app.db, callerOf(request).auth.entityCode, request.params.id) },
    }),
  )

  /** Only the exchange running a programme keeps emissions categories. */
  const assertExchange = async (request: FastifyRequest) => {
    if (!(await scopeOf(request)).sides.includes('CRX'))
      throw forbidden('Only the carbon exchange running a programme manages its emissions categories')
  }

  r.post(
    '/carbon/emissions-categories',
    {
      config: editRecords,
      schema: {
        tags,
        summary: 'Create an emissions category (one per vehicle type and fuel; names unique)',
        body: emissionsCategoryWrite,
        response: { 200: emissionsCategoryResponse, ...errorResponses },
      },
    },
    async (request) => {
      await assertExchange(request)
      return { data: { category: await createCategory(app.db, callerOf(request), request.body) } }
    },
  )

  r.put(
    '/carbon/emissions-categories/:id',
    {
      config: editRecords,
      schema: {
        tags,
        summary: 'Change an emissions category; records already made keep the factor they were made with',
        params: numericIdParams,
        body: emissionsCategoryWrite,
        response: { 200: emissionsCategoryResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { category: await changeCategory(app.db, callerOf(request), request.params.id, request.body) },
    }),
  )
}
