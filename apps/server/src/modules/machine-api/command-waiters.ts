/**
 * The machines' long polls waiting in this process, by machine (issue 15, decision 0109). A command queued on any
 * instance is announced on the event bus; each instance wakes its own waiters for that machine, which then look in
 * the database (the truth: a missed announcement costs at most one `wait`, never the command).
 */
export class CommandWaiters {
  private readonly byMachine = new Map<number, Set<() => void>>()
  private closed = false

  /** Wakes every poll of this machine held here. */
  wake(machineId: number): void {
    for (const wake of [...(this.byMachine.get(machineId) ?? [])]) wake()
  }

  /** Wakes every poll (shutdown): each answers what it has, and no new one waits. */
  close(): void {
    this.closed = true
    for (const set of this.byMachine.values()) for (const wake of [...set]) wake()
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** How many polls wait here (metrics, tests). */
  get size(): number {
    let n = 0
    for (const set of this.byMachine.values()) n += set.size
    return n
  }

  /**
   * Registers a waiter before the caller looks in the database, so that a command queued between that look and the
   * wait still wakes it. `until(ms)` resolves when woken, after `ms`, or when `signal` aborts; `dispose` unregisters.
   */
  register(
    machineId: number,
    signal: AbortSignal,
  ): { until: (ms: number) => Promise<void>; dispose: () => void } {
    let woken = false
    let resolve: (() => void) | undefined
    const wake = () => {
      woken = true
      resolve?.()
    }
    const set = this.byMachine.get(machineId) ?? new Set()
    this.byMachine.set(machineId, set)
    set.add(wake)
    signal.addEventListener('abort', wake, { once: true })
    const dispose = () => {
      set.delete(wake)
      if (set.size === 0 && this.byMachine.get(machineId) === set) this.byMachine.delete(machineId)
      signal.removeEventListener('abort', wake)
    }
    const until = (ms: number) =>
      new Promise<void>((done) => {
        if (woken || this.closed || signal.aborted) return done()
        const timer = setTimeout(done, ms)
        resolve = () => {
          clearTimeout(timer)
          done()
        }
      })
    return { until, dispose }
  }
}
