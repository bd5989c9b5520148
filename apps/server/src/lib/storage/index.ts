import type { Config } from '../../config/env'
import type { FileStorage, Storages } from './file-storage'
import { LocalStorage } from './local-storage'
import { parseStorageUrl, s3ClientFor, S3Storage } from './s3-storage'

export { assertValidKey, isValidKey, type FileStorage, type Storages } from './file-storage'
export { LocalStorage, PART_SUFFIX } from './local-storage'
export { parseStorageUrl, S3Storage } from './s3-storage'

/**
 * Local folders by default (one instance, or instances sharing a volume); with PORTAL_STORAGE_URL one bucket,
 * uploads under `uploads/` and exports under `exports/`, so any instance serves any file.
 */
export function storageFromConfig(
  config: Pick<Config, 'uploadsDir' | 'exportsDir' | 'storageUrl'>,
): Storages {
  if (config.storageUrl === null) {
    return { uploads: new LocalStorage(config.uploadsDir), exports: new LocalStorage(config.exportsDir) }
  }
  const location = parseStorageUrl(config.storageUrl)
  const client = s3ClientFor(location)
  return {
    uploads: new S3Storage(client, location.bucket, `${location.prefix}uploads/`),
    exports: new S3Storage(client, location.bucket, `${location.prefix}exports/`),
  }
}

/** Local storages can hold `.part` files of writers that died; S3 uploads leave nothing visible behind. */
export async function removeAbandonedParts(storage: FileStorage, olderThan: number): Promise<number> {
  return storage instanceof LocalStorage ? storage.removeAbandonedParts(olderThan) : 0
}
