import type { OcpiStatusCode } from '@portal/contract'
import { OcpiCode, ocpiDateTimeOf } from '@portal/contract'
import type { z } from 'zod'

/*
 * OCPI's envelope on every answer (transport_and_format.asciidoc): `data`, `status_code`, `status_message`,
 * `timestamp`. A failure is an OcpiError: its HTTP status and its OCPI status code, with a message that names the
 * field when a field is at fault.
 */

export interface OcpiBody {
  data?: unknown
  status_code: number
  status_message?: string
  timestamp: string
}

export const ocpiOk = (data?: unknown, message?: string): OcpiBody => ({
  ...(data === undefined ? {} : { data }),
  status_code: OcpiCode.success,
  ...(message === undefined ? {} : { status_message: message }),
  timestamp: ocpiDateTimeOf(Date.now()),
})

export class OcpiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly ocpiStatus: OcpiStatusCode,
    message: string,
  ) {
    super(message)
    this.name = 'OcpiError'
  }

  get body(): OcpiBody {
    return {
      status_code: this.ocpiStatus,
      status_message: this.message,
      timestamp: ocpiDateTimeOf(Date.now()),
    }
  }
}

export const ocpiUnauthorized = (message: string) => new OcpiError(401, OcpiCode.clientError, message)
export const ocpiInvalid = (message: string) => new OcpiError(400, OcpiCode.invalidParameters, message)
export const ocpiUnknown = (what: string) => new OcpiError(404, OcpiCode.clientError, `Unknown ${what}`)

/** `evses[0].connectors[1].standard` of a zod issue's path. */
export function pathText(root: string, path: readonly PropertyKey[]): string {
  let text = root
  for (const part of path)
    text += typeof part === 'number' ? `[${String(part)}]` : `${text === '' ? '' : '.'}${String(part)}`
  // The object as a whole (not an object at all, say).
  return text === '' ? 'body' : text
}

/**
 * A partner's object checked against its 2.2.1 definition, or a 2001 naming the first fields at fault: nothing of
 * it is used (or stored) unless all of it is valid.
 */
export function parseOcpi<S extends z.ZodType>(schema: S, value: unknown, root: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${pathText(root, i.path)}: ${i.message}`)
  throw ocpiInvalid(issues.join('; '))
}
