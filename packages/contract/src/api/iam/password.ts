import { z } from 'zod'
import { envelope, epochMs } from '../envelope'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 200

/**
 * The password rule (A §4 reset, step 2): at least 8 characters, at most 200, and not containing the user name.
 * Returns the message to show, or null when the password is acceptable. Shared by the server and the form.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${String(PASSWORD_MIN_LENGTH)} characters`
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${String(PASSWORD_MAX_LENGTH)} characters`
  if (password.trim() === '') return 'The password cannot be only spaces'
  const name = username.trim().toLowerCase()
  if (name.length >= 3 && password.toLowerCase().includes(name))
    return 'The password must not contain your username'
  return null
}

export const newPassword = z.string().min(1, 'password is required').max(PASSWORD_MAX_LENGTH)

/** POST /iam/users/reset-password-link: a one-time link for a user to set a new password. */
export const resetPasswordLinkRequest = z.strictObject({ user_uuid: z.string().trim().min(1).max(64) })
export const resetPasswordLinkResponse = envelope(
  z.object({ reset_link: z.string(), expires_at: epochMs, status: z.number().int() }),
)

export const ottParams = z.strictObject({ ott: z.string().trim().min(10).max(200) })

/** GET /iam/reset-password/{ott}: whether the link can still be used, and for whom. */
export const resetPasswordCheckResponse = envelope(z.object({ username: z.string(), expires_at: epochMs }))

export const resetPasswordRequest = z.strictObject({ password: newPassword })
export const resetPasswordResponse = envelope(z.object({ password_changed: z.boolean() }))

/** POST /iam/users/change-password: the signed-in user's own password (first login, or any time). */
export const changePasswordRequest = z.strictObject({
  current_password: z.string().min(1, 'current_password is required').max(PASSWORD_MAX_LENGTH),
  new_password: newPassword,
})
