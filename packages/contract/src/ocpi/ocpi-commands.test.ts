import { describe, expect, it } from 'vitest'
import appUser from './examples/token_example_1_app_user.json'
import {
  OCPI_COMMAND_RESPONSE_TYPES,
  OCPI_COMMAND_RESULT_TYPES,
  OCPI_COMMAND_SCHEMAS,
  OCPI_COMMAND_TYPES,
  ocpiCancelReservation,
  ocpiCommandResponse,
  ocpiCommandResult,
  ocpiReserveNow,
  ocpiStartSession,
  ocpiStopSession,
  ocpiUnlockConnector,
} from './ocpi-commands'
import type { BadObject, IssuePath } from './ocpi-test-support'
import { changed, issuePaths, itRefusesBadObjects, REMOVE } from './ocpi-test-support'

// OCPI 2.2.1 mod_commands.asciidoc has no JSON examples (neither has 2.2.1-d2): these objects are ours, written from
// its object descriptions, with the Token of mod_tokens' "Simple APP_USER example".

const URL = 'https://www.server.com/ocpi/emsp/2.2.1/commands/START_SESSION/1234'
const VALID = {
  START_SESSION: {
    response_url: URL,
    token: appUser,
    location_id: 'LOC1',
    evse_uid: '3256',
    connector_id: '1',
  },
  STOP_SESSION: { response_url: URL, session_id: '101' },
  UNLOCK_CONNECTOR: { response_url: URL, location_id: 'LOC1', evse_uid: '3256', connector_id: '1' },
  RESERVE_NOW: {
    response_url: URL,
    token: appUser,
    expiry_date: '2019-06-24T13:39:09Z',
    reservation_id: 'R1',
    location_id: 'LOC1',
  },
  CANCEL_RESERVATION: { response_url: URL, reservation_id: 'R1' },
} as const

describe('command bodies', () => {
  it.each(OCPI_COMMAND_TYPES)('%s parses with the schema OCPI_COMMAND_SCHEMAS names', (type) => {
    expect(issuePaths(OCPI_COMMAND_SCHEMAS[type], VALID[type])).toEqual([])
  })

  it.each([
    ['CommandResponse', ocpiCommandResponse, { result: 'ACCEPTED', timeout: 30 }],
    [
      'CommandResponse with messages',
      ocpiCommandResponse,
      { result: 'REJECTED', timeout: 0, message: [{ language: 'en', text: 'Not yours' }] },
    ],
    ['CommandResult', ocpiCommandResult, { result: 'EVSE_OCCUPIED' }],
  ] as const)('%s parses', (_name, schema, value) => {
    expect(issuePaths(schema, value)).toEqual([])
  })
})

const bad = (
  name: string,
  schema: BadObject['schema'],
  base: unknown,
  path: IssuePath,
  to: unknown,
  issueAt: IssuePath = path,
): BadObject => ({
  name,
  schema,
  value: changed(base, path, to),
  path: issueAt,
})

itRefusesBadObjects([
  bad('StartSession: missing response_url', ocpiStartSession, VALID.START_SESSION, ['response_url'], REMOVE),
  bad(
    'StartSession: response_url not a URL',
    ocpiStartSession,
    VALID.START_SESSION,
    ['response_url'],
    '/commands/1',
  ),
  bad(
    'StartSession: connector_id without evse_uid',
    ocpiStartSession,
    VALID.START_SESSION,
    ['evse_uid'],
    REMOVE,
  ),
  bad(
    'StartSession: token without issuer',
    ocpiStartSession,
    VALID.START_SESSION,
    ['token', 'issuer'],
    REMOVE,
  ),
  bad(
    'StartSession: location_id too long',
    ocpiStartSession,
    VALID.START_SESSION,
    ['location_id'],
    'l'.repeat(37),
  ),
  bad('StopSession: missing session_id', ocpiStopSession, VALID.STOP_SESSION, ['session_id'], REMOVE),
  bad(
    'UnlockConnector: missing connector_id',
    ocpiUnlockConnector,
    VALID.UNLOCK_CONNECTOR,
    ['connector_id'],
    REMOVE,
  ),
  bad('ReserveNow: bad expiry_date', ocpiReserveNow, VALID.RESERVE_NOW, ['expiry_date'], '2019-06-24'),
  bad(
    'CancelReservation: reservation_id too long',
    ocpiCancelReservation,
    VALID.CANCEL_RESERVATION,
    ['reservation_id'],
    'r'.repeat(37),
  ),
  bad(
    'CommandResponse: wrong enum result',
    ocpiCommandResponse,
    { result: 'ACCEPTED', timeout: 30 },
    ['result'],
    'OK',
  ),
  bad(
    'CommandResponse: timeout not an int',
    ocpiCommandResponse,
    { result: 'ACCEPTED', timeout: 30 },
    ['timeout'],
    1.5,
  ),
  bad(
    'CommandResponse: missing timeout',
    ocpiCommandResponse,
    { result: 'ACCEPTED', timeout: 30 },
    ['timeout'],
    REMOVE,
  ),
  bad(
    'CommandResult: wrong enum result',
    ocpiCommandResult,
    { result: 'ACCEPTED' },
    ['result'],
    'UNKNOWN_SESSION',
  ),
  bad(
    'CommandResult: message text too long',
    ocpiCommandResult,
    { result: 'FAILED' },
    ['message'],
    [{ language: 'en', text: 'm'.repeat(513) }],
    ['message', 0, 'text'],
  ),
])

describe('enumerations', () => {
  it.each([
    ['CommandType', OCPI_COMMAND_TYPES, 5],
    ['CommandResponseType', OCPI_COMMAND_RESPONSE_TYPES, 4],
    ['CommandResultType', OCPI_COMMAND_RESULT_TYPES, 9],
  ] as const)('%s lists the %i values of the spec, once each', (_name, values, count) => {
    expect(new Set(values).size).toBe(count)
  })
})
