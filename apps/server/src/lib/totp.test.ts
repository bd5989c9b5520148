import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, otpauthUri, totpAt, totpStep, verifyTotp } from './totp'

// RFC 6238 appendix B, SHA-1: the secret is the ASCII "12345678901234567890"; codes are the last 6 of 8 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'))

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpAt(RFC_SECRET, totpStep(seconds * 1000))).toBe(code)
  })

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 42])
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes)
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
  })

  it('accepts one step of clock skew either way, not two', () => {
    const now = 1_800_000_000_000
    const step = totpStep(now)
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step), now)).toBe(step)
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 1), now)).toBe(step - 1)
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + 1), now)).toBe(step + 1)
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 2), now)).toBeNull()
    expect(verifyTotp(RFC_SECRET, '000000', now)).toBeNull()
  })

  it('refuses a code from a step already used', () => {
    const now = 1_800_000_000_000
    const step = totpStep(now)
    const code = totpAt(RFC_SECRET, step)
    expect(verifyTotp(RFC_SECRET, code, now, step)).toBeNull()
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 1), now, step - 1)).toBeNull()
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + 1), now, step)).toBe(step + 1)
  })

  it('builds an otpauth URI an authenticator app reads', () => {
    expect(otpauthUri('ABC', 'vending')).toBe(
      'otpauth://totp/Operator%20Portal%3Avending?secret=ABC&issuer=Operator+Portal&algorithm=SHA1&digits=6&period=30',
    )
  })
})
