import { createHash, randomBytes, randomUUID } from 'node:crypto'

/** 256 bits of randomness, URL-safe. The server keeps only its SHA-256. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function newUuid(): string {
  return randomUUID()
}
