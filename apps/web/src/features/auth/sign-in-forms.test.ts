import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { checkCode, checkPasswordStep } from './login-forms'
import { firstPasswordForm, resetPasswordForm } from './password-forms'

const t = i18n.t.bind(i18n)

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join('.')] ??= issue.message
  return out
}

describe('the sign-in forms', () => {
  it('asks for the username and the password in the person’s words', () => {
    expect(checkPasswordStep(t, { username: '  ', password: '' })).toEqual({
      ok: false,
      errors: { username: 'Enter your username', password: 'Enter your password' },
    })
    expect(checkPasswordStep(t, { username: ' vending ', password: 'x' })).toEqual({
      ok: true,
      value: { username: 'vending', password: 'x' },
    })
    expect(checkPasswordStep(t, { username: 'u'.repeat(101), password: 'x' })).toEqual({
      ok: false,
      errors: { username: 'Use at most 100 characters' },
    })
  })

  it('takes a six-digit code typed with spaces', () => {
    expect(checkCode(t, { code: '123 456' })).toEqual({ ok: true, value: { code: '123456' } })
    expect(checkCode(t, { code: '12345' })).toEqual({ ok: false, errors: { code: 'Enter the 6-digit code' } })
  })

  it('checks a new password by the shared rule and its confirmation, under the request’s names', () => {
    expect(
      messages(resetPasswordForm(t, 'vending').safeParse({ password: 'short', confirm: 'other' })),
    ).toEqual({
      password: 'Use at least 8 characters',
      confirm: 'The passwords do not match',
    })
    expect(
      messages(
        firstPasswordForm(t, 'vending').safeParse({
          current_password: '',
          new_password: 'I-am-vending-1',
          confirm: 'I-am-vending-1',
        }),
      ),
    ).toEqual({
      current_password: 'Enter your current password',
      new_password: 'The password must not contain your username',
    })
  })
})
