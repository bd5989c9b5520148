import { describe, expect, it } from 'vitest'
import { itLabels, itListsValues } from '../test-support'
import {
  OrderStatus,
  orderStatuses,
  StageAdvanceMode,
  stageAdvanceModes,
  StageStatus,
  stageStatuses,
  StageSyncMode,
  stageSyncModes,
} from './order'

describe('catalogue sizes', () => {
  itListsValues(orderStatuses, OrderStatus, 10)
  itListsValues(stageStatuses, StageStatus, 11)
  itListsValues(stageSyncModes, StageSyncMode, 2)
  itListsValues(stageAdvanceModes, StageAdvanceMode, 2)
})

// Order status: 1 Initiated, 2 Pending, 3 Success, 4 Failed, 5 Refunded, 6 Timeout, 7 Cancelled, 8 Partial Success,
// 9 Expired, 10 Partially Refunded.
itLabels(orderStatuses, [
  [1, 'Initiated'],
  [3, 'Success'],
  [4, 'Failed'],
  [5, 'Refunded'],
  [8, 'Partial Success'],
  [10, 'Partially Refunded'],
  [0, 'Unknown (0)'],
])

// Stage status: 1 Initiated, 2 Success, 4 Failed, 5 Refunded, 6 Timeout, 7 Cancelled, 8 Manually Refunded,
// 9 Failed Refund, 10 Refunded Promotion, 11 Expired, 12 Skipped.
itLabels(stageStatuses, [
  [1, 'Initiated'],
  [2, 'Success'],
  [3, 'Unknown (3)'],
  [4, 'Failed'],
  [8, 'Manually Refunded'],
  [9, 'Failed Refund'],
  [10, 'Refunded Promotion'],
  [12, 'Skipped'],
])

// Stage progression: sync or async; auto or manual.
itLabels(stageSyncModes, [
  ['sync', 'Sync'],
  ['async', 'Async'],
  ['auto', 'Unknown (auto)'],
])
itLabels(stageAdvanceModes, [
  ['auto', 'Auto'],
  ['manual', 'Manual'],
])

describe('order status', () => {
  it('has Failed as 4, the machine-orders shortcut filter (B §2)', () => {
    expect(OrderStatus.Failed).toBe(4)
  })
})
