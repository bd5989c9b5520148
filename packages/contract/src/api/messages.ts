import { z } from 'zod'

/**
 * The message catalogue of the API's errors (docs/decisions/0050). Beside its English `message`, an error or a field
 * issue carries `message_code` and `params` when the message is one the portal can say in every language; a message
 * written for one rule only (a 409 naming the state, a rule spanning fields) carries no code and stays English.
 * The English `message` is never derived from the code: it is what it always was, so nothing that reads it changes.
 */
export const MESSAGE_CODES = [
  // A field of the request, from zod's issue codes.
  'required',
  'invalid_type',
  'expected_number',
  'expected_integer',
  'expected_text',
  'expected_boolean',
  'expected_list',
  'expected_object',
  'expected_date',
  'too_small',
  'too_big',
  'must_exceed',
  'must_be_below',
  'too_short',
  'too_long',
  'wrong_length',
  'too_few',
  'too_many',
  'wrong_count',
  'invalid_email',
  'invalid_url',
  'invalid_uuid',
  'invalid_date',
  'invalid_time',
  'invalid_datetime',
  'invalid_format',
  'not_multiple_of',
  'invalid_value',
  'unknown_field',
  'invalid_input',
  // A field rule of ours, in the contract's refinements or a service's checks.
  'not_before',
  'must_be_after',
  'taken',
  'unknown_reference',
  'incorrect',
  // A NUL or an unpaired UTF-16 surrogate: PostgreSQL cannot store it (the server's string guard).
  'unstorable_character',
  // The error as a whole.
  'not_found',
  'no_route',
  'unauthorized',
  'forbidden',
  'too_many_attempts',
  'retry_later',
  'invalid_json',
  'body_required',
  'payload_too_large',
  'internal',
  'database_unavailable',
  // Written by the portal's own client, for a call that got no usable answer.
  'unreachable',
  'bad_response',
] as const
export type MessageCode = (typeof MESSAGE_CODES)[number]

export function isMessageCode(value: unknown): value is MessageCode {
  return (MESSAGE_CODES as readonly unknown[]).includes(value)
}

type Scalar = string | number | boolean | null
const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()])
export const messageParams = z
  .record(z.string(), z.union([scalar, z.array(scalar)]))
  .describe(
    'The values the message is made of (a limit, the allowed values), for the client to phrase it itself',
  )
export type MessageParams = z.infer<typeof messageParams>
export type MessageParamValue = MessageParams[string]

// A plain string rather than an enumeration: a client that does not know a newer code still reads the error, and
// shows the English message instead.
export const messageCode = z
  .string()
  .describe(`What the message says, for a client to translate it: one of ${MESSAGE_CODES.join(', ')}`)

export interface CodedMessage {
  readonly message_code: MessageCode
  readonly params: MessageParams
}

/**
 * Refinement options naming the message's code, for a rule of the contract (`.refine(check, { path, message,
 * ...coded('not_before', { other: 'date_from' }) })`): zod keeps them on the issue and the server sends them.
 */
export function coded(code: MessageCode, params: MessageParams = {}): { params: Record<string, unknown> } {
  return { params: { message_code: code, ...params } }
}

function toParamValue(value: unknown): MessageParamValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) {
    const items = value.map(toParamValue)
    return items.every((v): v is Scalar => v !== undefined && !Array.isArray(v)) ? items : undefined
  }
  return undefined
}

function paramsOf(source: Record<string, unknown>, keys: Record<string, string>): MessageParams {
  const out: Record<string, MessageParamValue> = {}
  for (const [to, from] of Object.entries(keys)) {
    const value = toParamValue(source[from])
    if (value !== undefined) out[to] = value
  }
  return out
}

const TYPE_CODES: Record<string, MessageCode> = {
  int: 'expected_integer',
  number: 'expected_number',
  bigint: 'expected_number',
  nan: 'expected_number',
  string: 'expected_text',
  boolean: 'expected_boolean',
  array: 'expected_list',
  tuple: 'expected_list',
  set: 'expected_list',
  object: 'expected_object',
  record: 'expected_object',
  map: 'expected_object',
  date: 'expected_date',
}

