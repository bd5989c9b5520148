import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import {
  BUNDLE_BUDGET_KB,
  gzipSizeOf,
  initialFiles,
  kb,
  KB,
  measureBundle,
  SHARED_CHUNKS,
  webDist,
} from '../../bench/src/bundle-budget'

/**
 * The size budgets of issue 12 §3 on the app this run serves (WEB_DIST, else apps/web/dist): a change that passes one
 * fails the build, and the message names what grew. Sizes are gzip; docs/decisions/0044-bundle-budgets.md.
 */
const dist = webDist()
const sizes = measureBundle(dist)

const list = (files: readonly string[]) =>
  files
    .map((file) => ({ file, size: gzipSizeOf(dist, file) }))
    .sort((a, b) => b.size - a.size)
    .map(({ file, size }) => `${file} ${kb(size)}`)
    .join(', ')

test.describe('bundle budgets', () => {
  test('the initial JavaScript (the entry and what index.html preloads) stays within its budget', () => {
    expect(sizes.initial.files.length).toBeGreaterThan(0)
    expect(
      sizes.initial.gzip,
      `The initial JavaScript is ${kb(sizes.initial.gzip)}, over ${String(BUNDLE_BUDGET_KB.initial)} kB: ${list(sizes.initial.files)}`,
    ).toBeLessThanOrEqual(BUNDLE_BUDGET_KB.initial * KB)
  })

  test('each screen and each lazily loaded part loads at most its budget beyond what is already there', () => {
    // Every screen of the router is a lazily loaded module; a missing manifest or an empty list would pass silently.
    expect(sizes.lazy.some((unit) => unit.source === 'src/features/machines/machines-page.tsx')).toBe(true)
    const over = sizes.lazy
      .filter((unit) => unit.gzip > BUNDLE_BUDGET_KB.lazy * KB)
      .map((unit) => `${unit.source}: ${kb(unit.gzip)} (${list(unit.files)})`)
    expect(over, `Over ${String(BUNDLE_BUDGET_KB.lazy)} kB:\n${over.join('\n')}`).toEqual([])
  })

  test('no chunk loaded after the initial JavaScript is over the chunk budget', () => {
    for (const name of SHARED_CHUNKS) {
      expect(
        sizes.chunks.some((chunk) => chunk.file.startsWith(`assets/${name}-`)),
        `${name} is named in vite.config.ts`,
      ).toBe(true)
    }
    const over = sizes.chunks
      .filter((chunk) => chunk.gzip > BUNDLE_BUDGET_KB.chunk * KB)
      .map((chunk) => `${chunk.file}: ${kb(chunk.gzip)}`)
    expect(over, `Chunks over ${String(BUNDLE_BUDGET_KB.chunk)} kB:\n${over.join('\n')}`).toEqual([])
  })
})

test.describe('the login page', () => {
  // A first visit: no session, nothing cached.
  test.use({ storageState: { cookies: [], origins: [] } })

  test('can be used after no more JavaScript than the initial budget', async ({ page }) => {
    const requested = new Set<string>()
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (/^\/assets\/.+\.js$/.test(pathname)) requested.add(pathname.slice(1))
    })
    await page.goto('/login')
    await expect(page.getByLabel('Username')).toBeEditable()
    await expect(page.getByLabel('Password')).toBeEditable()
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled()
    const loaded = [...requested]

    // What was fetched is the app this test measures, and includes its entry.
    for (const file of loaded) expect(existsSync(join(dist, file)), `${file} is in ${dist}`).toBe(true)
    expect(loaded).toEqual(expect.arrayContaining(initialFiles(dist)))
    const total = loaded.reduce((sum, file) => sum + gzipSizeOf(dist, file), 0)
    expect(
      total,
      `/login loaded ${kb(total)} of JavaScript before its form could be used: ${list(loaded)}`,
    ).toBeLessThanOrEqual(BUNDLE_BUDGET_KB.initial * KB)
  })
})
