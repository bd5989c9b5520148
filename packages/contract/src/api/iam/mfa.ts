import { z } from 'zod'
import { envelope, epochMs } from '../envelope'

/** A one-time code: 6 digits (authenticator apps and SMS alike). Spaces typed by the user are ignored. */
export const oneTimeCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'))

const challenge = z.string().min(1, 'mfa_token is required').max(200)

/** POST /iam/authenticate: the authenticator code for the challenge of the password step. */
export const authenticateRequest = z.strictObject({ mfa_token: challenge, code: oneTimeCode })
export type AuthenticateRequest = z.input<typeof authenticateRequest>

/**
 * POST /iam/sms-login: sends a one-time code by SMS, either as the second step of a password login
 * (`mfa_token`) or as a login of its own (`username`).
 */
export const smsLoginRequest = z.union([
  z.strictObject({ mfa_token: challenge }),
  z.strictObject({ username: z.string().trim().min(1, 'Username is required').max(100) }),
])
export type SmsLoginRequest = z.input<typeof smsLoginRequest>

export const smsLoginResponse = envelope(
  z.object({
    /** The challenge to present with the code (the same one when it came from the password step). */
    mfa_token: z.string(),
    expires_at: epochMs,
    /** The last digits of the number the code went to, when the caller has already proved who they are. */
    phone_hint: z.string().nullable(),
  }),
)
export type SmsLoginData = z.infer<typeof smsLoginResponse>['data']

export const verifySmsLoginRequest = z.strictObject({ mfa_token: challenge, code: oneTimeCode })
export type VerifySmsLoginRequest = z.input<typeof verifySmsLoginRequest>

/** PUT /iam/users/{id}/authenticator/register → a new secret to confirm. */
export const authenticatorRegisterResponse = envelope(
  z.object({ secret: z.string(), otpauth_uri: z.string() }),
)
export type AuthenticatorRegistration = z.infer<typeof authenticatorRegisterResponse>['data']

export const authenticatorConfirmRequest = z.strictObject({ code: oneTimeCode })

/** Disabling needs proof: a current code, or the password. */
export const authenticatorDisableRequest = z.union([
  z.strictObject({ code: oneTimeCode }),
  z.strictObject({ password: z.string().min(1, 'password is required').max(200) }),
])

export const mfaStatusResponse = envelope(
  z.object({ mfa_primary_mode: z.enum(['none', 'authenticator', 'sms']) }),
)
