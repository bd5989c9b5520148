/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// The API server serves the built app; in `vite dev` the API calls are proxied to it.
const apiTarget = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:3000'

/**
 * One chunk per language for the screen families' strings (locales/<language>/<family>.json), which lib/i18n.ts
 * imports by glob: a language arrives in one request, not one per family (docs/decisions/0040-lazy-locales.md).
 */
function localeChunk(id: string): string | null {
  // The server's messages load with the core strings (lib/i18n.ts), not with the screens.
  if (/[\\/]messages\.json$/.test(id)) return null
  const match = /[\\/]src[\\/]locales[\\/]([a-z]{2})[\\/][^\\/]+\.json$/.exec(id)
  return match ? `locale-${match[1] ?? ''}` : null
}

/**
 * zod's JSON Schema output (`.toJSONSchema()`, about 5 kB gzip) rides along with every schema, and the browser never
 * asks for it: the server writes the OpenAPI document. In the built app its two modules are replaced by stubs that
 * export the same names and fail only if called (docs/decisions/0041-lazy-schemas.md). Tests and `vite dev` keep
 * the real modules.
 */
function zodWithoutJsonSchema(): Plugin {
  const stubbed = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/
  return {
    name: 'portal:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!stubbed.test(id)) return null
      const source = readFileSync(id, 'utf8')
      const declared = [...source.matchAll(/^export (?:const|function|let|class) (\w+)/gm)].map((m) => m[1])
      const aliased = [...source.matchAll(/^export \{ (\w+) as (\w+) \};/gm)].map((m) => m[2])
      const names = [...new Set([...declared, ...aliased])]
      return [
        "const unavailable = () => { throw new Error('JSON Schema output is not part of the web app') }",
        ...names.map((name) =>
          name === 'allProcessors'
            ? 'export const allProcessors = {}'
            : `export const ${String(name)} = () => unavailable`,
        ),
      ].join('\n')
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The size budgets (bench/src/bundle-budget.ts) resolve each lazily loaded module to its chunks through it.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: localeChunk, debugName: 'locale' },
            // The libraries nearly every screen needs and the first download leaves out (the contract's schemas,
            // the forms): fetched once, cached for every screen after
            // (docs/decisions/0044-bundle-budgets.md). Their own modules only: React stays in the first download.
            { name: 'vendor-zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
            {
              name: 'vendor-forms',
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
  },
})
