import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './database-errors'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['nothing listening', withCode('ECONNREFUSED'), true],
    ['a reset connection', withCode('ECONNRESET'), true],
    ['an unknown host', withCode('ENOTFOUND'), true],
    ['a connection exception (class 08)', withCode('08006'), true],
    ['the server shutting down', withCode('57P01'), true],
    ['the server starting', withCode('57P03'), true],
    ['too many connections', withCode('53300'), true],
    ['a statement cancelled by the statement timeout', withCode('57014'), true],
    ['SQLite busy past its timeout', withCode('SQLITE_BUSY'), true],
    ['no connection in time', new Error('timeout exceeded when trying to connect'), true],
    ['a connection that went away', new Error('Connection terminated unexpectedly'), true],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), true],
    ['a unique violation', withCode('23505'), false],
    ['a syntax error', withCode('42601'), false],
    [
      'one address refused, one other failure',
      new AggregateError([withCode('ECONNREFUSED'), new Error('x')]),
      false,
    ],
    ['a plain error', new Error('boom'), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s → %s', (_name, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected)
  })
})
