import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

/**
 * A real server process (src/server.ts through tsx), as an operator runs it: for the tests that kill instances,
 * start two together, or stop the database under them. Its output is kept for the failure message.
 */
export interface ServerProcess {
  name: string
  port: number
  base: string
  child: ChildProcess
  output: () => string
  /** Resolves when the process has exited (after kill() or by itself). */
  exited: Promise<number | null>
  kill: (signal?: NodeJS.Signals) => Promise<void>
}

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number; waitReady?: boolean; port?: number } = {},
): Promise<ServerProcess> {
  // A test that must name the address before the server starts (an OpenID provider's redirect URI) picks the port.
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent-web-dist',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const keep = (chunk: Buffer) => {
    out += chunk.toString('utf8')
    if (out.length > 200_000) out = out.slice(-100_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const server: ServerProcess = {
    name,
    port,
    base: `http://127.0.0.1:${String(port)}`,
    child,
    output: () => out,
    exited,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
  if (options.waitReady !== false) await waitUntilReady(server, options.readyTimeoutMs ?? 90_000)
  return server
}

/** Polls /readyz until it answers 200 (the database is reachable and start-up finished). */
export async function waitUntilReady(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.name} exited with ${String(server.child.exitCode)}:\n${server.output()}`)
    }
    try {
      const r = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2_000) })
      if (r.status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${server.name} not ready in ${String(timeoutMs)} ms:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
