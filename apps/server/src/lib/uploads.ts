import { IMAGE_UPLOAD_MAX_BYTES } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors'
import type { FileStorage } from './storage'

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

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}

/** The names storeImage gives: 32 hex characters and one of our extensions; anything else is not ours. */
const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/

/** Stores an uploaded image under an unguessable name in the uploads storage and returns the URL it is served from. */
export async function storeImage(storage: FileStorage, bytes: Buffer): Promise<string> {
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
  const name = `${randomBytes(16).toString('hex')}.${ext}`
  await storage.put(name, bytes, CONTENT_TYPES[ext])
  return `/uploads/${name}`
}

/**
 * GET /uploads/{name}: uploaded images from the shared storage, so every instance serves every image. A name never
 * changes content (it is random per upload), hence the year-long immutable caching.
 */
export function uploadRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params
      const ext = UPLOAD_NAME.exec(name)?.[1]
      const file = ext === undefined ? null : await storage.get(name)
      if (ext === undefined || !file) throw new HttpError(404, 'NOT_FOUND', 'No such uploaded file')
      return reply
        .header('content-type', CONTENT_TYPES[ext])
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.body)
    },
  )
}
