import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertValidKey, type FileStorage } from './file-storage'

/** Suffix of a file being written; the sweep removes abandoned ones (docs/decisions/0094-file-storage.md). */
export const PART_SUFFIX = '.part'

/** Files under one folder; a single instance, or several sharing one volume. */
export class LocalStorage implements FileStorage {
  constructor(readonly root: string) {}

  private path(key: string): string {
    assertValidKey(key)
    return join(this.root, key)
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const target = this.path(key)
    await mkdir(dirname(target), { recursive: true })
    // Written beside the target then renamed: rename is atomic on one volume, so readers never see half a file.
    const part = `${target}.${randomBytes(6).toString('hex')}${PART_SUFFIX}`
    try {
      if (Buffer.isBuffer(body)) await writeFile(part, body)
      else await pipeline(body, createWriteStream(part))
      await rename(part, target)
    } catch (err) {
      await rm(part, { force: true })
      throw err
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const path = this.path(key)
    try {
      const s = await stat(path)
      if (!s.isFile()) return null
      return { body: createReadStream(path), size: s.size }
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile()
    } catch (err) {
      if (isNotFound(err)) return false
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true })
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: number }[]> {
    return (await this.walk(this.root))
      .filter((f) => !f.key.endsWith(PART_SUFFIX) && f.key.startsWith(prefix))
      .sort((a, b) => a.key.localeCompare(b.key))
  }

  /** `.part` files last modified before `olderThan` (epoch ms): writers that died mid-write left them. */
  async removeAbandonedParts(olderThan: number): Promise<number> {
    const stale = (await this.walk(this.root)).filter(
      (f) => f.key.endsWith(PART_SUFFIX) && f.modifiedAt < olderThan,
    )
    for (const f of stale) await rm(join(this.root, f.key), { force: true })
    return stale.length
  }

  private async walk(dir: string): Promise<{ key: string; modifiedAt: number }[]> {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (err) {
      if (isNotFound(err)) return []
      throw err
    }
    const out: { key: string; modifiedAt: number }[] = []
    for (const e of entries) {
      const full = join(dir, e.name)
      if (e.isDirectory()) out.push(...(await this.walk(full)))
      else if (e.isFile()) {
        try {
          const s = await stat(full)
          out.push({ key: relative(this.root, full).split(sep).join('/'), modifiedAt: s.mtimeMs })
        } catch (err) {
          // Renamed or deleted between readdir and stat by another writer: it is simply not there.
          if (!isNotFound(err)) throw err
        }
      }
    }
    return out
  }
}

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT'
}
