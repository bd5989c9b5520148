import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { testConfig } from '../config/env'
import { startS3Server } from '../test-support/s3-server'
import { storageFromConfig } from './storage'
import { storeImage } from './uploads'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

// Two apps on one bucket stand for two instances: an image uploaded through one is served by the other.
describe('/uploads from shared storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    s3 = await startS3Server()
    const config = testConfig('sqlite::memory:', { storageUrl: s3.url })
    a = await buildApp(config, { background: { jobs: false } })
    b = await buildApp(config, { background: { jobs: false } })
  })
  afterAll(async () => {
    await Promise.all([a.close(), b.close()])
    await s3.close()
  })

  it('serves an image stored by another instance, with its type and immutable caching', async () => {
    const url = await storeImage(a.storage.uploads, PNG)
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
    const served = await b.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG)).toBe(true)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers the 404 envelope for a missing image or a name that is not ours', async () => {
    for (const name of [
      `${'a'.repeat(32)}.png`,
      'x.png',
      '..%2F..%2Fetc%2Fpasswd',
      `${'a'.repeat(32)}.svg`,
    ]) {
      const r = await b.inject({ method: 'GET', url: `/uploads/${name}` })
      expect(r.statusCode).toBe(404)
      expect(r.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
  })

  it('is the default local folder without PORTAL_STORAGE_URL', () => {
    const local = storageFromConfig({ uploadsDir: '/tmp/u', exportsDir: '/tmp/e', storageUrl: null })
    expect(local.uploads.constructor.name).toBe('LocalStorage')
  })
})
