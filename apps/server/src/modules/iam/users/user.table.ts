import type { Generated, Insertable, Selectable } from 'kysely'

export interface AppUserTable {
  id: Generated<number>
  user_uuid: string
  name: string
  username: string
  email: string | null
  phone_number: string | null
  image_url: string | null
  /** scrypt$N$r$p$salt$hash — see lib/passwords.ts. */
  password_hash: string
  /** User status of A §4: 1 Active, 2 Pending Activation, 3 Pending Reset, 4 Inactive. */
  status: number
  /** 0/1: the platform administrator flag (is_beep_admin in the login response). */
  is_platform_admin: number
  mfa_primary_mode: string
  /** Base32 TOTP secret once an authenticator is confirmed (step 2). */
  totp_secret: string | null
  /** A secret registered but not yet confirmed with a code. */
  totp_pending_secret: string | null
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: number | null
  password_changed_at: number | null
  is_initial_login: number
  /** The entity a new session starts in. */
  default_entity_code: string | null
  /** 'person', or 'service' for a service account (never signs in; calls the API with its keys). */
  kind: Generated<string>
  created_at: number
  updated_at: number
}

export interface MembershipTable {
  user_id: number
  entity_code: string
  /** 0 owned, 1 admin, 2 authorised (A §3). */
  relation: number
  created_at: number
}

export type AppUserRow = Selectable<AppUserTable>
export type NewAppUserRow = Insertable<AppUserTable>
export type MembershipRow = Selectable<MembershipTable>
