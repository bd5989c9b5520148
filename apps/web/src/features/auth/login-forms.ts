import type { TFunction } from 'i18next'

/*
 * The sign-in page's checks. They check what the contract's requests check (loginRequest, oneTimeCode), with the
 * page's own words in the user's language ("Enter your username", where the API says "Username is required").
 * The sign-in page is the one form written without react-hook-form and zod: it must be usable after no more than
 * the initial JavaScript budget (issue 12 §3), and those two weigh 36 kB on a page of three fields
 * (docs/decisions/0078-forms-in-iam-and-sign-in.md).
 */

export type FieldErrors<K extends string> = Partial<Record<K, string>>

/** The checked values, or the message of each field that fails (the first field first). */
export type Checked<V, K extends string> = { ok: true; value: V } | { ok: false; errors: FieldErrors<K> }

const USERNAME_MAX = 100
const PASSWORD_MAX = 200

function username(t: TFunction, value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return t('login.usernameRequired')
  if (trimmed.length > USERNAME_MAX) return t('login.usernameTooLong', { max: USERNAME_MAX })
  return undefined
}

function result<V, K extends string>(value: V, errors: FieldErrors<K>): Checked<V, K> {
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors }
}

/** POST /iam/login: username and password, both required. */
export function checkPasswordStep(
  t: TFunction,
  input: { username: string; password: string },
): Checked<{ username: string; password: string }, 'username' | 'password'> {
  const errors: FieldErrors<'username' | 'password'> = {}
  const name = username(t, input.username)
  if (name) errors.username = name
  if (input.password === '') errors.password = t('login.passwordRequired')
  else if (input.password.length > PASSWORD_MAX)
    errors.password = t('login.passwordTooLong', { max: PASSWORD_MAX })
  return result({ username: input.username.trim(), password: input.password }, errors)
}

/** POST /iam/sms-login with a username (a sign-in by SMS code). */
export function checkSmsUsername(
  t: TFunction,
  input: { username: string },
): Checked<{ username: string }, 'username'> {
  const errors: FieldErrors<'username'> = {}
  const name = username(t, input.username)
  if (name) errors.username = name
  return result({ username: input.username.trim() }, errors)
}

/** POST /iam/authenticate and /iam/verify-smslogin: six digits, spaces allowed while typing. */
export function checkCode(t: TFunction, input: { code: string }): Checked<{ code: string }, 'code'> {
  const code = input.code.replace(/\s+/g, '')
  return result({ code }, /^\d{6}$/.test(code) ? {} : { code: t('login.codeRequired') })
}
