import { IMAGE_UPLOAD_MAX_BYTES } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { HttpError } from './errors'

/** The image kinds we accept, recognised by their first bytes (the declared content type is not trusted). */
const SIGNATURES: { ext: string; matches: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'gif',
    matches: (b) =>
      b.subarray(0, 6).toString('ascii') === 'GIF87a' || b.subarray(0, 6).toString('ascii') === 'GIF89a',
  },
  {
    ext: 'webp',
    matches: (b) =>
      b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP',
  },
]

export function imageKind(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.ext ?? null
}

/** Stores an uploaded image under an unguessable name and returns the URL it is served from. */
export function storeImage(dir: string, bytes: Buffer): string {
  if (bytes.length === 0) throw new HttpError(400, 'BAD_REQUEST', 'file: the file is empty')
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) {
    throw new HttpError(
      413,
      'PAYLOAD_TOO_LARGE',
      `file: images can be at most ${String(IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024)} MB`,
    )
  }
  const ext = imageKind(bytes)
  if (ext === null)
    throw new HttpError(400, 'BAD_REQUEST', 'file: only PNG, JPEG, GIF or WebP images can be uploaded')
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(16).toString('hex')}.${ext}`
  writeFileSync(join(dir, name), bytes)
  return `/uploads/${name}`
}
