import { isDatabaseUnavailable } from './database-errors'

export interface RetryOptions {
  /** Told of each failed attempt and the wait before the next. */
  log: (message: string) => void
  /** The first wait; it doubles after each failure up to maxDelayMs. */
  firstDelayMs?: number
  maxDelayMs?: number
  /** Waits; tests replace it to run without the clock. */
  sleep?: (ms: number) => Promise<void>
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs a start-up step (migrating, seeding) until the database answers: a server started before its database (a
 * host rebooting, containers started together) waits for it with backoff, instead of exiting. Only "cannot reach the
 * database" is retried; any other error (a failing migration) ends the start-up at once, as it should.
 */
export async function untilDatabaseAnswers<T>(
  what: string,
  task: () => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? sleepFor
  const maxDelayMs = options.maxDelayMs ?? 30_000
  let delayMs = options.firstDelayMs ?? 1_000
  for (let attempt = 1; ; attempt++) {
    try {
      return await task()
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err
      const reason = err instanceof Error ? err.message : String(err)
      options.log(
        `${what}: the database cannot be reached (${reason}); attempt ${String(attempt)}, next in ${String(delayMs)} ms`,
      )
      await sleep(delayMs)
      delayMs = Math.min(delayMs * 2, maxDelayMs)
    }
  }
}
