import {
  submitTestRequest,
  submitTestResponse,
  testGroupFilterRequest,
  testGroupFilterResponse,
  testGroupResponse,
  testInstancesQueryObject,
  testInstancesResponse,
  testPersonFilterRequest,
  testPersonFilterResponse,
  testPersonResponse,
  tiFilterQuery,
  tiFilterRequest,
  tiFilterResponse,
  uuidParams,
} from '@portal/contract'
import type { TiFilterResponse } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Readable } from 'node:stream'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { CSV_BOM } from '../exports/csv'
import {
  filterGroups,
  filterPeople,
  getGroup,
  getPerson,
  submitTest,
  teamInstances,
  tiFilter,
  tiFilterCsv,
} from './reporting.service'

const read = { permission: { app: 'reporting', resource: 'tests/*', action: 'read' } } as const
const edit = { permission: { app: 'reporting', resource: 'tests/*', action: 'edit' } } as const
const tags = ['reporting']

/** A file name made only of safe characters. */
const fileNameOf = (name: string, at: number) =>
  `test-results-${
    name
      .replace(/[^\w-]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'group'
  }-${new Date(at).toISOString().slice(0, 10)}.csv`

/**
 * The reporting service (B §7; docs/decisions/0029-test-programmes.md): a group's test results (`/ti-filter`, also
 * as CSV), the team view (`/testInstances`, Feathers-style), a supervisor's submission, and the programmes' groups
 * and people with their compliance.
 */
export function reportingRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/ti-filter',
    {
      config: read,
      schema: {
        tags,
        summary: "A group's test results, newest first; ?csv=true answers every matching row as a CSV file",
        querystring: tiFilterQuery,
        body: tiFilterRequest,
        response: {
          200: tiFilterResponse.describe('JSON { data, total }, or text/csv with ?csv=true'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      if (request.query.csv === 'true') {
        const { groupName, lines } = await tiFilterCsv(app.db, caller, request.body)
        async function* file() {
          yield CSV_BOM
          yield* lines
        }
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${fileNameOf(groupName, Date.now())}"`)
            .header('cache-control', 'private, no-store')
            // A stream bypasses the response serializer; the schema above types the JSON answer only.
            .send(Readable.from(file()) as unknown as TiFilterResponse)
        )
      }
      return tiFilter(app.db, app.counts, caller, request.body)
    },
  )

  r.get(
    '/testInstances',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A group's team view (Feathers query): timeResultRecorded[$gt] exclusive, [$lte] inclusive, $limit, $skip",
        querystring: testInstancesQueryObject,
        response: { 200: testInstancesResponse, ...errorResponses },
      },
    },
    async (request) => teamInstances(app.db, app.counts, callerOf(request), request.query),
  )

  r.post(
    '/testInstances',
    {
      config: edit,
      schema: {
        tags,
        summary:
          "A supervisor submits a test result for a member of a group, as the group's configuration asks",
        body: submitTestRequest,
        response: { 200: submitTestResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await submitTest(app.db, app.counts, callerOf(request), request.body) }),
  )

  r.post(
    '/groups/filter',
    {
      config: read,
      schema: {
        tags,
        summary: "The entity's test groups with the compliance of their people in the current period",
        body: testGroupFilterRequest,
        response: { 200: testGroupFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterGroups(app.db, callerOf(request), request.body) }),
  )

  r.get(
    '/groups/:uuid',
    {
      config: read,
      schema: {
        tags,
        summary: 'One test group, its configuration and compliance, and the options of its result filters',
        params: uuidParams,
        response: { 200: testGroupResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getGroup(app.db, callerOf(request), request.params.uuid) }),
  )

  r.post(
    '/people/filter',
    {
      config: read,
      schema: {
        tags,
        summary: 'People of a group or programme, by name, with their compliance in the current period',
        body: testPersonFilterRequest,
        response: { 200: testPersonFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterPeople(app.db, callerOf(request), request.body) }),
  )

  r.get(
    '/people/:uuid',
    {
      config: read,
      schema: {
        tags,
        summary: 'One person, their group, and their compliance over the recent periods',
        params: uuidParams,
        response: { 200: testPersonResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getPerson(app.db, callerOf(request), request.params.uuid) }),
  )
}
