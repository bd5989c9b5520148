// Browser tests need Debian's Chromium (Playwright's own download cannot reach its host here). Install it when we
// can (root with apt), otherwise stop with the command to run.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot) {
    console.log("Chromium is missing: installing Debian's chromium (about 20 s)…")
    execSync('apt-get install -y chromium', { stdio: 'inherit' })
  } else {
    console.error(`Chromium is missing at ${path}. Install it with:\n  sudo apt-get install -y chromium`)
    process.exit(1)
  }
}
