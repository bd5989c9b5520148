import type { UserCreateRequest, UserUpdateRequest } from '@portal/contract'
import { userCreateRequest, userUpdateRequest } from '@portal/contract'
import { z } from 'zod'
import type { GrantRow } from './grants-editor'
import { grantInputsOf } from './grants-editor'

const grantRow = z.object({
  key: z.string(),
  kind: z.enum(['role', 'policy']),
  refId: z.number().nullable(),
  refName: z.string().optional(),
  setId: z.number().nullable(),
  setName: z.string().optional(),
})

/** The user form as typed: text fields are strings (blank means none), access is rows. */
const userFormFields = z.object({
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** 1 admin, 2 authorised; owners (0) are shown but not changed here. */
  relation: z.number(),
  grants: z.array(grantRow),
})
export type UserFormValue = z.input<typeof userFormFields> & { grants: GrantRow[] }

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim())

/** The body of POST /iam/users, to be checked with the contract's userCreateRequest. */
export function userCreateBody(v: UserFormValue): UserCreateRequest {
  return {
    name: v.name,
    username: v.username,
    email: blankToNull(v.email),
    phone_number: blankToNull(v.phone_number),
    relation: v.relation as UserCreateRequest['relation'],
    grants: grantInputsOf(v.grants),
  }
}

/**
 * The body of PUT /iam/users/{uuid}. Relation and grants are sent only when the editor may change them: the server
 * refuses them otherwise, and an owner's relation cannot change here (owners hold everything, so no grants either).
 */
export function userUpdateBody(v: UserFormValue, options: { access: boolean }): UserUpdateRequest {
  return {
    name: v.name,
    email: blankToNull(v.email),
    phone_number: blankToNull(v.phone_number),
    ...(options.access ? { relation: v.relation as 1 | 2, grants: grantInputsOf(v.grants) } : {}),
  }
}

/**
 * The form's schemas: the values as typed, turned into the request and checked by the contract's schema, so the
 * form says exactly what the server would, beside the same fields (`email`, `grants.0.role_id`).
 */
export const userCreateForm = userFormFields.transform(userCreateBody).pipe(userCreateRequest)

export function userUpdateForm(access: boolean) {
  return userFormFields.transform((v) => userUpdateBody(v, { access })).pipe(userUpdateRequest)
}
