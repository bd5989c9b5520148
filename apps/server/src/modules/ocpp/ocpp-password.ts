import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/**
 * OCPP passwords (security profile 1: HTTP Basic at the upgrade). The server generates them, 24 characters drawn
 * uniformly from 62 (143 bits), so a fast salted SHA-256 is enough to keep them safe at rest, and checking one costs
 * microseconds: after a restart, thousands of chargers reconnect at once, and a slow hash (scrypt at ~50 ms) would
 * keep a core busy for minutes. Operators never choose one (docs/decisions/0102-ocpp-central-system.md).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const GENERATED_PASSWORD_LENGTH = 24

export function generateOcppPassword(): string {
  let out = ''
  for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) out += ALPHABET.charAt(randomInt(ALPHABET.length))
  return out
}

const digest = (salt: string, password: Buffer) =>
  createHash('sha256').update(salt, 'utf8').update(password).digest('hex')

/** `salt` is for seeded demo data only, which must come out the same on every run. */
export function hashOcppPassword(password: string | Buffer, salt = randomBytes(16).toString('hex')): string {
  return `sha256$${salt}$${digest(salt, Buffer.isBuffer(password) ? password : Buffer.from(password, 'utf8'))}`
}

/** Whether a password (as the charger sent it, bytes) matches a stored hash; a malformed hash never matches. */
export function verifyOcppPassword(password: Buffer, stored: string | null): boolean {
  if (stored === null) return false
  const [scheme, salt, hex] = stored.split('$')
  if (scheme !== 'sha256' || !salt || !hex || hex.length !== 64) return false
  const expected = Buffer.from(hex, 'hex')
  const actual = Buffer.from(digest(salt, password), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
