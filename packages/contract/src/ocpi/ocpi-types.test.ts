import { describe, expect, it } from 'vitest'
import cdrExample from './examples/2.2.1-d2/cdr_example.json'
import displayText from './examples/type_displaytext_example.json'
import locationExample from './examples/location_example.json'
import tariffExample from './examples/tariff_1_simple_2hour.json'
import tokenExample from './examples/token_example_1_app_user.json'
import sessionExample from './examples/2.2.1-d2/session_example_2_short_finished.json'
import { OCPI_OBJECT_SCHEMAS } from './objects'
import { issuePaths, itParsesSpecExamples, itRefusesBadObjects } from './ocpi-test-support'
import {
  formatOcpiDateTime,
  OCPI_AUTH_METHODS,
  OCPI_CONNECTOR_FORMATS,
  OCPI_CONNECTOR_TYPES,
  OCPI_ENERGY_SOURCE_CATEGORIES,
  OCPI_ENVIRONMENTAL_IMPACT_CATEGORIES,
  OCPI_IMAGE_CATEGORIES,
  OCPI_POWER_TYPES,
  OCPI_PROFILE_TYPES,
  OCPI_TOKEN_TYPES,
  ocpiDateTime,
  ocpiDisplayText,
  ocpiImage,
  ocpiPrice,
  parseOcpiDateTime,
} from './ocpi-types'

// types.asciidoc of OCPI 2.2.1 (tag 2.2.1 of github.com/ocpi/ocpi) and the shared classes of mod_locations.

itParsesSpecExamples([
  {
    file: 'type_displaytext_example.json',
    section: 'types.asciidoc, DisplayText class',
    schema: ocpiDisplayText,
    json: displayText,
  },
])

describe('DateTime', () => {
  it.each([
    // Every format types.asciidoc lists, UTC with or without the Z.
    ['2015-06-29T20:39:09Z', Date.UTC(2015, 5, 29, 20, 39, 9)],
    ['2015-06-29T20:39:09', Date.UTC(2015, 5, 29, 20, 39, 9)],
    ['2016-12-29T17:45:09.2Z', Date.UTC(2016, 11, 29, 17, 45, 9, 200)],
    ['2016-12-29T17:45:09.2', Date.UTC(2016, 11, 29, 17, 45, 9, 200)],
    ['2018-01-01T01:08:01.123Z', Date.UTC(2018, 0, 1, 1, 8, 1, 123)],
    ['2018-01-01T01:08:01.123', Date.UTC(2018, 0, 1, 1, 8, 1, 123)],
    ['2018-01-01T01:08:01.12345', Date.UTC(2018, 0, 1, 1, 8, 1, 123)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
  ])('%s is %i', (text, ms) => {
    expect(parseOcpiDateTime(text)).toBe(ms)
    expect(ocpiDateTime.safeParse(text).success).toBe(true)
  })

  it.each([
    ['an offset ("+00:00 is not the same as UTC")', '2015-06-29T20:39:09+00:00'],
    ['a local offset', '2015-06-29T22:39:09+02:00'],
    ['lower-case separators', '2015-06-29t20:39:09z'],
    ['a space', '2015-06-29 20:39:09Z'],
    ['no seconds', '2015-06-29T20:39Z'],
    ['a date only', '2015-06-29'],
    ['31 April', '2015-04-31T00:00:00Z'],
    ['29 February of a common year', '2023-02-29T00:00:00Z'],
    ['hour 24', '2015-06-29T24:00:00Z'],
    ['a leap second', '2016-12-31T23:59:60Z'],
    ['more than 25 characters', '2018-01-01T01:08:01.123456Z'],
    ['the unpadded 1970 date the CDR module mentions', '1970-1-1T00:00:00Z'],
    ['epoch milliseconds', '1435610349000'],
  ])('%s is refused', (_name, text) => {
    expect(parseOcpiDateTime(text)).toBeUndefined()
    expect(issuePaths(ocpiDateTime, text)).toEqual([[]])
  })

  it('formats as UTC with Z, milliseconds only when there are some', () => {
    expect(formatOcpiDateTime(Date.UTC(2015, 5, 29, 20, 39, 9))).toBe('2015-06-29T20:39:09Z')
    expect(formatOcpiDateTime(Date.UTC(2018, 0, 1, 1, 8, 1, 123))).toBe('2018-01-01T01:08:01.123Z')
    expect(parseOcpiDateTime(formatOcpiDateTime(1_435_610_349_000))).toBe(1_435_610_349_000)
  })
})

itRefusesBadObjects([
  {
    name: 'DisplayText: language string(2)',
    schema: ocpiDisplayText,
    value: { language: 'eng', text: 'x' },
    path: ['language'],
  },
  {
    name: 'DisplayText: text string(512)',
    schema: ocpiDisplayText,
    value: { language: 'en', text: 'x'.repeat(513) },
    path: ['text'],
  },
  { name: 'Price: excl_vat missing', schema: ocpiPrice, value: { incl_vat: 1 }, path: ['excl_vat'] },
  {
    name: 'Price: not a finite number',
    schema: ocpiPrice,
    value: { excl_vat: 1, incl_vat: 'NaN' },
    path: ['incl_vat'],
  },
  {
    name: 'Image: wrong enum category',
    schema: ocpiImage,
    value: { url: 'https://example.com/a.png', category: 'PHOTO', type: 'png' },
    path: ['category'],
  },
  {
    name: 'Image: width is int(5)',
    schema: ocpiImage,
    value: { url: 'https://example.com/a.png', category: 'OTHER', type: 'png', width: 100_000 },
    path: ['width'],
  },
  {
    name: 'Image: type CiString(4)',
    schema: ocpiImage,
    value: { url: 'https://example.com/a.png', category: 'OTHER', type: 'image/png' },
    path: ['type'],
  },
])

describe('Price', () => {
  it('takes null incl_vat as absent', () => {
    expect(ocpiPrice.parse({ excl_vat: 2.5, incl_vat: null })).toEqual({ excl_vat: 2.5, incl_vat: undefined })
  })
})

describe('shared enumerations', () => {
  it.each([
    ['ConnectorType', OCPI_CONNECTOR_TYPES, 40],
    ['ConnectorFormat', OCPI_CONNECTOR_FORMATS, 2],
    ['PowerType', OCPI_POWER_TYPES, 5],
    ['TokenType', OCPI_TOKEN_TYPES, 4],
    ['AuthMethod', OCPI_AUTH_METHODS, 3],
    ['ProfileType', OCPI_PROFILE_TYPES, 4],
    ['ImageCategory', OCPI_IMAGE_CATEGORIES, 7],
    ['EnergySourceCategory', OCPI_ENERGY_SOURCE_CATEGORIES, 8],
    ['EnvironmentalImpactCategory', OCPI_ENVIRONMENTAL_IMPACT_CATEGORIES, 2],
  ] as const)('%s lists the %i values of the spec, once each', (_name, values, count) => {
    expect(new Set(values).size).toBe(count)
  })
})

describe('OCPI_OBJECT_SCHEMAS', () => {
  it.each([
    ['locations', locationExample],
    ['sessions', sessionExample],
    ['cdrs', cdrExample],
    ['tariffs', tariffExample],
    ['tokens', tokenExample],
  ] as const)('%s reads its module object', (module, example) => {
    expect(issuePaths(OCPI_OBJECT_SCHEMAS[module], example)).toEqual([])
    // and not another module's object
    expect(issuePaths(OCPI_OBJECT_SCHEMAS[module], displayText)).not.toEqual([])
  })
})
