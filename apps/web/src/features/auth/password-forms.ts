import type { TFunction } from 'i18next'
import { z } from 'zod'
import { newPasswordErrors } from './new-password-fields'

/*
 * The password forms' schemas: the contract's password rule (passwordProblem, as changePasswordRequest and
 * resetPasswordRequest check it) and a confirmation that must match, under the names the requests give the fields.
 */

/** A new password and its confirmation: the shared password rule, and the two must match. */
function checkNewPassword(
  value: { password: string; confirm: string },
  path: string,
  username: string,
  t: TFunction,
  ctx: z.RefinementCtx,
) {
  const errors = newPasswordErrors(value, username, t)
  if (errors.password !== undefined) ctx.addIssue({ code: 'custom', path: [path], message: errors.password })
  if (errors.confirm !== undefined)
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: errors.confirm })
}

/** POST /iam/reset-password/{ott}: the new password (named as the request names it) and its confirmation. */
export function resetPasswordForm(t: TFunction, username: string) {
  return z
    .object({ password: z.string(), confirm: z.string() })
    .superRefine((v, ctx) => checkNewPassword(v, 'password', username, t, ctx))
}

/** POST /iam/users/change-password at the first sign-in: the given password, then the new one twice. */
export function firstPasswordForm(t: TFunction, username: string) {
  return z
    .object({ current_password: z.string(), new_password: z.string(), confirm: z.string() })
    .superRefine((v, ctx) => {
      if (v.current_password === '')
        ctx.addIssue({ code: 'custom', path: ['current_password'], message: t('password.currentRequired') })
      checkNewPassword({ password: v.new_password, confirm: v.confirm }, 'new_password', username, t, ctx)
    })
}
