import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4310)
const BASE_URL = `http://127.0.0.1:${String(PORT)}`

/**
 * Browser tests run the real built web app against the real server on a fresh in-memory SQLite database seeded
 * with the demo data (DESIGN.md: real parts, no mocks). Debian's Chromium, not Playwright's download.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testIgnore: /.*\.phone\.spec\.ts/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testMatch: /.*\.phone\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'tsx ../apps/server/src/server.ts',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      PORTAL_ENV: 'dev',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Lets the idle test shorten the idle timings through localStorage (never in production).
      PORTAL_TEST_MODE: '1',
      // Parallel work builds the web app into its own folder (WEB_DIST) so builds do not overwrite each other.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
})
