import { describe, expect, it } from 'vitest'
import { evDeviceCreateBody } from '@portal/contract'
import { chargerBody } from './add-charger'

describe('chargerBody', () => {
  it('sends kW as W, numbers as numbers, no tariff when none is chosen: a body the server accepts', () => {
    const body = chargerBody({
      identity: ' NEW-01 ',
      location: 'loc-1',
      version: 'ocpp2.0.1',
      vendor: ' Alfen ',
      model: '',
      evses: [
        {
          ref: 'A',
          connectors: [
            {
              standard: 'IEC_62196_T2',
              format: 'SOCKET',
              power_type: 'AC_3_PHASE',
              kw: '22',
              voltage: '400',
              amperage: '32',
              tariff: '',
            },
            {
              standard: 'IEC_62196_T2_COMBO',
              format: 'CABLE',
              power_type: 'DC',
              kw: '7.4',
              voltage: '500',
              amperage: '125',
              tariff: 't-1',
            },
          ],
        },
      ],
    })
    expect(body).toEqual({
      ocpp_identity: 'NEW-01',
      location_uid: 'loc-1',
      ocpp_version: 'ocpp2.0.1',
      vendor: 'Alfen',
      model: '',
      evses: [
        {
          physical_reference: 'A',
          connectors: [
            {
              standard: 'IEC_62196_T2',
              format: 'SOCKET',
              power_type: 'AC_3_PHASE',
              max_electric_power: 22_000,
              max_voltage: 400,
              max_amperage: 32,
            },
            {
              standard: 'IEC_62196_T2_COMBO',
              format: 'CABLE',
              power_type: 'DC',
              max_electric_power: 7_400,
              max_voltage: 500,
              max_amperage: 125,
              tariff_uid: 't-1',
            },
          ],
        },
      ],
    })
    expect(evDeviceCreateBody.safeParse(body).success).toBe(true)
  })

  it('sends the serial of a waiting charger and "not commissioned" only when asked; both parse', () => {
    const evses = [
      {
        ref: '',
        connectors: [
          {
            standard: 'IEC_62196_T2',
            format: 'SOCKET',
            power_type: 'AC_3_PHASE',
            kw: '22',
            voltage: '400',
            amperage: '32',
            tariff: '',
          },
        ],
      },
    ]
    const base = { identity: 'W-1', location: 'l', version: 'ocpp1.6' as const, vendor: '', model: '', evses }
    expect(chargerBody(base)).not.toHaveProperty('commissioned')
    expect(chargerBody({ ...base, commissioned: true })).not.toHaveProperty('commissioned')
    expect(chargerBody({ ...base, serial: ' ' })).not.toHaveProperty('serial_number')
    const later = chargerBody({ ...base, serial: ' SN-9 ', commissioned: false })
    expect(later).toMatchObject({ serial_number: 'SN-9', commissioned: false })
    expect(evDeviceCreateBody.safeParse(later).success).toBe(true)
    expect(evDeviceCreateBody.parse(chargerBody(base)).commissioned).toBe(true)
  })
})
