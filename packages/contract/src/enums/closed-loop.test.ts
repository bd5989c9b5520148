import { describe } from 'vitest'
import { itLabels, itListsValues } from '../test-support'
import {
  ClosedLoopStatus,
  closedLoopStatuses,
  EmployeeBalanceType,
  employeeBalanceTypes,
  Gender,
  genders,
  RedemptionMethod,
  redemptionMethods,
} from './closed-loop'

describe('catalogue sizes', () => {
  itListsValues(closedLoopStatuses, ClosedLoopStatus, 3)
  itListsValues(employeeBalanceTypes, EmployeeBalanceType, 2)
  itListsValues(genders, Gender, 3)
  itListsValues(redemptionMethods, RedemptionMethod, 3)
})

itLabels(closedLoopStatuses, [
  [0, 'Inactive'],
  [1, 'Active'],
  [2, 'Suspended'],
  [9, 'Unknown (9)'],
])
itLabels(employeeBalanceTypes, [
  [1, 'Item Balance'],
  [2, 'Quota'],
  [3, 'Unknown (3)'],
])
itLabels(genders, [
  ['F', 'Female'],
  ['M', 'Male'],
  ['X', 'Unknown (X)'],
])
itLabels(redemptionMethods, [
  ['nric', 'NRIC'],
  ['redemption_code', 'Redemption Code'],
  ['qr_code', 'QR Code'],
  ['card', 'Unknown (card)'],
])
