import { describe, expect, it } from 'vitest'
import { newPasswordErrors } from './new-password-fields'

const t = (key: string) => key

describe('newPasswordErrors', () => {
  it.each([
    [{ password: '', confirm: '' }, { password: 'password.required' }],
    [{ password: 'short', confirm: 'short' }, { password: 'Use at least 8 characters' }],
    [
      { password: 'I-am-vending-99', confirm: 'I-am-vending-99' },
      { password: 'The password must not contain your username' },
    ],
    [{ password: 'Harbour-Lights-77', confirm: 'Harbour-Lights-78' }, { confirm: 'password.mismatch' }],
    [{ password: 'Harbour-Lights-77', confirm: 'Harbour-Lights-77' }, {}],
  ])('%j → %j', (value, errors) => {
    expect(newPasswordErrors(value, 'vending', t)).toEqual(errors)
  })
})
