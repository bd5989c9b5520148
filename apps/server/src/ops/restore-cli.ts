import { resolve } from 'node:path'
import { loadConfig } from '../config/env'
import { restore } from './restore'

/** `npm run restore -- FILE [--force]`: puts a backup back, with the servers stopped (README "Backups"). */
const args = process.argv.slice(2)
const force = args.includes('--force')
const archive = args.find((a) => !a.startsWith('--'))
if (!archive) {
  console.error('Usage: npm run restore -- FILE [--force]')
  process.exit(2)
}
const file = resolve(process.env.INIT_CWD ?? process.cwd(), archive)
try {
  const manifest = await restore(loadConfig(), file, { force, log: (m) => console.warn(m) })
  console.warn(`Restored ${file} (${manifest.dialect}, made ${manifest.created_at}).`)
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`)
  process.exit(1)
}
