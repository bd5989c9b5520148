import { describe, expect, it } from 'vitest'
import { untilDatabaseAnswers } from './wait-for-database'

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

describe('untilDatabaseAnswers', () => {
  it('retries while the database cannot be reached, doubling the wait up to its cap', async () => {
    const waits: number[] = []
    const logged: string[] = []
    let calls = 0
    const result = await untilDatabaseAnswers(
      'migrate',
      () => {
        calls += 1
        return calls <= 5 ? Promise.reject(refused()) : Promise.resolve('done')
      },
      {
        log: (m) => logged.push(m),
        firstDelayMs: 1_000,
        maxDelayMs: 8_000,
        sleep: (ms) => {
          waits.push(ms)
          return Promise.resolve()
        },
      },
    )
    expect(result).toBe('done')
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000])
    expect(logged).toHaveLength(5)
    expect(logged[0]).toMatch(
      /^migrate: the database cannot be reached \(connect ECONNREFUSED .*\); attempt 1/,
    )
  })

  it('does not retry other errors: a failing migration ends the start-up', async () => {
    let calls = 0
    const failing = untilDatabaseAnswers(
      'migrate',
      () => {
        calls += 1
        return Promise.reject(Object.assign(new Error('relation "x" already exists'), { code: '42P07' }))
      },
      { log: () => undefined, sleep: () => Promise.resolve() },
    )
    await expect(failing).rejects.toThrow('already exists')
    expect(calls).toBe(1)
  })
})
