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
  // A test that fails once is a defect to fix, not to repeat (e2e/README.md).
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace: every action with its timing and call log, the network, the console. Not the
    // screencast nor the DOM snapshots of every action: recorded for every test, they were a third of the suite's
    // CPU on this 2-core machine (e2e/README.md). The failure screenshot and the page's aria snapshot
    // (error-context.md) show the last state.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    // The tests run as a person who asked for less motion: the app then draws no loading animations, which a
    // GPU-less Chromium repaints on every frame while a page loads (e2e/README.md).
    reducedMotion: 'reduce',
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
        // Every context is a browser window, and Chromium preloads the omnibox popup of each window in a renderer of
        // its own: ~0.4 s of CPU per test for a popup no test opens (e2e/README.md). Chromium merges this list with
        // the features Playwright disables.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
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
      // No tile server is reachable from the tests: an address that refuses at once, rather than the public one, whose
      // name lookup and connection may hang for seconds on a machine without the internet and make the map's tests
      // depend on how this machine's network fails.
      PORTAL_MAP_TILE_URL: 'https://127.0.0.1:9/{z}/{x}/{y}.png',
      // Unknown chargers may enrol with their entity's enrolment password (off by default; tests/ocpp.spec.ts).
      PORTAL_OCPP_ACCEPT_UNKNOWN: '1',
      // Alert thresholds count seconds instead of minutes, evaluated every 2 s (tests/alerts.spec.ts; test mode only).
      PORTAL_TEST_ALERT_MINUTE_MS: '1000',
      ALERT_EVALUATE_MS: '2000',
      // Parallel work builds the web app into its own folder (WEB_DIST) so builds do not overwrite each other.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
})
