import { defineCatalogue, type ValueOf } from '../catalogue'

/** Status of a closed-loop person or employee. The spec names no values; these are ours (decision 0019). */
export const ClosedLoopStatus = { Inactive: 0, Active: 1, Suspended: 2 } as const
export type ClosedLoopStatus = ValueOf<typeof ClosedLoopStatus>

export const closedLoopStatuses = defineCatalogue('closed-loop status', [
  [ClosedLoopStatus.Inactive, 'Inactive'],
  [ClosedLoopStatus.Active, 'Active'],
  [ClosedLoopStatus.Suspended, 'Suspended'],
])

/**
 * What an employee's balance is (`balance_type`), and so which of the two employee variants of B §3 shows it:
 * an item balance is a fixed pool for a validity window (no refresh); a quota refills to `quota` on a schedule.
 */
export const EmployeeBalanceType = { ItemBalance: 1, Quota: 2 } as const
export type EmployeeBalanceType = ValueOf<typeof EmployeeBalanceType>

export const employeeBalanceTypes = defineCatalogue('employee balance type', [
  [EmployeeBalanceType.ItemBalance, 'Item Balance'],
  [EmployeeBalanceType.Quota, 'Quota'],
])

export const Gender = { Female: 'F', Male: 'M', Unspecified: 'U' } as const
export type Gender = ValueOf<typeof Gender>

export const genders = defineCatalogue('gender', [
  [Gender.Female, 'Female'],
  [Gender.Male, 'Male'],
  [Gender.Unspecified, 'Not stated'],
])

/** How a redemption identified the employee at the machine (`method_code`). */
export const RedemptionMethod = {
  Nric: 'nric',
  RedemptionCode: 'redemption_code',
  QrCode: 'qr_code',
} as const
export type RedemptionMethod = ValueOf<typeof RedemptionMethod>

export const redemptionMethods = defineCatalogue('redemption method', [
  [RedemptionMethod.Nric, 'NRIC'],
  [RedemptionMethod.RedemptionCode, 'Redemption Code'],
  [RedemptionMethod.QrCode, 'QR Code'],
])
