import type { ChildProcess } from 'node:child_process'
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ApiServerOptions, BareServerMessage } from './ipc'
import { isChildMessage } from './ipc'

export interface RunningChild {
  port: number
  pid: number
  stop: () => Promise<void>
}

const started = new Set<ChildProcess>()
// If the benchmark dies, the servers it started go with it (only those: by their own handle, never by name).
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL')
})

function childFile(name: string): string {
  return fileURLToPath(new URL(`./children/${name}`, import.meta.url))
}

/** Forks a TypeScript child through tsx and waits for its `ready` message. */
function startChild(
  name: string,
  env: NodeJS.ProcessEnv,
  firstMessage?: BareServerMessage,
): Promise<RunningChild> {
  const child = fork(childFile(name), [], {
    // BENCH_CHILD_CPU_PROF=dir: each server child writes a V8 CPU profile there when it exits (to find hot paths).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CHILD_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CHILD_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  started.add(child)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        started.delete(child)
        resolve()
        return
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      child.once('exit', () => {
        clearTimeout(timer)
        started.delete(child)
        resolve()
      })
      child.disconnect()
    })
  return new Promise((resolve, reject) => {
    child.on('message', (message: unknown) => {
      if (!isChildMessage(message)) return
      if (message.type === 'ready') resolve({ port: message.port, pid: child.pid ?? -1, stop })
      else reject(new Error(`${name} failed: ${message.message}`))
    })
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code ?? 'null'} before ready`)))
    if (firstMessage) child.send(firstMessage)
  })
}

export function startApiServer(options: ApiServerOptions): Promise<RunningChild> {
  return startChild('api-server.ts', { BENCH_API_OPTIONS: JSON.stringify(options) })
}

/** The bare floor answers `POST <path>` with `bodies[path]`. */
export function startBareServer(bodies: Record<string, string>): Promise<RunningChild> {
  return startChild('bare-server.ts', {}, { type: 'bodies', bodies })
}
