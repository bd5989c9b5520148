import { describe, expect, it } from 'vitest'
import energyMixComplete from './examples/location_energymix_example_complete.json'
import energyMixProvider from './examples/location_energymix_example_energy_provider.json'
import energyMixSimple from './examples/location_energymix_example_simple.json'
import locationExample from './examples/location_example.json'
import parkingGarage from './examples/location_example_parking_garage_opening_hours.json'
import uc2 from './examples/location_example_uc2_destination_charger.json'
import uc3 from './examples/location_example_uc3_destination_charger_not_published.json'
import uc4 from './examples/location_example_uc4_limited_visibility.json'
import uc5 from './examples/location_example_uc5_home_charge_point.json'
import hours247 from './examples/location_hours_247_open_exception_closing.json'
import hoursClosing from './examples/location_hours_opening_hours_with_exceptional_closing.json'
import hoursOpening from './examples/location_hours_opening_hours_with_exceptional_opening.json'
import patchLocation from './examples/location_patch_example_location.json'
import patchRemoveEvse from './examples/location_patch_example_remove_evse.json'
import patchStatus from './examples/location_patch_example_status.json'
import patchTariff from './examples/location_patch_example_tariff.json'
import putEvse from './examples/location_put_example_add_evse.json'
import regularHours from './examples/location_regularhours_example.json'
import {
  OCPI_CAPABILITIES,
  OCPI_FACILITIES,
  OCPI_PARKING_RESTRICTIONS,
  OCPI_PARKING_TYPES,
  OCPI_STATUSES,
  ocpiConnectorPatch,
  ocpiEvse,
  ocpiEvsePatch,
  ocpiLocation,
  ocpiLocationPatch,
} from './ocpi-locations'
import type { BadObject, IssuePath, SpecExample } from './ocpi-test-support'
import { changed, itParsesSpecExamples, itRefusesBadObjects, REMOVE } from './ocpi-test-support'
import { ocpiEnergyMix, ocpiHours } from './ocpi-types'

// The JSON examples of OCPI 2.2.1 (tag 2.2.1 of github.com/ocpi/ocpi, examples/), shown in mod_locations.asciidoc.

