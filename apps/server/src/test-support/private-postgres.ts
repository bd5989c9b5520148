import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-process'

const run = promisify(execFile)

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port: fault tests stop and start it
 * under running servers without touching the shared server the other suites use. Run as the `postgres` user when
 * the suite runs as root (PostgreSQL refuses to run as root).
 */
export interface PrivatePostgres {
  url: string
  port: number
  stop: () => Promise<void>
  start: () => Promise<void>
  destroy: () => Promise<void>
}

/** The newest installed server's binaries (Debian: /usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const majors = readdirSync(root)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a))
  for (const major of majors) {
    const bin = join(root, major, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
  }
  return null
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql')
  const asRoot = userInfo().uid === 0
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'))
  const data = join(dir, 'data')
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args)

  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  const options = `-p ${String(port)} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start'])
  }
  const stop = async () => {
    await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
