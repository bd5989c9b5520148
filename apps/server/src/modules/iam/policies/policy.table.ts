import type { Generated, Selectable } from 'kysely'

export interface IamPolicyTable {
  id: Generated<number>
  /** Null for the preset policies offered to every entity. */
  entity_code: string | null
  name: string
  description: string
  type: 'preset' | 'custom'
  /** JSON array of { app_code, resource_code, action_code }. */
  statements: string
  created_at: number
  updated_at: number
}

export interface IamRoleTable {
  id: Generated<number>
  entity_code: string
  name: string
  description: string
  created_at: number
  updated_at: number
}

export interface IamRolePolicyTable {
  role_id: number
  policy_id: number
}

/** A role or a policy given to a user in an entity; on one set, or on everything when set_id is null. */
export interface IamGrantTable {
  id: Generated<number>
  entity_code: string
  user_id: number
  role_id: number | null
  policy_id: number | null
  set_id: number | null
  created_at: number
}

export type IamPolicyRow = Selectable<IamPolicyTable>
export type IamRoleRow = Selectable<IamRoleTable>
export type IamGrantRow = Selectable<IamGrantTable>
