import { resolve } from 'node:path'
import { loadConfig } from '../config/env'
import { backup } from './backup'

/** `npm run backup -- --out FILE`: one archive of the database and the stored files (README "Backups"). */
const args = process.argv.slice(2)
const at = args.indexOf('--out')
const out = at >= 0 ? args[at + 1] : undefined
if (!out) {
  console.error('Usage: npm run backup -- --out FILE')
  process.exit(2)
}
const file = resolve(process.env.INIT_CWD ?? process.cwd(), out)
const manifest = await backup(loadConfig(), file, { log: (m) => console.warn(m) })
const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0)
const files = manifest.files ? `, ${manifest.files.uploads + manifest.files.exports} files` : ''
console.warn(
  `Backup written to ${file}: ${manifest.dialect}, ${rows} rows in ${Object.keys(manifest.counts).length} tables${files}.`,
)