const EXAMPLES: SpecExample[] = [
  {
    file: 'location_example.json',
    section: 'Example public charging location',
    schema: ocpiLocation,
    json: locationExample,
  },
  {
    file: 'location_example_uc2_destination_charger.json',
    section: 'Example destination charging location',
    schema: ocpiLocation,
    json: uc2,
  },
  {
    file: 'location_example_uc3_destination_charger_not_published.json',
    section: 'Example destination charging location not published',
    schema: ocpiLocation,
    json: uc3,
  },
  {
    file: 'location_example_uc4_limited_visibility.json',
    section: 'Example charging location with limited visibility',
    schema: ocpiLocation,
    json: uc4,
  },
  {
    file: 'location_example_uc5_home_charge_point.json',
    section: 'Example private charge point with eMSP app control',
    schema: ocpiLocation,
    json: uc5,
  },
  {
    file: 'location_example_parking_garage_opening_hours.json',
    section: 'Example charge point in a parking garage with opening hours',
    schema: ocpiLocation,
    json: parkingGarage,
  },
  {
    // The spec's own example is not a valid EVSE: its connector lacks the required power_type, max_voltage,
    // max_amperage and last_updated, it writes `floor` (ignored: unknown) for floor_level, and physical_reference
    // as the number 3 instead of a string. A receiver following the object description refuses it.
    file: 'location_put_example_add_evse.json',
    section: 'PUT Method, Example: add an EVSE',
    schema: ocpiEvse,
    json: putEvse,
    refused: [
      ['connectors', 0, 'power_type'],
      ['connectors', 0, 'max_voltage'],
      ['connectors', 0, 'max_amperage'],
      ['connectors', 0, 'last_updated'],
      ['physical_reference'],
    ],
  },
  {
    file: 'location_patch_example_status.json',
    section: 'PATCH Method, Example: a simple status update',
    schema: ocpiEvsePatch,
    json: patchStatus,
  },
  {
    file: 'location_patch_example_location.json',
    section: 'PATCH Method, Example: change the location name',
    schema: ocpiLocationPatch,
    json: patchLocation,
  },
  {
    file: 'location_patch_example_tariff.json',
    section: 'PATCH Method, Example: set tariff update',
    schema: ocpiConnectorPatch,
    json: patchTariff,
  },
  {
    file: 'location_patch_example_remove_evse.json',
    section: 'PATCH Method, Example: delete an EVSE',
    schema: ocpiEvsePatch,
    json: patchRemoveEvse,
  },
  {
    file: 'location_energymix_example_simple.json',
    section: 'EnergyMix class, Simple',
    schema: ocpiEnergyMix,
    json: energyMixSimple.energy_mix,
  },
  {
    file: 'location_energymix_example_energy_provider.json',
    section: 'EnergyMix class, Tariff energy provider name',
    schema: ocpiEnergyMix,
    json: energyMixProvider.energy_mix,
  },
  {
    file: 'location_energymix_example_complete.json',
    section: 'EnergyMix class, Complete',
    schema: ocpiEnergyMix,
    json: energyMixComplete.energy_mix,
  },
  {
    file: 'location_hours_247_open_exception_closing.json',
    section: 'Hours class, Example: 24/7 open with exceptional closing',
    schema: ocpiHours,
    json: hours247,
  },
  {
    file: 'location_hours_opening_hours_with_exceptional_closing.json',
    section: 'Hours class, Example: Opening Hours with exceptional closing',
    schema: ocpiHours,
    json: hoursClosing,
  },
  {
    file: 'location_hours_opening_hours_with_exceptional_opening.json',
    section: 'Hours class, Example: Opening Hours with exceptional opening',
    schema: ocpiHours,
    json: hoursOpening,
  },
  {
    file: 'location_regularhours_example.json',
    section: 'RegularHours class, Example',
    schema: ocpiHours,
    json: regularHours.opening_times,
  },
]

itParsesSpecExamples(EXAMPLES)

const CONNECTOR = ['evses', 0, 'connectors', 0] as const
/** A copy of the public location example broken at `path`; the issue must name `issueAt` (default: `path`). */
const bad = (name: string, path: IssuePath, to: unknown, issueAt: IssuePath = path): BadObject => ({
  name,
  schema: ocpiLocation,
  value: changed(locationExample, path, to),
  path: issueAt,
})

