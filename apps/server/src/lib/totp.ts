import { createHmac, randomBytes } from 'node:crypto'

// RFC 6238 TOTP with HMAC-SHA1, 30-second steps and 6 digits: what every authenticator app reads from an
// otpauth:// URI. Written here (40 lines) rather than pulled in, so the clock-skew and replay rules are ours.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
export const TOTP_STEP_S = 30
const DIGITS = 6

export function base32Encode(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET.charAt((value >>> (bits - 5)) & 31)
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET.charAt((value << (5 - bits)) & 31)
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = ALPHABET.indexOf(char)
    if (index < 0) throw new Error('Invalid base32 secret')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new 160-bit secret, base32 as authenticator apps expect. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0')
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_S)
}

export function totp(secret: string, nowMs = Date.now()): string {
  return totpAt(secret, totpStep(nowMs))
}

/**
 * The time step the code belongs to, allowing one step of clock skew either way, or null. A step at or before
 * `lastUsedStep` is refused, so a code (or an older one) cannot be replayed.
 */
export function verifyTotp(
  secret: string,
  code: string,
  nowMs = Date.now(),
  lastUsedStep: number | null = null,
): number | null {
  const current = totpStep(nowMs)
  for (const step of [current, current - 1, current + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue
    if (totpAt(secret, step) === code) return step
  }
  return null
}

export function otpauthUri(secret: string, account: string, issuer = 'Operator Portal'): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(TOTP_STEP_S),
  })
  return `otpauth://totp/${label}?${params.toString()}`
}