const FORMAT_CODES: Record<string, MessageCode> = {
  email: 'invalid_email',
  url: 'invalid_url',
  uuid: 'invalid_uuid',
  guid: 'invalid_uuid',
  date: 'invalid_date',
  time: 'invalid_time',
  datetime: 'invalid_datetime',
}

const TEXT_ORIGINS = new Set(['string'])
const LIST_ORIGINS = new Set(['array', 'set'])

function sizeMessage(issue: Issue, bound: 'minimum' | 'maximum'): CodedMessage {
  const origin = String(issue.origin)
  const limit = { [bound]: bound }
  if (issue.exact === true) {
    if (TEXT_ORIGINS.has(origin))
      return { message_code: 'wrong_length', params: paramsOf(issue, { length: bound }) }
    if (LIST_ORIGINS.has(origin))
      return { message_code: 'wrong_count', params: paramsOf(issue, { count: bound }) }
  }
  if (TEXT_ORIGINS.has(origin))
    return { message_code: bound === 'minimum' ? 'too_short' : 'too_long', params: paramsOf(issue, limit) }
  if (LIST_ORIGINS.has(origin))
    return { message_code: bound === 'minimum' ? 'too_few' : 'too_many', params: paramsOf(issue, limit) }
  const exclusive = issue.inclusive === false
  const code: MessageCode =
    bound === 'minimum' ? (exclusive ? 'must_exceed' : 'too_small') : exclusive ? 'must_be_below' : 'too_big'
  return { message_code: code, params: paramsOf(issue, limit) }
}

/** A zod issue (or the server's copy of one): its `code`, its English `message` and its details (zod's names). */
export interface IssueLike {
  readonly code: string
  readonly message?: string | undefined
}
type Issue = IssueLike & Readonly<Record<string, unknown>>

/**
 * The catalogue's code and parameters for a zod issue, or null for a message of one rule only (a refinement without
 * `coded(…)`). Used by the server for every 400 of schema validation; a form can use it for its own checks too.
 */
export function issueMessage(zodIssue: IssueLike): CodedMessage | null {
  // zod's issue types are interfaces, one per code; their details are read by name below, each checked for its type.
  const issue = zodIssue as Issue
  switch (issue.code) {
    case 'invalid_type': {
      // zod 4 names what it received only in its message; "received undefined" is a field left out.
      if (typeof issue.message === 'string' && issue.message.endsWith('received undefined'))
        return { message_code: 'required', params: {} }
      const code = TYPE_CODES[String(issue.expected)]
      return code
        ? { message_code: code, params: {} }
        : { message_code: 'invalid_type', params: paramsOf(issue, { expected: 'expected' }) }
    }
    case 'too_small':
      return sizeMessage(issue, 'minimum')
    case 'too_big':
      return sizeMessage(issue, 'maximum')
    case 'invalid_format': {
      const code = FORMAT_CODES[String(issue.format)]
      return code
        ? { message_code: code, params: {} }
        : { message_code: 'invalid_format', params: paramsOf(issue, { format: 'format' }) }
    }
    case 'not_multiple_of':
      return { message_code: 'not_multiple_of', params: paramsOf(issue, { divisor: 'divisor' }) }
    case 'invalid_value':
      return { message_code: 'invalid_value', params: paramsOf(issue, { values: 'values' }) }
    case 'unrecognized_keys':
      return { message_code: 'unknown_field', params: paramsOf(issue, { keys: 'keys' }) }
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return { message_code: 'invalid_input', params: {} }
    case 'custom': {
      const given = issue.params
      if (typeof given !== 'object' || given === null) return null
      const { message_code: code, ...rest } = given as Record<string, unknown>
      if (!isMessageCode(code)) return null
      return {
        message_code: code,
        params: paramsOf(rest, Object.fromEntries(Object.keys(rest).map((k) => [k, k]))),
      }
    }
    default:
      return null
  }
}
