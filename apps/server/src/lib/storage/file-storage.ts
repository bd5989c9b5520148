import type { Readable } from 'node:stream'

/**
 * Where the portal keeps files (uploaded images, export files) so that every instance sees the same ones
 * (issue 13 §2, docs/decisions/0094-file-storage.md). Keys are relative paths such as `ab12.png`.
 */
export interface FileStorage {
  /** Atomic: a reader sees either no object or the whole one, never a partial object. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>
  get(key: string): Promise<{ body: Readable; size: number } | null>
  exists(key: string): Promise<boolean>
  delete(key: string): Promise<void>
  /** Every key starting with prefix ('' = all), with its last modification time in epoch ms. */
  list(prefix: string): Promise<{ key: string; modifiedAt: number }[]>
}

/** The two kinds of files the portal keeps; each has its own folder or key prefix. */
export interface Storages {
  uploads: FileStorage
  exports: FileStorage
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/

/** Keys come from our own code but may carry a request's path segment: refuse anything that could escape. */
export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((s) => s === '.' || s === '..')
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}
