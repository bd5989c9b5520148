import { describe, expect, it } from 'vitest'
import appUser from './examples/token_example_1_app_user.json'
import fullRfid from './examples/token_example_2_full_rfid.json'
import tokenPatch from './examples/token_patch_example.json'
import tokenPut from './examples/token_put_example.json'
import type { BadObject, IssuePath } from './ocpi-test-support'
import { changed, itParsesSpecExamples, itRefusesBadObjects, REMOVE } from './ocpi-test-support'
import {
  OCPI_ALLOWED_TYPES,
  OCPI_WHITELIST_TYPES,
  ocpiAuthorizationInfo,
  ocpiToken,
  ocpiTokenPatch,
} from './ocpi-tokens'

// The JSON examples of OCPI 2.2.1 (tag 2.2.1 of github.com/ocpi/ocpi, examples/), shown in mod_tokens.asciidoc.

itParsesSpecExamples([
  {
    file: 'token_example_1_app_user.json',
    section: 'Token Object, Simple APP_USER example',
    schema: ocpiToken,
    json: appUser,
  },
  {
    file: 'token_example_2_full_rfid.json',
    section: 'Token Object, Full RFID example',
    schema: ocpiToken,
    json: fullRfid,
  },
  {
    file: 'token_put_example.json',
    section: 'PUT Method, Example: put a new Token',
    schema: ocpiToken,
    json: tokenPut,
  },
  {
    file: 'token_patch_example.json',
    section: 'PATCH Method, Example: invalidate a Token',
    schema: ocpiTokenPatch,
    json: tokenPatch,
  },
])

/** A copy of the full RFID example broken at `path`; the issue must name `issueAt` (default: `path`). */
const bad = (name: string, path: IssuePath, to: unknown, issueAt: IssuePath = path): BadObject => ({
  name,
  schema: ocpiToken,
  value: changed(fullRfid, path, to),
  path: issueAt,
})

itRefusesBadObjects([
  bad('missing required: issuer', ['issuer'], REMOVE),
  bad('missing required: whitelist', ['whitelist'], REMOVE),
  bad('missing required: energy_contract.supplier_name', ['energy_contract', 'supplier_name'], REMOVE),
  bad('wrong enum: type', ['type'], 'CARD'),
  bad('wrong enum: whitelist', ['whitelist'], 'SOMETIMES'),
  bad('wrong enum: default_profile_type', ['default_profile_type'], 'ECO'),
  bad('string too long: uid CiString(36)', ['uid'], 'u'.repeat(37)),
  bad('string too long: language string(2)', ['language'], 'ita'),
  bad('string too long: visual_number string(64)', ['visual_number'], 'v'.repeat(65)),
  bad('bad DateTime: no seconds', ['last_updated'], '2018-12-10T17:25Z'),
  bad('boolean: valid as a string', ['valid'], 'true'),
  {
    name: 'PATCH without last_updated',
    schema: ocpiTokenPatch,
    value: { valid: false },
    path: ['last_updated'],
  },
  {
    name: 'AuthorizationInfo: wrong enum allowed',
    schema: ocpiAuthorizationInfo,
    value: { allowed: 'YES', token: appUser },
    path: ['allowed'],
  },
  {
    name: 'AuthorizationInfo: location without location_id',
    schema: ocpiAuthorizationInfo,
    value: { allowed: 'ALLOWED', token: appUser, location: { evse_uids: ['3256'] } },
    path: ['location', 'location_id'],
  },
  {
    name: 'AuthorizationInfo: token missing contract_id',
    schema: ocpiAuthorizationInfo,
    value: { allowed: 'ALLOWED', token: changed(appUser, ['contract_id'], REMOVE) },
    path: ['token', 'contract_id'],
  },
])

describe('AuthorizationInfo', () => {
  // The spec has no JSON example of it; this one is ours, built from the object description.
  it('parses a real-time authorization answer', () => {
    const info = ocpiAuthorizationInfo.parse({
      allowed: 'ALLOWED',
      token: appUser,
      location: { location_id: 'LOC1', evse_uids: ['3256', '3257'] },
      authorization_reference: 'abc-123',
      info: { language: 'en', text: 'Welcome' },
    })
    expect(info.location?.evse_uids).toEqual(['3256', '3257'])
  })
})

describe('enumerations', () => {
  it.each([
    ['AllowedType', OCPI_ALLOWED_TYPES, 5],
    ['WhitelistType', OCPI_WHITELIST_TYPES, 4],
  ] as const)('%s lists the %i values of the spec, once each', (_name, values, count) => {
    expect(new Set(values).size).toBe(count)
  })
})
