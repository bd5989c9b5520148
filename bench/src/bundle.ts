/**
 * npm run bench:bundle -w @portal/bench
 *
 * The web app's download sizes against their budgets (issue 12 §3; bench/src/bundle-budget.ts), as ratios. It builds
 * the app into bench/results/web-dist first, so the figures are the current source's, unless WEB_DIST names a build
 * to read. Reported, never enforced here: e2e/tests/bundle-budget.spec.ts fails the build when a budget is passed.
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUNDLE_BUDGET_KB, KB, kb, measureBundle, SHARED_CHUNKS } from './bundle-budget'
import { RESULTS_DIR } from './prepare'
import { table } from './report'

const here = dirname(fileURLToPath(import.meta.url))
const webDir = resolve(here, '../../apps/web')

function build(): string {
  const outDir = join(RESULTS_DIR, 'web-dist')
  const started = Date.now()
  const run = spawnSync(
    join(webDir, '../../node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: webDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  if (run.status !== 0) throw new Error(`vite build failed (${String(run.status)})`)
  console.log(`Built the web app into ${outDir} in ${String(Date.now() - started)} ms`)
  return outDir
}

const dist = process.env.WEB_DIST ?? build()
const sizes = measureBundle(dist)

const unit = (source: string) => sizes.lazy.find((u) => u.source === source)
// Without a browser, /login before its form can be used is the initial JavaScript, the default language's core
// strings and the login screen with every chunk it needs, shared ones included: nothing is cached on a first visit
// (the browser test measures the real page).
const firstVisit = (source: string) => unit(source)?.gzipWithShared ?? 0
const login =
  sizes.initial.gzip + firstVisit('src/locales/en.json') + firstVisit('src/features/auth/login-page.tsx')
const largest = sizes.lazy[0]
const largestChunk = sizes.chunks[0]
const shared = sizes.chunks.filter((chunk) =>
  SHARED_CHUNKS.some((name) => chunk.file.startsWith(`assets/${name}-`)),
)
const sharedTotal = shared.reduce((sum, chunk) => sum + chunk.gzip, 0)

const row = (what: string, bytes: number, budgetKb: number | null) => [
  what,
  kb(bytes),
  budgetKb === null ? '-' : `${String(budgetKb)} kB`,
  budgetKb === null ? '-' : `${(bytes / (budgetKb * KB)).toFixed(2)}x`,
]

console.log('\nWeb app downloads, gzip (ratio = size / budget; at most 1.00x holds the budget)\n')
console.log(
  table(
    ['what', 'size', 'budget', 'ratio'],
    [
      row(
        `initial JavaScript (${String(sizes.initial.files.length)} files)`,
        sizes.initial.gzip,
        BUNDLE_BUDGET_KB.initial,
      ),
      row('/login until usable (initial + en strings + screen)', login, BUNDLE_BUDGET_KB.initial),
      row(`largest lazily loaded part: ${largest?.source ?? '-'}`, largest?.gzip ?? 0, BUNDLE_BUDGET_KB.lazy),
      ...sizes.lazy.slice(1, 5).map((u) => row(`  then ${u.source}`, u.gzip, BUNDLE_BUDGET_KB.lazy)),
      row(
        `largest lazily loaded chunk: ${largestChunk?.file ?? '-'}`,
        largestChunk?.gzip ?? 0,
        BUNDLE_BUDGET_KB.chunk,
      ),
      ...shared.map((chunk) => row(`shared chunk ${chunk.file}`, chunk.gzip, BUNDLE_BUDGET_KB.chunk)),
      row(
        'first screen after sign-in, worst case (initial + shared + largest)',
        sizes.initial.gzip + sharedTotal + (largest?.gzip ?? 0),
        null,
      ),
    ],
    (i) => i > 0,
  ),
)

writeFileSync(
  join(RESULTS_DIR, 'bundle.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      dist,
      budgetsKb: BUNDLE_BUDGET_KB,
      initial: sizes.initial,
      login,
      lazy: sizes.lazy,
      chunks: sizes.chunks,
    },
    null,
    2,
  ),
)
console.log(`\nEvery part: ${join(RESULTS_DIR, 'bundle.json')}`)
