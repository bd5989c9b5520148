import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time spent by processes, from /proc (Linux), to say where a request's cost goes: the server child, PostgreSQL's
 * backends, the load generator (this process). Resolution is the kernel's clock tick (10 ms), so read it over blocks
 * of seconds, never per request.
 */
const TICK_MS = 10

function ticksOf(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
    // Fields after the command (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0 // gone, or not Linux
  }
}

/** Every process named `postgres` (the server's backends and its workers). */
function postgresPids(): number[] {
  const pids: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(name))
    } catch {
      // exited meanwhile
    }
  }
  return pids
}

export interface CpuSnapshot {
  server: number
  /** By backend: a backend that exits between two snapshots takes its time with it, so compare per process. */
  postgres: Map<number, number>
  client: number
}

export interface CpuSpent {
  server: number
  postgres: number
  client: number
}

export function cpuSnapshot(serverPid: number): CpuSnapshot {
  return {
    server: ticksOf(serverPid) * TICK_MS,
    postgres: new Map(postgresPids().map((pid) => [pid, ticksOf(pid) * TICK_MS])),
    client: ticksOf('self') * TICK_MS,
  }
}

/** CPU milliseconds spent by each between two snapshots (PostgreSQL: by the backends alive at the second). */
export function cpuSpent(from: CpuSnapshot, to: CpuSnapshot): CpuSpent {
  let postgres = 0
  for (const [pid, ms] of to.postgres) postgres += ms - (from.postgres.get(pid) ?? 0)
  return { server: to.server - from.server, postgres, client: to.client - from.client }
}

export const addCpu = (a: CpuSpent, b: CpuSpent): CpuSpent => ({
  server: a.server + b.server,
  postgres: a.postgres + b.postgres,
  client: a.client + b.client,
})

export const NO_CPU: CpuSpent = { server: 0, postgres: 0, client: 0 }
