import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/env'
import { uploadRoutes } from '../uploads'
import type { Storages } from './file-storage'
import { storageFromConfig } from './index'

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images and export files, shared by every instance (docs/decisions/0094-file-storage.md). */
    storage: Storages
  }
}

/** Decorates app.storage (the configuration's, unless a test passes its own) and serves /uploads/{name} from it. */
export function registerStorage(app: FastifyInstance, config: Config, storages?: Storages): void {
  app.decorate('storage', storages ?? storageFromConfig(config))
  uploadRoutes(app, app.storage.uploads)
}
