import type { OcpiCommandView, OcpiPartnerCommandRequest } from '@portal/contract'
import { OCPI_SENT_COMMANDS, ocpiPartnerCommandRequest } from '@portal/contract'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { z } from 'zod'

/*
 * The "Send a command" form (POST /ocpi/partners/{id}/commands) and how a command reads in the Commands card. The
 * form holds every field of every command; the request takes those of the chosen one and is checked by the
 * contract's schema, so the portal refuses what the server would, with the same messages.
 */

export type CommandDraft = z.input<typeof commandDraft>
const commandDraft = z.object({
  command: z.string(),
  location_id: z.string(),
  evse_uid: z.string(),
  connector_id: z.string(),
  token_uid: z.string(),
  session_id: z.string(),
})

export const EMPTY_COMMAND: CommandDraft = {
  command: OCPI_SENT_COMMANDS[0],
  location_id: '',
  evse_uid: '',
  connector_id: '',
  token_uid: '',
  session_id: '',
}

/** The server's own words for a connector named without its EVSE (a rule across fields, not in the schema). */
export const CONNECTOR_NEEDS_EVSE = 'evse_uid: name the EVSE of the connector (OCPI requires it)'

/** An optional id left empty is not sent (an empty string would be refused as too short). */
const given = (key: 'evse_uid' | 'connector_id', value: string) =>
  value.trim() === '' ? {} : { [key]: value }

/** The request of the draft's command: its own fields only (the schema's objects are strict). */
function requestOf(d: CommandDraft): OcpiPartnerCommandRequest {
  switch (d.command) {
    case 'START_SESSION':
      return {
        command: 'START_SESSION',
        location_id: d.location_id,
        ...given('evse_uid', d.evse_uid),
        ...given('connector_id', d.connector_id),
        token_uid: d.token_uid,
      }
    case 'STOP_SESSION':
      return { command: 'STOP_SESSION', session_id: d.session_id }
    case 'UNLOCK_CONNECTOR':
      return {
        command: 'UNLOCK_CONNECTOR',
        location_id: d.location_id,
        evse_uid: d.evse_uid,
        connector_id: d.connector_id,
      }
    default:
      // Deliberately loose: the schema, piped next, refuses another command naming the field.
      return { command: d.command } as OcpiPartnerCommandRequest
  }
}

export const commandForm = commandDraft
  .transform(requestOf)
  .pipe(ocpiPartnerCommandRequest)
  .superRefine((request, ctx) => {
    if (
      request.command === 'START_SESSION' &&
      request.connector_id !== undefined &&
      request.evse_uid === undefined
    )
      ctx.addIssue({ code: 'custom', path: ['evse_uid'], message: CONNECTOR_NEEDS_EVSE })
  })

/** What a command was about, read from its OCPI body: a place (location, EVSE, connector) or a session. */
export type CommandTarget =
  | { kind: 'place'; location_id: string; evse_uid: string | null; connector_id: string | null }
  | { kind: 'session'; session_id: string }
  | { kind: 'reservation'; reservation_id: string }

export function commandTarget(request: string): CommandTarget | null {
  let body: unknown
  try {
    body = JSON.parse(request)
  } catch {
    return null
  }
  if (typeof body !== 'object' || body === null) return null
  const text = (key: string): string | null => {
    const value = (body as Record<string, unknown>)[key]
    return typeof value === 'string' && value !== '' ? value : null
  }
  const session = text('session_id')
  if (session !== null) return { kind: 'session', session_id: session }
  const location = text('location_id')
  if (location !== null)
    return {
      kind: 'place',
      location_id: location,
      evse_uid: text('evse_uid'),
      connector_id: text('connector_id'),
    }
  const reservation = text('reservation_id')
  if (reservation !== null) return { kind: 'reservation', reservation_id: reservation }
  return null
}

/** The result's colour: done, refused for a reason the driver can act on, or failed. */
export const RESULT_TONES: Record<NonNullable<OcpiCommandView['result']>, BadgeTone> = {
  ACCEPTED: 'positive',
  CANCELED_RESERVATION: 'neutral',
  EVSE_OCCUPIED: 'warning',
  EVSE_INOPERATIVE: 'error',
  FAILED: 'error',
  NOT_SUPPORTED: 'warning',
  REJECTED: 'error',
  TIMEOUT: 'warning',
  UNKNOWN_RESERVATION: 'warning',
}
