import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server } from '../../test-support/s3-server'
import {
  type FileStorage,
  isValidKey,
  LocalStorage,
  parseStorageUrl,
  removeAbandonedParts,
  storageFromConfig,
} from './index'

/** The text of a stored object; fails the test when it is missing. */
async function read(storage: FileStorage, key: string): Promise<string> {
  const got = await storage.get(key)
  if (!got) throw new Error(`${key} is missing`)
  return text(got.body)
}

let s3: Awaited<ReturnType<typeof startS3Server>>
const folders: string[] = []
const tempFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-storage-'))
  folders.push(dir)
  return dir
}

beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3.close()
  for (const f of folders) rmSync(f, { recursive: true, force: true })
})

// Each case gets a fresh storage so listings are not polluted by the others.
const KINDS: { name: string; make: () => FileStorage }[] = [
  { name: 'LocalStorage', make: () => new LocalStorage(tempFolder()) },
  {
    name: 'S3Storage',
    make: () => {
      const run = Math.random().toString(36).slice(2)
      const url = s3.url.replace('/portal?', `/portal/${run}?`)
      return storageFromConfig({ uploadsDir: '', exportsDir: '', storageUrl: url }).exports
    },
  },
]

describe.each(KINDS)('$name', ({ make }) => {
  it('puts a buffer and gets it back with its size', async () => {
    const storage = make()
    await storage.put('a/b.txt', Buffer.from('hello'), 'text/plain')
    const got = await storage.get('a/b.txt')
    expect(got?.size).toBe(5)
    expect(await text(got?.body ?? Readable.from([]))).toBe('hello')
    expect(await storage.exists('a/b.txt')).toBe(true)
  })

  it('puts a stream of unknown length', async () => {
    const storage = make()
    const chunks = Array.from({ length: 50 }, (_, i) => `line ${String(i)}\n`)
    await storage.put('s.csv', Readable.from(chunks))
    const got = await storage.get('s.csv')
    expect(await text(got?.body ?? Readable.from([]))).toBe(chunks.join(''))
    expect(got?.size).toBe(chunks.join('').length)
  })

  it('replaces an object whole', async () => {
    const storage = make()
    await storage.put('x', Buffer.from('first'))
    await storage.put('x', Buffer.from('second'))
    expect(await read(storage, 'x')).toBe('second')
  })

  it('answers null / false for a missing key and deletes idempotently', async () => {
    const storage = make()
    expect(await storage.get('missing.png')).toBeNull()
    expect(await storage.exists('missing.png')).toBe(false)
    await storage.put('gone', Buffer.from('1'))
    await storage.delete('gone')
    await storage.delete('gone')
    expect(await storage.exists('gone')).toBe(false)
  })

  it('lists keys under a prefix with their modification time', async () => {
    const storage = make()
    const before = Date.now() - 2_000
    await storage.put('p/1', Buffer.from('1'))
    await storage.put('p/2', Buffer.from('2'))
    await storage.put('q/3', Buffer.from('3'))
    const listed = await storage.list('p/')
    expect(listed.map((l) => l.key)).toEqual(['p/1', 'p/2'])
    for (const l of listed) expect(l.modifiedAt).toBeGreaterThan(before)
    expect((await storage.list('')).map((l) => l.key)).toEqual(['p/1', 'p/2', 'q/3'])
  })

  it('refuses keys that could escape', async () => {
    const storage = make()
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a b', 'a\\b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/)
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/)
    }
  })

  it('fails a put whose stream errors, leaving nothing behind', async () => {
    const storage = make()
    const failing = new Readable({
      read() {
        this.push('partial')
        this.destroy(new Error('source broke'))
      },
    })
    await expect(storage.put('broken', failing)).rejects.toThrow('source broke')
    expect(await storage.exists('broken')).toBe(false)
    expect(await storage.list('')).toEqual([])
  })
})

describe('LocalStorage', () => {
  it('never shows a half-written file under its key and removes abandoned .part files', async () => {
    const root = tempFolder()
    const storage = new LocalStorage(root)
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const slow = Readable.from(
      (async function* () {
        yield 'head,'
        await gate
        yield 'tail'
      })(),
    )
    const writing = storage.put('slow.csv', slow)
    await new Promise((r) => setImmediate(r))
    expect(await storage.exists('slow.csv')).toBe(false)
    expect(await storage.list('')).toEqual([])
    release()
    await writing
    expect(await read(storage, 'slow.csv')).toBe('head,tail')

    writeFileSync(join(root, 'old.csv.abc.part'), 'x')
    writeFileSync(join(root, 'new.csv.def.part'), 'x')
    const twoHoursAgo = (Date.now() - 2 * 3_600_000) / 1000
    utimesSync(join(root, 'old.csv.abc.part'), twoHoursAgo, twoHoursAgo)
    expect(await removeAbandonedParts(storage, Date.now() - 3_600_000)).toBe(1)
    expect(readdirSync(root).sort()).toEqual(['new.csv.def.part', 'slow.csv'])
  })
})

describe('storage keys and URLs', () => {
  it('accepts plain relative keys only', () => {
    expect(isValidKey('ab12.png')).toBe(true)
    expect(isValidKey('exports/2026/x.csv')).toBe(true)
    for (const k of ['..', 'a/./b', 'a//b', '/a', 'a/', 'é.png', 'a%2e']) expect(isValidKey(k)).toBe(false)
  })

  it('parses PORTAL_STORAGE_URL', () => {
    expect(parseStorageUrl('s3://AK:S%2FK@minio:9000/portal/prod?region=eu-west-1&tls=0')).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'portal',
      prefix: 'prod/',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/K' },
    })
    expect(parseStorageUrl('s3://s3.eu-west-1.amazonaws.com/my-bucket?path_style=0')).toMatchObject({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      prefix: '',
      forcePathStyle: false,
      credentials: null,
    })
  })

  it('rejects bad URLs without repeating the secret', () => {
    for (const url of [
      'http://AK:TOPSECRET@h/b',
      's3://AK:TOPSECRET@h/',
      's3://AK:TOPSECRET@h/b?tls=2',
      's3://AK@h/b',
    ]) {
      expect(() => parseStorageUrl(url)).toThrow(/PORTAL_STORAGE_URL/)
      try {
        parseStorageUrl(url)
      } catch (err) {
        expect(String(err)).not.toContain('TOPSECRET')
      }
    }
  })
})
