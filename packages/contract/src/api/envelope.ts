import { z } from 'zod'
import type { Catalogue, CatalogueValue } from '../catalogue'
import { messageCode, messageParams } from './messages'

/** Success envelope of DESIGN.md: `{ data: ... }` with the spec's field names inside. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data })
}

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'UNAVAILABLE',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** One offending field: its dotted path, the English message, and, when it is one of the catalogue's, its code. */
export const errorIssue = z.object({
  path: z.string(),
  message: z.string(),
  message_code: messageCode.optional(),
  params: messageParams.optional(),
})
export type ErrorIssue = z.infer<typeof errorIssue>

/** Error envelope: the HTTP status plus a code and a message the portal shows after "due to:". */
export const errorBody = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** When the message as a whole is one of the catalogue's (not found, rate limited…): docs/decisions/0050. */
    message_code: messageCode.optional(),
    params: messageParams.optional(),
    /** For 400s: every offending field, by its dotted path (`body.limit`, `query.offset`). */
    issues: z.array(errorIssue).optional(),
  }),
})
export type ErrorBody = z.infer<typeof errorBody>

/** A zod schema accepting exactly the values of a catalogue. */
export function catalogueSchema<V extends CatalogueValue>(catalogue: Catalogue<V>) {
  const [first, ...rest] = catalogue.values
  if (first === undefined) throw new Error(`Catalogue ${catalogue.name} is empty`)
  return z.literal([first, ...rest]).describe(`${catalogue.name}: ${catalogue.values.join(', ')}`)
}

/** Epoch milliseconds, as every time is stored and returned unless the spec says seconds. */
export const epochMs = z.number().int().min(0).describe('epoch milliseconds')
export const epochSeconds = z.number().int().min(0).describe('epoch seconds')

export const paging = {
  limit: z.number().int().min(1).max(1000),
  offset: z.number().int().min(0).max(100_000_000),
}
