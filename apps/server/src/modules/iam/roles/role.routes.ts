import {
  deletedResponse,
  numericIdParams,
  roleFilterRequest,
  roleFilterResponse,
  roleResponse,
  roleSearchResponse,
  roleWriteRequest,
  searchRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { createRole, deleteRole, filterRoles, getRole, searchRoles, updateRole } from './role.service'

const tags = ['iam']
const read = { config: { permission: { app: 'iam', resource: 'roles/*', action: 'read' } } } as const
const edit = { config: { permission: { app: 'iam', resource: 'roles/*', action: 'edit' } } } as const

export function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.post(
    '/iam/roles/filter',
    {
      ...read,
      schema: {
        tags,
        summary: "The entity's roles, paged",
        body: roleFilterRequest,
        response: { 200: roleFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterRoles(db, callerOf(request), request.body) }),
  )
  r.post(
    '/iam/roles/search',
    {
      ...read,
      schema: {
        tags,
        summary: 'Roles by name, for pickers',
        body: searchRequest,
        response: { 200: roleSearchResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { roles: await searchRoles(db, callerOf(request), request.body.query, request.body.limit) },
    }),
  )
  r.post(
    '/iam/roles',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Create a role from policies',
        body: roleWriteRequest,
        response: { 200: roleResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createRole(db, callerOf(request), request.body) }),
  )
  r.get(
    '/iam/roles/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One role',
        params: numericIdParams,
        response: { 200: roleResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getRole(db, callerOf(request), request.params.id) }),
  )
  r.put(
    '/iam/roles/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Change a role',
        params: numericIdParams,
        body: roleWriteRequest,
        response: { 200: roleResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateRole(db, callerOf(request), request.params.id, request.body) }),
  )
  r.delete(
    '/iam/roles/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Delete a role no user holds',
        params: numericIdParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deleteRole(db, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )
}
