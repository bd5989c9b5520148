import { describe, expect, it } from 'vitest'
import '@/lib/i18n'
import { i18n } from '@/lib/i18n'
import type { FilterDef } from '@/components/data-table/list-state'
import {
  busFilterDefs,
  busListQuery,
  DEFAULT_RANGE_MS,
  parsePlates,
  rangeOf,
  voltnetCountBody,
  voltnetFilterDefs,
  voltnetListBody,
} from './session-list-filters'

const NOW = Date.UTC(2026, 10, 23, 4, 0, 0)

/** A list state as the URL gives it: text, multi and select values by key. */
function listOf(values: Record<string, string | string[]> = {}) {
  return {
    text: (key: string) => {
      const v = values[key]
      return typeof v === 'string' ? v : ''
    },
    multi: (key: string) => {
      const v = values[key]
      return Array.isArray(v) ? v : []
    },
    select: (key: string) => {
      const v = values[key]
      return typeof v === 'string' ? v : ''
    },
  }
}

describe('rangeOf', () => {
  it.each([
    [{}, { from: NOW - DEFAULT_RANGE_MS, to: NOW }],
    [{ from: '1700000000000' }, { from: 1_700_000_000_000, to: NOW }],
    [
      { from: '1', to: '2' },
      { from: 1, to: 2 },
    ],
    [
      { from: 'yesterday', to: '-5' },
      { from: NOW - DEFAULT_RANGE_MS, to: NOW },
    ],
  ])('%j reads as %j', (values, range) => {
    expect(rangeOf(listOf(values), NOW)).toEqual(range)
  })

  it('defaults to the 7 days before now (B §9)', () => {
    expect(DEFAULT_RANGE_MS).toBe(7 * 24 * 3_600_000)
  })
})

describe('parsePlates', () => {
  it.each([
    ['', []],
    ['sbs1234a', ['SBS1234A']],
    [' SBS1A, sbs2b ;SBS3C\nSBS1A ', ['SBS1A', 'SBS2B', 'SBS3C']],
  ])('%j → %j', (text, plates) => {
    expect(parsePlates(text)).toEqual(plates)
  })
})

describe('busways v3 query', () => {
  it('sends the default range in ms, the page the list asks for, and leaves empty filters out', () => {
    expect(busListQuery(listOf(), { limit: 21, offset: 0 }, NOW, 'BUS')).toEqual({
      last_updated_from: NOW - DEFAULT_RANGE_MS,
      last_updated_to: NOW,
      limit: 21,
      offset: 0,
      round_costs: 'true',
      entity_code: 'BUS',
    })
  })

  it('sends every filter of the call', () => {
    expect(
      busListQuery(
        listOf({
          from: '100',
          to: '200',
          status: ['COMPLETED', 'ACTIVE'],
          plates: 'sbs1a sbs2b',
          evse: ' E1 ',
          external_id: 'BUS-S1',
          auth_ref: 'AUTH1',
          cpo: 'BUS',
          emsp: 'VOLT',
        }),
        { limit: 21, offset: 40 },
        NOW,
        null,
      ),
    ).toEqual({
      last_updated_from: 100,
      last_updated_to: 200,
      limit: 21,
      offset: 40,
      round_costs: 'true',
      'status[]': ['COMPLETED', 'ACTIVE'],
      'license_plate[]': ['SBS1A', 'SBS2B'],
      evse_external_id: 'E1',
      external_id: 'BUS-S1',
      authorization_reference: 'AUTH1',
      cpo_entity_code: 'BUS',
      emsp_entity_code: 'VOLT',
    })
  })

  it('offers the caller’s own entity among the CPO and EMSP options', () => {
    const defs = busFilterDefs(i18n.t, [{ code: 'CPO', name: 'SparkGrid', roles: ['CPO'] }], [], {
      code: 'BUS',
      name: 'Busways Transit',
    })
    const options = (key: string) =>
      (defs.find((d) => d.key === key) as Extract<FilterDef, { kind: 'select' }>).options.map((o) => o.value)
    expect(options('cpo')).toEqual(['', 'BUS', 'CPO'])
    expect(options('emsp')).toEqual(['', 'BUS'])
  })
})

describe('voltnet v1 body', () => {
  it.each(['CPO', 'EMSP'] as const)(
    'names the side %s and the default range; empty filters left out',
    (side) => {
      expect(voltnetCountBody(listOf(), side, NOW)).toEqual({
        myEntityType: side,
        startDateTime: NOW - DEFAULT_RANGE_MS,
        endDateTime: NOW,
      })
      expect(voltnetListBody(listOf({}), { limit: 20, offset: 20 }, side, NOW)).toEqual({
        myEntityType: side,
        startDateTime: NOW - DEFAULT_RANGE_MS,
        endDateTime: NOW,
        limit: 20,
        offset: 20,
      })
    },
  )

  it('sends every filter of the call', () => {
    expect(
      voltnetCountBody(
        listOf({
          from: '10',
          to: '20',
          partner: 'EMSP',
          method: 'RFID',
          user: ' d-1 ',
          state: 'STOPPED',
          stop_reason: 'REMOTE_STOP',
          evse: 'SG*VLT*E1*1',
          session_id: 'VOLT-S1',
        }),
        'CPO',
        NOW,
      ),
    ).toEqual({
      myEntityType: 'CPO',
      startDateTime: 10,
      endDateTime: 20,
      partnerEntityCode: 'EMSP',
      paymentMethodCode: 'RFID',
      userID: 'd-1',
      state: 'STOPPED',
      stopReason: 'REMOTE_STOP',
      evseId: 'SG*VLT*E1*1',
      chargingSessionID: 'VOLT-S1',
    })
  })

  it('leaves out a status or stop reason the catalogues do not know (a hand-edited URL)', () => {
    const body = voltnetCountBody(listOf({ state: 'NAPPING', stop_reason: 'TIRED' }), 'CPO', NOW)
    expect(body).not.toHaveProperty('state')
    expect(body).not.toHaveProperty('stopReason')
  })

  it.each([
    ['CPO', 'EMSP'],
    ['EMSP', 'CPO'],
  ] as const)('the %s list’s partner filter is labelled %s', (side, label) => {
    const defs = voltnetFilterDefs(i18n.t, side, [], null)
    expect(defs.find((d) => d.key === 'partner')?.label).toBe(label)
  })
})
