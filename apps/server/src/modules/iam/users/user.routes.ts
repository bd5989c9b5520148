import '@fastify/multipart'
import {
  childEntitiesFilterRequest,
  childEntitiesFilterResponse,
  imageUploadResponse,
  IMAGE_UPLOAD_MAX_BYTES,
  searchRequest,
  userCreateRequest,
  userCreateResponse,
  userFilterRequest,
  userFilterResponse,
  userIdParams,
  userListItemResponse,
  userResponse,
  userSearchResponse,
  userStatusUpdateRequest,
  userUpdateRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../../lib/errors'
import { callerOf } from '../../../lib/request-meta'
import { storeImage } from '../../../lib/uploads'
import { errorResponses } from '../../../plugins/responses'
import {
  childEntities,
  createUser,
  filterUsers,
  searchUsers,
  updateUser,
  updateUserStatus,
} from './user.admin.service'
import { getVisibleUser } from './user.service'

const tags = ['iam']
const signedIn = { config: { permission: 'authenticated' } } as const
const read = { config: { permission: { app: 'iam', resource: 'users/*', action: 'read' } } } as const
const edit = { config: { permission: { app: 'iam', resource: 'users/*', action: 'edit' } } } as const

export function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.get(
    '/iam/users/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One user by uuid, with the entities they belong to (themself, or users of the entity)',
        params: userIdParams,
        response: { 200: userResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getVisibleUser(db, callerOf(request).auth, request.params.id) }),
  )

  r.post(
    '/iam/users/filter',
    {
      ...read,
      schema: {
        tags,
        summary: 'Users of the current entity, paged',
        body: userFilterRequest,
        response: { 200: userFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterUsers(db, callerOf(request), request.body) }),
  )

  r.post(
    '/iam/users/search',
    {
      // Entity settings' "Add user" picks a member for a payment option: payment editors find members too.
      config: {
        permission: {
          anyOf: [
            { app: 'iam', resource: 'users/*', action: 'read' },
            { app: 'payment', resource: 'payment-configs/*', action: 'edit' },
          ],
        },
      },
      schema: {
        tags,
        summary: 'Members of the current entity by name, username, email or phone',
        body: searchRequest,
        response: { 200: userSearchResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { users: await searchUsers(db, callerOf(request), request.body.query, request.body.limit) },
    }),
  )

  r.post(
    '/iam/users',
    {
      ...edit,
      schema: {
        tags,
        summary:
          'Add a user to the current entity (Pending Activation, with a one-time link to set a password)',
        body: userCreateRequest,
        response: { 200: userCreateResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createUser(db, callerOf(request), request.body) }),
  )

  r.put(
    '/iam/users/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "Change a user: their own details, or (with edit on users) anyone's, with relation and grants",
        params: userIdParams,
        body: userUpdateRequest,
        response: { 200: z.union([userListItemResponse, z.object({ data: z.null() })]), ...errorResponses },
      },
    },
    async (request) => ({ data: await updateUser(db, callerOf(request), request.params.id, request.body) }),
  )

  r.put(
    '/iam/users/:id/status/update',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Set a user status: 1 Active, 2 Pending Activation, 3 Pending Reset, 4 Inactive',
        params: userIdParams,
        body: userStatusUpdateRequest,
        response: { 200: userListItemResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateUserStatus(db, callerOf(request), request.params.id, request.body.status),
    }),
  )

  r.post(
    '/iam/users/:id/child-entities/filter',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Entities below those the user owns or administers (data.count)',
        params: userIdParams,
        body: childEntitiesFilterRequest,
        response: { 200: childEntitiesFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await childEntities(
        db,
        callerOf(request),
        request.params.id,
        request.body.limit,
        request.body.offset,
      ),
    }),
  )

  r.post(
    '/iam/img-upload',
    {
      ...signedIn,
      bodyLimit: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary:
          'Upload an image (PNG, JPEG, GIF or WebP, at most 2 MB) as multipart field "file"; answers its URL',
        consumes: ['multipart/form-data'],
        response: { 200: imageUploadResponse, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new HttpError(400, 'BAD_REQUEST', 'file: send the image as multipart/form-data')
      const file = await request.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES + 1, files: 1 } })
      if (!file) throw new HttpError(400, 'BAD_REQUEST', 'file: no file was sent')
      const bytes = await file.toBuffer()
      if (file.file.truncated)
        throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'file: images can be at most 2 MB')
      return { data: { url: await storeImage(app.storage.uploads, bytes) } }
    },
  )
}
