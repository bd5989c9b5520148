import '@fastify/multipart'
import {
  DRIVER_CSV_MAX_BYTES,
  driverDashboardQuery,
  driverDetailResponse,
  driverImportQuery,
  driverImportResponse,
  driverListResponse,
  driverParams,
  driverUserInfoResponse,
  limoDriverListResponse,
  limoDriverQuery,
  newDriverRequest,
  newDriverResponse,
} from '@portal/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { fieldError, HttpError } from '../../../lib/errors'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  addDriver,
  decodeCsv,
  getDriver,
  importDrivers,
  listDashboardDrivers,
  listLimoDrivers,
} from './driver.service'
import { driverUserInfo } from './user-info'

const read = { permission: { app: 'ev', resource: 'drivers/*', action: 'read' } } as const
const edit = { permission: { app: 'ev', resource: 'drivers/*', action: 'edit' } } as const
const tags = ['drivers']
const MB = DRIVER_CSV_MAX_BYTES / 1024 / 1024

/** The uploaded csv file (multipart field "file"), at most DRIVER_CSV_MAX_BYTES. */
async function uploadedCsv(request: FastifyRequest): Promise<{ name: string; text: string }> {
  if (!request.isMultipart())
    throw fieldError('file', 'send the csv file as multipart/form-data field "file"')
  const tooLarge = () =>
    new HttpError(413, 'PAYLOAD_TOO_LARGE', `file: a csv file can be at most ${String(MB)} MB`)
  let bytes: Buffer
  let name: string
  try {
    const file = await request.file({ limits: { fileSize: DRIVER_CSV_MAX_BYTES, files: 1 } })
    if (!file) throw fieldError('file', 'no file was sent')
    name = file.filename
    bytes = await file.toBuffer()
    if (file.file.truncated) throw tooLarge()
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge()
    throw err
  }
  return { name: name.slice(0, 200), text: decodeCsv(bytes) }
}

/**
 * Drivers of the bus network service (B §7; docs/decisions/0024-drivers.md), under /api/bus: the voltnet dashboard's
 * list (`/v2/dashboard/drivers`) and the limousine list (`/v2/eleccalimo/drivers`), each with one driver, adding one
 * and a csv import. Every call is scoped to the caller's entity.
 */
export function driverRoutes(app: FastifyInstance, userInfoHost: string | null): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  for (const [base, label, variant] of [
    ['/v2/dashboard/drivers', 'dashboard', 'dashboard'],
    ['/v2/eleccalimo/drivers', 'limousine', 'eleccalimo'],
  ] as const) {
    r.get(
      `${base}/:driverId/user-info`,
      {
        config: read,
        schema: {
          tags,
          summary: `The driver's profile (${label}) from the external user-info host (POST {host}/users/getinfo); off when no host is configured, unavailable when it fails`,
          params: driverParams,
          response: { 200: driverUserInfoResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await driverUserInfo(
          app.db,
          callerOf(request),
          request.params.driverId,
          variant,
          userInfoHost,
          request.log,
        ),
      }),
    )

    r.get(
      `${base}/:driverId`,
      {
        config: read,
        schema: {
          tags,
          summary: `One driver (${label}) with their charging totals and newest sessions`,
          params: driverParams,
          response: { 200: driverDetailResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await getDriver(app.db, callerOf(request), request.params.driverId) }),
    )

    r.post(
      base,
      {
        config: edit,
        schema: {
          tags,
          summary: `Add one driver (${label}); a mobile number the entity already has is refused`,
          body: newDriverRequest,
          response: { 200: newDriverResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { driver: await addDriver(app.db, callerOf(request), request.body) } }),
    )

    r.post(
      `${base}/import`,
      {
        config: edit,
        bodyLimit: DRIVER_CSV_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          summary: `Import drivers (${label}) from a csv file (multipart field "file", at most ${String(MB)} MB and 1,000 rows): the valid rows are added, the others reported; dryRun=true only reports`,
          consumes: ['multipart/form-data'],
          querystring: driverImportQuery,
          response: { 200: driverImportResponse, ...errorResponses },
        },
      },
      async (request) => {
        const file = await uploadedCsv(request)
        const report = await importDrivers(app.db, callerOf(request), file, request.query.dryRun === 'true')
        return { data: { report } }
      },
    )
  }

  r.get(
    '/v2/dashboard/drivers',
    {
      config: read,
      schema: {
        tags,
        summary: "The entity's drivers: filters, created range (ms, inclusive), sort and paging (B §7)",
        querystring: driverDashboardQuery,
        response: { 200: driverListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { drivers: await listDashboardDrivers(app.db, callerOf(request), request.query) },
    }),
  )

  r.get(
    '/v2/eleccalimo/drivers',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Every matching driver of the entity, newest first; the portal pages, sorts and ranges (B §7)',
        querystring: limoDriverQuery,
        response: { 200: limoDriverListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await listLimoDrivers(app.db, callerOf(request), request.query) }),
  )
}
