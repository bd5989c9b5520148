import { defineCatalogue, type ValueOf } from '../catalogue'

/** Fleet vehicle types. The spec gives the names; the codes are ours. */
export const VehicleType = {
  national_fleet: 'national_fleet',
  car: 'car',
  bus: 'bus',
  lgv: 'lgv',
  truck: 'truck',
  motorbike: 'motorbike',
} as const
export type VehicleType = ValueOf<typeof VehicleType>

export const vehicleTypes = defineCatalogue('vehicle type', [
  [VehicleType.national_fleet, 'National Fleet'],
  [VehicleType.car, 'Car'],
  [VehicleType.bus, 'Bus'],
  [VehicleType.lgv, 'LGV'],
  [VehicleType.truck, 'Truck'],
  [VehicleType.motorbike, 'Motorbike'],
])

/** Fuels a fleet vehicle replaced by an EV used. The spec gives the names; the codes are ours. */
export const Fuel = { diesel_petrol: 'diesel_petrol', petrol: 'petrol', diesel: 'diesel' } as const
export type Fuel = ValueOf<typeof Fuel>

export const fuels = defineCatalogue('fuel', [
  [Fuel.diesel_petrol, 'Diesel and Petrol'],
  [Fuel.petrol, 'Petrol'],
  [Fuel.diesel, 'Diesel'],
])
