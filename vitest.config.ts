import { defineConfig } from 'vitest/config'

// One runner for every unit and integration suite; browser specs live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
})
