import { z } from 'zod'
import { mfaModes } from '../../enums/iam'
import { catalogueSchema, envelope, epochMs } from '../envelope'

export const loginRequest = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
})
export type LoginRequest = z.infer<typeof loginRequest>

export const mfaModeSchema = catalogueSchema(mfaModes)

/** Login response fields of A §3. When MFA is on, `token` and `refresh_token` are empty until the second step. */
export const loginData = z.object({
  user_uuid: z.string(),
  is_beep_admin: z.boolean(),
  token: z.string(),
  refresh_token: z.string(),
  refresh_token_expires_at: epochMs,
  entity_code: z.string(),
  mfa_primary_mode: mfaModeSchema,
  is_initial_login: z.boolean(),
  /** The app codes the user may open in the current entity (the portal's viewableApps). */
  can_view_apps: z.array(z.string()),
  /**
   * Ours: when MFA is on, the password step answers with this short-lived challenge instead of tokens; the second
   * step (authenticate, or sms-login then verify-smslogin) presents it with the code.
   */
  mfa_token: z.string().optional(),
})
export type LoginData = z.infer<typeof loginData>
export const loginResponse = envelope(loginData)

/**
 * The spec's `refresh_token`, for API clients. Ours: empty means "the session cookie", which the server sets
 * HttpOnly at sign-in for the portal (docs/decisions/0093-refresh-cookie.md); the server then asks for the CSRF
 * header and answers 400 naming this field when there is no cookie either.
 */
export const refreshTokenRequest = z.strictObject({
  refresh_token: z.string().max(200),
})
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequest>

export const logoutResponse = envelope(z.object({ logged_out: z.boolean() }))
