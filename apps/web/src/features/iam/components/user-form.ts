import type { UserCreateRequest, UserUpdateRequest } from '@portal/contract'
import type { GrantRow } from './grants-editor'
import { grantInputsOf } from './grants-editor'

/** The user form as typed: text fields are strings (blank means none), access is rows. */
export interface UserFormValue {
  name: string
  username: string
  email: string
  phone_number: string
  /** 1 admin, 2 authorised; owners (0) are shown but not changed here. */
  relation: number
  grants: GrantRow[]
}

export const USER_FORM_FIELDS = ['name', 'username', 'email', 'phone_number', 'relation', 'grants']

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
