import { describe, expect, it } from 'vitest'
import cdrExampleD2 from './examples/2.2.1-d2/cdr_example.json'
import cdrExample from './examples/cdr_example.json'
import { OCPI_CDR_DIMENSION_TYPES, ocpiCdr } from './ocpi-cdrs'
import type { BadObject, IssuePath } from './ocpi-test-support'
import { changed, itParsesSpecExamples, itRefusesBadObjects, REMOVE } from './ocpi-test-support'

// The JSON example of OCPI 2.2.1 (tag 2.2.1 of github.com/ocpi/ocpi, examples/cdr_example.json), shown in
// mod_cdrs.asciidoc "Example of a CDR", and its correction in the 2.2.1-d2 erratum (branch release-2.2.1-bugfixes).

itParsesSpecExamples([
  {
    // The 2.2.1 example's cdr_token lacks country_code and party_id, which CdrToken requires; 2.2.1-d2 adds them.
    file: 'cdr_example.json',
    section: 'Example of a CDR (2.2.1)',
    schema: ocpiCdr,
    json: cdrExample,
    refused: [
      ['cdr_token', 'country_code'],
      ['cdr_token', 'party_id'],
    ],
  },
  {
    file: '2.2.1-d2/cdr_example.json',
    section: 'Example of a CDR (2.2.1-d2)',
    schema: ocpiCdr,
    json: cdrExampleD2,
  },
])

const LOCATION = ['cdr_location'] as const
const SIGNED = {
  encoding_method: 'OCMF',
  signed_values: [{ nature: 'Start', plain_data: 'OCMF|{}', signed_data: 'MEUCIQ==' }],
}

/** A copy of the CDR example (2.2.1-d2) broken at `path`; the issue must name `issueAt` (default: `path`). */
const bad = (name: string, path: IssuePath, to: unknown, issueAt: IssuePath = path): BadObject => ({
  name,
  schema: ocpiCdr,
  value: changed(cdrExampleD2, path, to),
  path: issueAt,
})

itRefusesBadObjects([
  bad('missing required: total_cost', ['total_cost'], REMOVE),
  bad('missing required: total_energy', ['total_energy'], REMOVE),
  bad('missing required: cdr_location.evse_id', [...LOCATION, 'evse_id'], REMOVE),
  bad('missing required: end_date_time', ['end_date_time'], REMOVE),
  bad('wrong enum: connector_standard', [...LOCATION, 'connector_standard'], 'TYPE2'),
  bad('wrong enum: connector_power_type', [...LOCATION, 'connector_power_type'], 'AC'),
  bad('wrong enum: auth_method', ['auth_method'], 'APP'),
  bad('string too long: id CiString(39)', ['id'], 'c'.repeat(40)),
  bad('string too long: country string(3)', [...LOCATION, 'country'], 'BELG'),
  bad('string too long: remark string(255)', ['remark'], 'r'.repeat(256)),
  bad('bad DateTime: end_date_time', ['end_date_time'], '29-06-2015T23:37:32Z'),
  bad('empty array where +: charging_periods', ['charging_periods'], []),
  bad('empty array where +: signed_values', ['signed_data'], { ...SIGNED, signed_values: [] }, [
    'signed_data',
    'signed_values',
  ]),
  bad('empty array where +: embedded tariff elements', ['tariffs', 0, 'elements'], []),
  bad('number: total_energy as a string', ['total_energy'], '15.342'),
  bad('credit CDR without credit_reference_id', ['credit'], true, ['credit_reference_id']),
  bad(
    'GeoLocation: latitude beyond 2 integer digits',
    [...LOCATION, 'coordinates', 'latitude'],
    '351.047599',
  ),
])

describe('CDR details', () => {
  it('accepts signed data and a credit CDR that names the CDR it credits', () => {
    const credit = ocpiCdr.parse({
      ...cdrExampleD2,
      id: '12345-CREDIT',
      credit: true,
      credit_reference_id: '12345',
      total_cost: { excl_vat: -4, incl_vat: -4.4 },
      signed_data: SIGNED,
    })
    expect(credit.total_cost.excl_vat).toBe(-4)
    expect(credit.signed_data?.signed_values).toHaveLength(1)
  })

  it('accepts #NA for the EVSE and connector of a reservation that never became a session', () => {
    const na = changed(
      changed(changed(cdrExampleD2, [...LOCATION, 'evse_uid'], '#NA'), [...LOCATION, 'evse_id'], '#NA'),
      [...LOCATION, 'connector_id'],
      '#NA',
    )
    expect(ocpiCdr.safeParse(na).success).toBe(true)
  })

  it('CdrDimensionType lists the 13 values of the spec, once each', () => {
    expect(new Set(OCPI_CDR_DIMENSION_TYPES).size).toBe(13)
  })
})
