import { describe, expect, it } from 'vitest'
import simpleStartD2 from './examples/2.2.1-d2/session_example_1_simple_start.json'
import shortFinishedD2 from './examples/2.2.1-d2/session_example_2_short_finished.json'
import simpleStart from './examples/session_example_1_simple_start.json'
import shortFinished from './examples/session_example_2_short_finished.json'
import patchChargingPeriod from './examples/session_patch_example_charging_period.json'
import patchTotalCost from './examples/session_patch_example_total_cost.json'
import {
  OCPI_CHARGING_PREFERENCES_RESPONSES,
  OCPI_SESSION_STATUSES,
  ocpiChargingPreferences,
  ocpiSession,
  ocpiSessionPatch,
} from './ocpi-sessions'
import type { BadObject, IssuePath } from './ocpi-test-support'
import { changed, itParsesSpecExamples, itRefusesBadObjects, REMOVE } from './ocpi-test-support'

// The JSON examples of OCPI 2.2.1 (tag 2.2.1 of github.com/ocpi/ocpi, examples/), shown in mod_sessions.asciidoc,
// and their corrections in the 2.2.1-d2 erratum (branch release-2.2.1-bugfixes, examples/).

// The 2.2.1 examples' cdr_token lacks country_code and party_id, which CdrToken requires; 2.2.1-d2 adds them
// ("add country_code and party_id in CdrToken to example JSON") and changes nothing else but example 2's kwh.
const OWNERLESS_TOKEN = [
  ['cdr_token', 'country_code'],
  ['cdr_token', 'party_id'],
]

itParsesSpecExamples([
  {
    file: 'session_example_1_simple_start.json',
    section: 'Simple Session example of just starting a session (2.2.1)',
    schema: ocpiSession,
    json: simpleStart,
    refused: OWNERLESS_TOKEN,
  },
  {
    file: 'session_example_2_short_finished.json',
    section: 'Simple Session example of a short finished session (2.2.1)',
    schema: ocpiSession,
    json: shortFinished,
    refused: OWNERLESS_TOKEN,
  },
  {
    file: '2.2.1-d2/session_example_1_simple_start.json',
    section: 'Simple Session example of just starting a session (2.2.1-d2)',
    schema: ocpiSession,
    json: simpleStartD2,
  },
  {
    file: '2.2.1-d2/session_example_2_short_finished.json',
    section: 'Simple Session example of a short finished session (2.2.1-d2)',
    schema: ocpiSession,
    json: shortFinishedD2,
  },
  {
    file: 'session_patch_example_total_cost.json',
    section: 'PATCH Method, Example: update the total cost',
    schema: ocpiSessionPatch,
    json: patchTotalCost,
  },
  {
    file: 'session_patch_example_charging_period.json',
    section: 'PATCH Method, Example: adding a new ChargingPeriod',
    schema: ocpiSessionPatch,
    json: patchChargingPeriod,
  },
])

const PERIOD = ['charging_periods', 0] as const

/** A copy of the finished-session example (2.2.1-d2) broken at `path`; the issue names `issueAt` (default `path`). */
const bad = (name: string, path: IssuePath, to: unknown, issueAt: IssuePath = path): BadObject => ({
  name,
  schema: ocpiSession,
  value: changed(shortFinishedD2, path, to),
  path: issueAt,
})

itRefusesBadObjects([
  bad('missing required: kwh', ['kwh'], REMOVE),
  bad('missing required: cdr_token.uid', ['cdr_token', 'uid'], REMOVE),
  bad('missing required: dimension volume', [...PERIOD, 'dimensions', 0, 'volume'], REMOVE),
  bad('wrong enum: status', ['status'], 'DONE'),
  bad('wrong enum: auth_method', ['auth_method'], 'RFID'),
  bad('wrong enum: dimension type', [...PERIOD, 'dimensions', 0, 'type'], 'KWH'),
  bad('wrong enum: cdr_token.type', ['cdr_token', 'type'], 'rfid'),
  bad('string too long: currency string(3)', ['currency'], 'EURO'),
  bad('string too long: location_id CiString(36)', ['location_id'], 'l'.repeat(37)),
  bad(
    'bad DateTime: start_date_time in local time with an offset',
    ['start_date_time'],
    '2015-06-29T22:39:09+02:00',
  ),
  bad('bad DateTime: charging period start', [...PERIOD, 'start_date_time'], '2015-06-29T25:39:09Z'),
  bad('empty array where +: dimensions', [...PERIOD, 'dimensions'], []),
  bad('Price without excl_vat', ['total_cost'], { incl_vat: 9.35 }, ['total_cost', 'excl_vat']),
  {
    name: 'PATCH without last_updated',
    schema: ocpiSessionPatch,
    value: { kwh: 15 },
    path: ['last_updated'],
  },
  {
    name: 'PATCH with a period without dimensions',
    schema: ocpiSessionPatch,
    value: changed(patchChargingPeriod, [...PERIOD, 'dimensions'], []),
    path: [...PERIOD, 'dimensions'],
  },
  {
    name: 'ChargingPreferences: wrong enum profile_type',
    schema: ocpiChargingPreferences,
    value: { profile_type: 'ECO' },
    path: ['profile_type'],
  },
])

describe('a running session', () => {
  it('needs no end_date_time, charging periods nor total_cost, and reads null ones as absent', () => {
    const parsed = ocpiSession.parse({ ...simpleStartD2, end_date_time: null, charging_periods: null })
    expect(parsed.end_date_time).toBeUndefined()
    expect(parsed.charging_periods).toBeUndefined()
    expect(parsed.total_cost).toEqual({ excl_vat: 2.5 })
  })
})

describe('enumerations', () => {
  it.each([
    ['SessionStatus', OCPI_SESSION_STATUSES, 5],
    ['ChargingPreferencesResponse', OCPI_CHARGING_PREFERENCES_RESPONSES, 5],
  ] as const)('%s lists the %i values of the spec, once each', (_name, values, count) => {
    expect(new Set(values).size).toBe(count)
  })
})
