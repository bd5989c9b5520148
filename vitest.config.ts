import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One runner for every unit and integration suite; browser specs live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // One worker per core, not vitest's cores − 1: the server suites spend much of their time waiting on SQLite and
    // PostgreSQL, and on the 2-core CI machine one worker left a core idle (10.4 min → 6.3 min for the whole run).
    maxWorkers: availableParallelism(),
  },
})
