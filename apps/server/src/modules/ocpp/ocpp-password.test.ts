import { describe, expect, it } from 'vitest'
import {
  generateOcppPassword,
  GENERATED_PASSWORD_LENGTH,
  hashOcppPassword,
  verifyOcppPassword,
} from './ocpp-password'

describe('OCPP passwords', () => {
  it('generates 24 characters of letters and digits, never the same twice', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const p = generateOcppPassword()
      expect(p).toMatch(/^[A-Za-z0-9]{24}$/)
      seen.add(p)
    }
    expect(seen.size).toBe(200)
    expect(GENERATED_PASSWORD_LENGTH).toBe(24)
  })

  it('verifies the password it hashed, and nothing else', () => {
    const stored = hashOcppPassword('demo1234')
    expect(stored).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/)
    expect(stored).not.toContain('demo1234')
    expect(verifyOcppPassword(Buffer.from('demo1234'), stored)).toBe(true)
    expect(verifyOcppPassword(Buffer.from('demo12345'), stored)).toBe(false)
    expect(verifyOcppPassword(Buffer.from(''), stored)).toBe(false)
  })

  it('salts every hash', () => {
    expect(hashOcppPassword('same')).not.toBe(hashOcppPassword('same'))
  })

  it.each([null, '', 'sha256$$', 'md5$aa$bb', `sha256$aa$${'0'.repeat(63)}`, 'sha256$aa$zz'])(
    'never matches a missing or malformed hash: %j',
    (stored) => expect(verifyOcppPassword(Buffer.from('x'), stored)).toBe(false),
  )

  it('compares bytes, so a binary password (as the OCPP security whitepaper recommends) works', () => {
    const bytes = Buffer.from([0, 255, 10, 13, 58])
    expect(verifyOcppPassword(bytes, hashOcppPassword(bytes))).toBe(true)
  })
})
