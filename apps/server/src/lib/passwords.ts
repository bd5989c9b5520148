import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt from node:crypto (no native dependency). N=2^15 costs ~50 ms here: slow for a guesser, fine for a login.
const N = 32768
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAX_MEM = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) => {
      if (err) reject(err)
      else resolve(key)
    })
  })
}

/** Stored as `scrypt$N$r$p$salt$hash` (base64url), so parameters can rise later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * A hash to verify against when the username does not exist, so an unknown user costs the same time as a wrong
 * password and the answer reveals nothing.
 */
let dummyHash: Promise<string> | null = null
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'))
  return dummyHash
}
