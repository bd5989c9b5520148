/**
 * The web app's size budgets (issue 12 §3) and how they are measured, in one place: the browser test
 * (e2e/tests/bundle-budget.spec.ts) fails the build when one is passed, and `npm run bench` reports them.
 *
 * Sizes are gzip (zlib's default level, as a server compressing on the fly sends them), in kB of 1,000 bytes.
 * The measure reads a built app: index.html for the initial JavaScript, and Vite's manifest (`build.manifest`) for
 * what each lazily loaded module needs beyond it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const BUNDLE_BUDGET_KB = {
  /** The entry and every module index.html preloads; also what /login loads before its form can be used. */
  initial: 170,
  /** What one lazily loaded module (a route's screen, the map, a language) loads beyond the initial JavaScript. */
  lazy: 60,
  /** Any one chunk loaded after the initial JavaScript. */
  chunk: 60,
} as const

export const KB = 1000

/**
 * Libraries nearly every screen needs and the first download leaves out (zod for the contract's schemas,
 * react-hook-form for the forms), each in its own named chunk (apps/web/vite.config.ts):
 * fetched with the first screen that needs them and cached for every screen after. Each is held to the chunk budget;
 * a screen's own budget counts what it loads beside them (docs/decisions/0044-bundle-budgets.md).
 */
export const SHARED_CHUNKS = ['vendor-zod', 'vendor-forms'] as const

const isShared = (file: string) => SHARED_CHUNKS.some((name) => file.startsWith(`assets/${name}-`))

/** The built web app: WEB_DIST when a run builds into its own folder, else apps/web/dist. */
export function webDist(): string {
  return process.env.WEB_DIST ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist')
}

interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface Chunk {
  file: string
  gzip: number
}

/**
 * A lazily loaded module (a dynamic import: a screen, the map, a language's strings): what it loads beyond the
 * initial JavaScript and what its importer surely loaded already.
 */
export interface LazyUnit {
  /** The module's source path in the web app (`src/features/machines/machines-page.tsx`), or its chunk's name. */
  source: string
  /** Its own chunks: beyond the initial JavaScript and the shared chunks. */
  files: string[]
  gzip: number
  /** What it loads when none of the shared chunks is in the cache yet (the first screen after signing in). */
  gzipWithShared: number
}

export interface BundleSizes {
  dist: string
  initial: { files: string[]; gzip: number }
  /** Every dynamic entry of the manifest, largest first. */
  lazy: LazyUnit[]
  /** Every JavaScript chunk that is not part of the initial JavaScript, largest first. */
  chunks: Chunk[]
}

const sizes = new Map<string, number>()

/** The gzip size of a built file, by its path under dist (`assets/index-abc.js`). */
export function gzipSizeOf(dist: string, file: string): number {
  const path = join(dist, file)
  let size = sizes.get(path)
  if (size === undefined) {
    size = gzipSync(readFileSync(path)).length
    sizes.set(path, size)
  }
  return size
}

/** The entry script and the modulepreloads of index.html, as paths under dist. */
export function initialFiles(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '')
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  )
  return [...new Set([...scripts, ...preloads])]
}

function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite/manifest.json')
  if (!existsSync(path)) throw new Error(`${path} is missing: build the web app with build.manifest on`)
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest
}

/** A chunk's static import closure (itself and what it imports, transitively), as files. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into)
  return into
}

const sum = (dist: string, files: Iterable<string>) =>
  [...files].reduce((total, file) => total + gzipSizeOf(dist, file), 0)

function intersect(sets: Set<string>[]): Set<string> {
  const [first, ...rest] = sets
  if (!first) return new Set()
  return new Set([...first].filter((file) => rest.every((set) => set.has(file))))
}

/**
 * What is surely loaded when a dynamic import runs: the initial JavaScript, and whatever every module that can make
 * that import has loaded with it (the map of the locations page needs nothing the page already brought).
 */
function guaranteedBefore(manifest: Manifest, initial: Set<string>): (key: string) => Set<string> {
  const dynamicRoots = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))]
  const closures = new Map(dynamicRoots.map((key) => [key, closure(manifest, key)]))
  const memo = new Map<string, Set<string>>()
  const visit = (key: string, seen: Set<string>): Set<string> => {
    const known = memo.get(key)
    if (known) return known
    if (seen.has(key)) return initial
    const next = new Set([...seen, key])
    const file = manifest[key]?.file
    const importers = Object.keys(manifest).filter((k) => manifest[k]?.dynamicImports?.includes(key))
    const viaImporters = importers.map((importer) => {
      const importerFile = manifest[importer]?.file ?? ''
      if (initial.has(importerFile)) return initial
      // The importer is loaded as part of some dynamic entry's closure: what any one of those brings is loaded.
      const roots = dynamicRoots.filter((root) => root !== key && closures.get(root)?.has(importerFile))
      return intersect(roots.map((root) => new Set([...(closures.get(root) ?? []), ...visit(root, next)])))
    })
    const result = new Set([...initial, ...intersect(viaImporters)])
    if (file) result.delete(file)
    memo.set(key, result)
    return result
  }
  return (key) => visit(key, new Set())
}

export function measureBundle(dist: string = webDist()): BundleSizes {
  const manifest = readManifest(dist)
  const initial = initialFiles(dist)
  // The manifest's entry closure must be what index.html loads, or the page and this measure disagree.
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entryKey) throw new Error('The manifest has no entry')
  const initialSet = new Set([...initial, ...closure(manifest, entryKey)])
  const loadedBefore = guaranteedBefore(manifest, initialSet)

  // Every target of a dynamic import: modules, and the chunks that group several (a language's family files).
  const targets = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))
  const lazy = [...targets]
    .map((key): LazyUnit => {
      const chunk = manifest[key]
      const before = loadedBefore(key)
      const loaded = [...closure(manifest, key)].filter((file) => !before.has(file))
      const files = loaded.filter((file) => !isShared(file))
      return {
        source: chunk?.src ?? chunk?.name ?? key,
        files,
        gzip: sum(dist, files),
        gzipWithShared: sum(dist, loaded),
      }
    })
    .sort((a, b) => b.gzip - a.gzip)

  const assets = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
  const chunks = assets
    .filter((file) => !initialSet.has(file))
    .map((file) => ({ file, gzip: gzipSizeOf(dist, file) }))
    .sort((a, b) => b.gzip - a.gzip)

  return { dist, initial: { files: [...initialSet], gzip: sum(dist, initialSet) }, lazy, chunks }
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
