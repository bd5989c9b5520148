import {
  numericIdParams,
  searchRequest,
  setFilterRequest,
  setFilterResponse,
  setParentsResponse,
  setResourceSearchRequest,
  setResourceSearchResponse,
  setResponse,
  setSearchResponse,
  setWriteRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  createSet,
  filterSets,
  getSet,
  searchSetResources,
  searchSets,
  setParents,
  updateSet,
} from './set.service'

const tags = ['iam']
const read = { config: { permission: { app: 'iam', resource: 'sets/*', action: 'read' } } } as const
const edit = { config: { permission: { app: 'iam', resource: 'sets/*', action: 'edit' } } } as const
// The list screens filter by set (machines), so whoever may read machines may read the set names too.
const readOrMachines = {
  config: {
    permission: {
      anyOf: [
        { app: 'iam', resource: 'sets/*', action: 'read' },
        { app: 'iot', resource: 'machines/*', action: 'read' },
      ],
    },
  },
} as const

export function setRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.post(
    '/iam/sets/filter',
    {
      ...readOrMachines,
      schema: {
        tags,
        summary: 'Sets of the current entity, paged',
        body: setFilterRequest,
        response: { 200: setFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterSets(db, callerOf(request), request.body) }),
  )
  r.post(
    '/iam/sets/search',
    {
      ...readOrMachines,
      schema: {
        tags,
        summary: 'Sets by name or code',
        body: searchRequest,
        response: { 200: setSearchResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { sets: await searchSets(db, callerOf(request), request.body.query, request.body.limit) },
    }),
  )
  r.post(
    '/iam/sets/search/resource',
    {
      ...read,
      schema: {
        tags,
        summary: 'Resources of the entity (machines) to put in a set',
        body: setResourceSearchRequest,
        response: { 200: setResourceSearchResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        resources: await searchSetResources(db, callerOf(request), request.body.query, request.body.limit),
      },
    }),
  )
  r.post(
    '/iam/sets',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Create a set',
        body: setWriteRequest,
        response: { 200: setResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createSet(db, callerOf(request), request.body) }),
  )
  r.get(
    '/iam/sets/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One set with its resources and sub-sets',
        params: numericIdParams,
        response: { 200: setResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getSet(db, callerOf(request), request.params.id) }),
  )
  r.get(
    '/iam/sets/:id/parents',
    {
      ...read,
      schema: {
        tags,
        summary: 'The chain of parent sets, from the root',
        params: numericIdParams,
        response: { 200: setParentsResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { parents: await setParents(db, callerOf(request), request.params.id) } }),
  )
  r.put(
    '/iam/sets/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Change a set',
        params: numericIdParams,
        body: setWriteRequest,
        response: { 200: setResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateSet(db, callerOf(request), request.params.id, request.body) }),
  )
}
