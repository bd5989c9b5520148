import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** Runs a program without a shell (arguments are never parsed), failing with its stderr. */
export async function run(program: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(program, args, {
      maxBuffer: 64 * 1024 * 1024,
      env: env ?? process.env,
    })
    return stdout
  } catch (err) {
    const e = err as Error & { stderr?: string }
    throw new Error(`${program} failed: ${(e.stderr ?? '').trim() || e.message}`)
  }
}

/**
 * The system tar writes and reads the archive: it streams, handles any file size and is on every Debian machine;
 * the archive can also be opened by hand in an emergency (docs/decisions/0097-backups.md).
 */
export async function writeTar(sourceDir: string, outFile: string): Promise<void> {
  await run('tar', ['-cf', outFile, '-C', sourceDir, '.'])
}

export async function extractTar(file: string, intoDir: string): Promise<void> {
  await run('tar', ['-xf', file, '-C', intoDir, '--no-same-owner'])
}

/** Copies a folder's contents into another (created); a folder that does not exist copies nothing. */
export function copyFolder(from: string, to: string): number {
  mkdirSync(to, { recursive: true })
  if (!existsSync(from)) return 0
  cpSync(from, to, { recursive: true })
  return countFiles(to)
}

function countFiles(dir: string): number {
  let n = 0
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1
  return n
}
