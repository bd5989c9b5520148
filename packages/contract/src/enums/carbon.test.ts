import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { Fuel, fuels, VehicleType, vehicleTypes } from './carbon'

describe('vehicle types: host-country national fleet, car, bus, LGV, truck, motorbike', () => {
  it('has six values in the spec order', () => {
    expect(vehicleTypes.values).toEqual(Object.values(VehicleType))
    expect(vehicleTypes.entries.map((e) => e.label)).toEqual([
      'National Fleet',
      'Car',
      'Bus',
      'LGV',
      'Truck',
      'Motorbike',
    ])
  })

  it('labels an unknown type', () => {
    expect(labelOf(vehicleTypes, 'van')).toBe('Unknown (van)')
  })
})

describe('fuels: diesel and petrol, petrol, diesel', () => {
  it.each([
    ['diesel_petrol', 'Diesel and Petrol'],
    ['petrol', 'Petrol'],
    ['diesel', 'Diesel'],
    ['lpg', 'Unknown (lpg)'],
  ])('%s is %s', (value, label) => {
    expect(labelOf(fuels, value)).toBe(label)
  })

  it('has three values', () => {
    expect(fuels.values).toEqual(Object.values(Fuel))
    expect(fuels.values).toHaveLength(3)
  })
})