itRefusesBadObjects([
  bad('missing required: time_zone', ['time_zone'], REMOVE),
  bad('missing required: connector standard', [...CONNECTOR, 'standard'], REMOVE),
  bad('missing required: EVSE status', ['evses', 1, 'status'], REMOVE),
  bad('null for a required field: publish', ['publish'], null),
  bad('wrong enum: connector standard', [...CONNECTOR, 'standard'], 'TYPE_2'),
  bad('wrong enum: enumerations are case-sensitive', [...CONNECTOR, 'power_type'], 'ac_3_phase'),
  bad('wrong enum: connector format', [...CONNECTOR, 'format'], 'PLUG'),
  bad('wrong enum: EVSE status', ['evses', 0, 'status'], 'BROKEN'),
  bad('wrong enum: capability', ['evses', 0, 'capabilities', 0], 'RESERVEABLE'),
  bad('wrong enum: parking_type', ['parking_type'], 'STREET'),
  bad('wrong enum: facility', ['facilities'], ['CINEMA'], ['facilities', 0]),
  bad('string too long: country_code CiString(2)', ['country_code'], 'BEL'),
  bad('string too long: party_id CiString(3)', ['party_id'], 'BECH'),
  bad('string too long: id CiString(36)', ['id'], 'L'.repeat(37)),
  bad('string too long: address string(255)', ['address'], 'a'.repeat(256)),
  bad('string too long: city string(45)', ['city'], 'c'.repeat(46)),
  bad('string too long: evse_id CiString(48)', ['evses', 0, 'evse_id'], 'E'.repeat(49)),
  bad('string too long: floor_level string(4)', ['evses', 0, 'floor_level'], '-1000'),
  bad('bad DateTime: a space instead of T', ['last_updated'], '2015-06-29 20:39:09Z'),
  bad('bad DateTime: an offset is not UTC', ['last_updated'], '2015-06-29T20:39:09+00:00'),
  bad('bad DateTime: 30 February', [...CONNECTOR, 'last_updated'], '2015-02-30T10:10:02Z'),
  bad('bad DateTime: date only', ['evses', 0, 'last_updated'], '2015-06-28'),
  bad('empty array where +: EVSE connectors', ['evses', 0, 'connectors'], []),
  bad('int: max_voltage', [...CONNECTOR, 'max_voltage'], 220.5),
  bad('GeoLocation: fewer than 5 decimals', ['coordinates', 'latitude'], '51.0475'),
  bad('GeoLocation: a comma separator', ['coordinates', 'longitude'], '3,729944'),
  bad('URL: not absolute', ['operator', 'website'], 'www.becharged.be'),
  bad(
    'RegularHours: weekday 8',
    ['opening_times'],
    { twentyfourseven: false, regular_hours: [{ weekday: 8, period_begin: '08:00', period_end: '20:00' }] },
    ['opening_times', 'regular_hours', 0, 'weekday'],
  ),
  bad(
    'RegularHours: 24:00',
    ['opening_times'],
    { twentyfourseven: false, regular_hours: [{ weekday: 1, period_begin: '08:00', period_end: '24:00' }] },
    ['opening_times', 'regular_hours', 0, 'period_end'],
  ),
  bad(
    'PublishTokenType: uid without type',
    ['publish_allowed_to'],
    [{ uid: '12345678905880' }],
    ['publish_allowed_to', 0, 'type'],
  ),
  bad(
    'PublishTokenType: visual_number without issuer',
    ['publish_allowed_to'],
    [{ visual_number: '12345-67' }],
    ['publish_allowed_to', 0, 'issuer'],
  ),
  bad(
    'PublishTokenType: none of uid, visual_number, group_id',
    ['publish_allowed_to'],
    [{ issuer: 'ANWB' }],
    ['publish_allowed_to', 0],
  ),
])

describe('PATCH bodies', () => {
  itRefusesBadObjects([
    {
      name: 'Location PATCH without last_updated',
      schema: ocpiLocationPatch,
      value: { name: 'Gent Zuid' },
      path: ['last_updated'],
    },
    {
      name: 'EVSE PATCH with an empty connectors list',
      schema: ocpiEvsePatch,
      value: { connectors: [], last_updated: '2019-06-24T12:39:09Z' },
      path: ['connectors'],
    },
    {
      name: 'Connector PATCH with a wrong standard',
      schema: ocpiConnectorPatch,
      value: { standard: 'TYPE_2', last_updated: '2019-06-24T12:39:09Z' },
      path: ['standard'],
    },
  ])
})

describe('null and unknown fields', () => {
  it('reads null in an optional field as absent', () => {
    const parsed = ocpiLocation.parse(
      changed(changed(locationExample, ['name'], null), ['evses', 0, 'capabilities'], null),
    )
    expect(parsed.name).toBeUndefined()
    expect(parsed.evses?.[0]?.capabilities).toBeUndefined()
  })

  it('ignores fields it does not know, as a receiver must', () => {
    const parsed = ocpiLocation.parse({ ...locationExample, added_in_2_3: { anything: true } })
    expect(parsed).not.toHaveProperty('added_in_2_3')
    expect(parsed.evses).toHaveLength(2)
  })
})

describe('enumerations', () => {
  it.each([
    ['Capability', OCPI_CAPABILITIES, 13],
    ['Facility', OCPI_FACILITIES, 20],
    ['ParkingRestriction', OCPI_PARKING_RESTRICTIONS, 5],
    ['ParkingType', OCPI_PARKING_TYPES, 6],
    ['Status', OCPI_STATUSES, 9],
  ] as const)('%s lists the %i values of the spec, once each', (_name, values, count) => {
    expect(new Set(values).size).toBe(count)
  })
})
