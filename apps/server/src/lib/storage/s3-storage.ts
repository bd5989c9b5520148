import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertValidKey, type FileStorage } from './file-storage'

/**
 * PORTAL_STORAGE_URL, parsed: `s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-west-1&tls=1&path_style=1`
 * (docs/decisions/0094-file-storage.md). Key and secret are URL-encoded; without them the SDK's default
 * credential chain (environment, instance role) is used.
 */
export interface S3Location {
  endpoint: string
  bucket: string
  /** Prepended to every key, '' or ending in '/'. */
  prefix: string
  region: string
  forcePathStyle: boolean
  credentials: { accessKeyId: string; secretAccessKey: string } | null
}

/** Throws with a message that never repeats the URL, which carries a secret. */
export function parseStorageUrl(url: string): S3Location {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new Error('PORTAL_STORAGE_URL is not a valid URL')
  }
  if (u.protocol !== 's3:') throw new Error('PORTAL_STORAGE_URL must start with s3://')
  if (u.hostname === '') throw new Error('PORTAL_STORAGE_URL needs a host')
  const [bucket = '', ...rest] = u.pathname.replace(/^\/+/, '').split('/')
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error('PORTAL_STORAGE_URL needs a bucket name as its first path segment')
  }
  const prefix = rest.filter((s) => s !== '').join('/')
  const tls = u.searchParams.get('tls') ?? '1'
  const pathStyle = u.searchParams.get('path_style') ?? '1'
  if (!['0', '1'].includes(tls) || !['0', '1'].includes(pathStyle)) {
    throw new Error('PORTAL_STORAGE_URL: tls and path_style must be 0 or 1')
  }
  const user = decodeURIComponent(u.username)
  const password = decodeURIComponent(u.password)
  if ((user === '') !== (password === '')) {
    throw new Error('PORTAL_STORAGE_URL: give both the access key and the secret, or neither')
  }
  return {
    endpoint: `${tls === '1' ? 'https' : 'http'}://${u.host}`,
    bucket,
    prefix: prefix === '' ? '' : `${prefix}/`,
    region: u.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: pathStyle === '1',
    credentials: user === '' ? null : { accessKeyId: user, secretAccessKey: password },
  }
}

export function s3ClientFor(location: S3Location): S3Client {
  return new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    // S3-compatible servers (MinIO, s3rver, Ceph) are addressed as host/bucket, not bucket.host.
    forcePathStyle: location.forcePathStyle,
    // The SDK's default streams bodies as aws-chunked with trailing checksums, which several S3-compatible
    // servers store verbatim; checksum only when an operation requires it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(location.credentials ? { credentials: location.credentials } : {}),
  })
}

/** One key prefix of one bucket: every instance reads and writes the same objects. */
export class S3Storage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** '' or ending in '/'. */
    private readonly prefix: string,
  ) {}

  private objectKey(key: string): string {
    assertValidKey(key)
    return this.prefix + key
  }

  async put(key: string, body: Buffer | Readable, contentType?: string): Promise<void> {
    const Key = this.objectKey(key)
    const common = { Bucket: this.bucket, Key, ...(contentType ? { ContentType: contentType } : {}) }
    // An S3 object appears only when its PutObject completes, so readers never see part of it.
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ ...common, Body: body, ContentLength: body.length }))
      return
    }
    // PutObject needs the length of a stream up front: spool it to a temporary file first
    // (@aws-sdk/lib-storage's multipart upload is not installed).
    const dir = await mkdtemp(join(tmpdir(), 'portal-s3-'))
    try {
      const file = join(dir, randomBytes(6).toString('hex'))
      await pipeline(body, createWriteStream(file))
      const { size } = await stat(file)
      await this.client.send(
        new PutObjectCommand({ ...common, Body: createReadStream(file), ContentLength: size }),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      )
      if (!(out.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream')
      return { body: out.Body, size: out.ContentLength ?? 0 }
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }))
      return true
    } catch (err) {
      if (isMissing(err)) return false
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    // Deleting a missing object succeeds in S3, like rm --force.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }))
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: number }[]> {
    const out: { key: string; modifiedAt: number }[] = []
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      )
      for (const o of page.Contents ?? []) {
        if (o.Key === undefined) continue
        out.push({ key: o.Key.slice(this.prefix.length), modifiedAt: o.LastModified?.getTime() ?? 0 })
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return out.sort((a, b) => a.key.localeCompare(b.key))
  }
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404
}
