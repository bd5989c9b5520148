import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorBody } from './envelope'
import type { IssueLike } from './messages'
import { coded, issueMessage, isMessageCode, MESSAGE_CODES } from './messages'

/** An issue with details zod's own types do not list (a newer zod, or a bigint bound). */
const raw = (issue: { code: string } & Record<string, unknown>) => issue as IssueLike

function firstIssue(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value)
  if (parsed.success) throw new Error('expected a failure')
  const issue = parsed.error.issues[0]
  if (!issue) throw new Error('no issue')
  return issueMessage(issue)
}

describe('issueMessage', () => {
  it.each([
    ['a missing field', z.object({ a: z.number() }), {}, 'required', {}],
    ['text for a number', z.number(), 'x', 'expected_number', {}],
    ['a fraction for an integer', z.number().int(), 1.5, 'expected_integer', {}],
    ['a number for text', z.string(), 1, 'expected_text', {}],
    ['a string for a boolean', z.boolean(), 'yes', 'expected_boolean', {}],
    ['an object for a list', z.array(z.number()), {}, 'expected_list', {}],
    ['a number under its minimum', z.number().min(1), 0, 'too_small', { minimum: 1 }],
    ['a number over its maximum', z.number().max(500), 501, 'too_big', { maximum: 500 }],
    ['zero where it must be positive', z.number().positive(), 0, 'must_exceed', { minimum: 0 }],
    ['a number not under its bound', z.number().lt(10), 10, 'must_be_below', { maximum: 10 }],
    ['short text', z.string().min(3), 'ab', 'too_short', { minimum: 3 }],
    ['long text', z.string().max(2), 'abc', 'too_long', { maximum: 2 }],
    ['text of the wrong length', z.string().length(4), 'abc', 'wrong_length', { length: 4 }],
    ['too few items', z.array(z.number()).min(1), [], 'too_few', { minimum: 1 }],
    ['too many items', z.array(z.number()).max(1), [1, 2], 'too_many', { maximum: 1 }],
    ['a bad email', z.email(), 'nope', 'invalid_email', {}],
    ['a bad url', z.url(), 'nope', 'invalid_url', {}],
    ['a bad uuid', z.uuid(), 'nope', 'invalid_uuid', {}],
    ['a bad date', z.iso.date(), '2024-13-01', 'invalid_date', {}],
    ['a bad time', z.iso.time(), '25:00', 'invalid_time', {}],
    ['a bad date and time', z.iso.datetime(), 'x', 'invalid_datetime', {}],
    ['text off its pattern', z.string().regex(/^a$/), 'b', 'invalid_format', { format: 'regex' }],
    ['a number off its step', z.number().multipleOf(5), 7, 'not_multiple_of', { divisor: 5 }],
    ['a value outside an enumeration', z.enum(['x', 'y']), 'z', 'invalid_value', { values: ['x', 'y'] }],
    ['a value outside numeric literals', z.literal([1, 2]), 3, 'invalid_value', { values: [1, 2] }],
    ['an unknown field', z.strictObject({}), { zz: 1 }, 'unknown_field', { keys: ['zz'] }],
    ['no branch of a union', z.union([z.string(), z.number()]), true, 'invalid_input', {}],
  ])('codes %s', (_name, schema, value, code, params) => {
    expect(firstIssue(schema, value)).toEqual({ message_code: code, params })
  })

  it('takes the code a refinement names, with its parameters', () => {
    const range = z.object({ from: z.number(), to: z.number() }).refine((r) => r.to >= r.from, {
      path: ['to'],
      message: 'to must not be before from',
      ...coded('not_before', { other: 'from' }),
    })
    expect(firstIssue(range, { from: 2, to: 1 })).toEqual({
      message_code: 'not_before',
      params: { other: 'from' },
    })
  })

  it('gives no code for a message of one rule only', () => {
    expect(
      firstIssue(
        z.number().refine(() => false, 'Slot listed twice'),
        1,
      ),
    ).toBeNull()
    expect(issueMessage(raw({ code: 'custom', params: { message_code: 'not-a-code' } }))).toBeNull()
    expect(issueMessage({ code: 'something_new' })).toBeNull()
  })

  it('keeps parameters plain JSON', () => {
    expect(issueMessage(raw({ code: 'too_big', origin: 'bigint', maximum: 10n, inclusive: true }))).toEqual({
      message_code: 'too_big',
      params: { maximum: '10' },
    })
  })
})

describe('the catalogue', () => {
  it('lists each code once', () => {
    expect(new Set(MESSAGE_CODES).size).toBe(MESSAGE_CODES.length)
    expect(isMessageCode('too_big')).toBe(true)
    expect(isMessageCode('custom')).toBe(false)
  })

  it('is carried by the error envelope beside the English message, and a newer code still parses', () => {
    const body = {
      error: {
        code: 'BAD_REQUEST',
        message: 'body.limit: Too big: expected number to be <=500',
        issues: [
          {
            path: 'body.limit',
            message: 'Too big: expected number to be <=500',
            message_code: 'too_big',
            params: { maximum: 500 },
          },
          { path: 'body.x', message: 'x', message_code: 'from_a_newer_server', params: { values: ['a', 1] } },
        ],
      },
    }
    expect(errorBody.parse(body)).toEqual(body)
  })
})
