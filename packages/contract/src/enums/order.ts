import { defineCatalogue, type ValueOf } from '../catalogue'

export const OrderStatus = {
  Initiated: 1,
  Pending: 2,
  Success: 3,
  Failed: 4,
  Refunded: 5,
  Timeout: 6,
  Cancelled: 7,
  PartialSuccess: 8,
  Expired: 9,
  PartiallyRefunded: 10,
} as const
export type OrderStatus = ValueOf<typeof OrderStatus>

export const orderStatuses = defineCatalogue('order status', [
  [OrderStatus.Initiated, 'Initiated'],
  [OrderStatus.Pending, 'Pending'],
  [OrderStatus.Success, 'Success'],
  [OrderStatus.Failed, 'Failed'],
  [OrderStatus.Refunded, 'Refunded'],
  [OrderStatus.Timeout, 'Timeout'],
  [OrderStatus.Cancelled, 'Cancelled'],
  [OrderStatus.PartialSuccess, 'Partial Success'],
  [OrderStatus.Expired, 'Expired'],
  [OrderStatus.PartiallyRefunded, 'Partially Refunded'],
])

/** Order stage status. The spec has no value 3. */
export const StageStatus = {
  Initiated: 1,
  Success: 2,
  Failed: 4,
  Refunded: 5,
  Timeout: 6,
  Cancelled: 7,
  ManuallyRefunded: 8,
  FailedRefund: 9,
  RefundedPromotion: 10,
  Expired: 11,
  Skipped: 12,
} as const
export type StageStatus = ValueOf<typeof StageStatus>

export const stageStatuses = defineCatalogue('stage status', [
  [StageStatus.Initiated, 'Initiated'],
  [StageStatus.Success, 'Success'],
  [StageStatus.Failed, 'Failed'],
  [StageStatus.Refunded, 'Refunded'],
  [StageStatus.Timeout, 'Timeout'],
  [StageStatus.Cancelled, 'Cancelled'],
  [StageStatus.ManuallyRefunded, 'Manually Refunded'],
  [StageStatus.FailedRefund, 'Failed Refund'],
  [StageStatus.RefundedPromotion, 'Refunded Promotion'],
  [StageStatus.Expired, 'Expired'],
  [StageStatus.Skipped, 'Skipped'],
])

/** Stage progression, first axis: does the order wait for the stage (sync) or not (async). */
export const StageSyncMode = { sync: 'sync', async: 'async' } as const
export type StageSyncMode = ValueOf<typeof StageSyncMode>

export const stageSyncModes = defineCatalogue('stage sync mode', [
  [StageSyncMode.sync, 'Sync'],
  [StageSyncMode.async, 'Async'],
])

/** Stage progression, second axis: does the next stage start by itself (auto) or by an operator (manual). */
export const StageAdvanceMode = { auto: 'auto', manual: 'manual' } as const
export type StageAdvanceMode = ValueOf<typeof StageAdvanceMode>

export const stageAdvanceModes = defineCatalogue('stage advance mode', [
  [StageAdvanceMode.auto, 'Auto'],
  [StageAdvanceMode.manual, 'Manual'],
])
