/* eslint-disable no-restricted-imports -- this test checks every list's columns against its export, so it reads the
   features' column factories; no shared code imports them */
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { orderItemColumns } from '@/components/orders/order-item-columns'
import { alertColumns } from '@/features/alerts/alert-columns'
import { dashboardColumns } from '@/features/bus-sessions/dashboard-columns'
import { carbonColumns } from '@/features/carbon/carbon-columns'
import { sessionColumns } from '@/features/charging-sessions/session-columns'
import { creditColumns } from '@/features/credits/credit-columns'
import { machineColumns } from '@/features/machines/machine-columns'
import { maintenanceColumns } from '@/features/maintenance/maintenance-columns'
import { transactionColumns } from '@/features/transactions/transaction-columns'
import type { DataColumn } from './types'

/*
 * Each list's `exportHeader`s against its export's header row (decision 0116). The headers are copied from the
 * server's export sources (web tests cannot import server code); a renamed server header fails here.
 */

// apps/server/src/modules/payment/transactions/transaction.export.ts
const TRANSACTION_HEADERS = [
  'id',
  'uuid',
  'order_uuid',
  'username',
  'currency_code',
  'amount',
  'refundable_amount',
  'refunded_amount',
  'transaction_type',
  'transaction_status',
  'payment_type_code',
  'payment_method_code',
  'payment_gateway_code',
  'created_at',
  'payment_refer_no',
  'entity_refer_no',
]

// apps/server/src/modules/charging/sessions/session.export.ts (sessionExportColumns)
const EV_SESSION_HEADERS = [
  'Charging Session ID',
  'CPO Entity Name',
  'EMSP Entity Name',
  'EVSE ID',
  'Location Name',
  'Charger Type',
  'Max Power (kW)',
  'Location Address',
  'Connector Physical Reference',
  'Charging Status',
  'Stop Reason',
  'Protocol',
  'Payment Method',
  'Tariff ($/kWh)',
  'Total Energy (kWh)',
  'Total Energy Cost',
  'Total Idle Cost',
  'Total Hogging Cost',
  'Total Flat Cost',
  'Total Cost (incl. tax)',
  'Total Cost (excl. tax)',
  'Currency',
  'Start Time',
  'End Time',
  'Charging Duration (min)',
  'Vehicle License Plate',
  'Invoice Reference ID',
]

// apps/server/src/modules/bus/sessions/bus-session.export.ts (busSessionExportColumns: User after the id), also the
// columns of apps/server/src/modules/bus/voltnet/voltnet-session.export.ts
const BUS_SESSION_HEADERS = ['Charging Session ID', 'User', ...EV_SESSION_HEADERS.slice(1)]

// apps/server/src/modules/iot/maintenance/mt-summary.export.ts
const MAINTENANCE_HEADERS = [
  'mt_user_id',
  'name',
  'phone_number',
  'postal_code',
  'location',
  'alias',
  'username',
  'serial_number',
  'start_time',
  'end_time',
  'topped_up',
  'challenge_type',
  'challenge_bypassed',
  'challenge_bypass_reason',
]

// apps/server/src/modules/alerts/alert.export.ts
const ALERT_HEADERS = [
  'id',
  'severity',
  'status',
  'kind',
  'subject',
  'message',
  'raised_at',
  'last_seen_at',
  'acknowledged_at',
  'acknowledged_by',
  'resolved_at',
  'resolved_by',
  'comments',
]

// apps/server/src/modules/iot/credit-logs/credit-log.export.ts
const CREDIT_LOG_HEADERS = [
  'credits_log_id',
  'machine_id',
  'machine_username',
  'machine_serial_number',
  'machine_alias',
  'machine_location',
  'amount',
  'credit_mode',
  'payment_method',
  'created_at',
  'client_time',
]

// apps/server/src/modules/carbon/record.export.ts
const CARBON_RECORD_HEADERS = [
  'id',
  'cpo_entity_code',
  'fo_entity_code',
  'kWh',
  'date_time',
  'emissions_reduced',
  'total_earnings',
  'cpo_earnings',
  'fo_earnings',
  'scenario',
  'cdr',
  'vc_url',
  'currency',
  'license_plate',
  'location_name',
  'emission_factor',
]

// apps/server/src/modules/iot/orders/order.export.ts
const ORDER_ITEM_HEADERS = [
  'id',
  'machine_order_uuid',
  'machine_order_out_trade_no',
  'alias',
  'serial_number',
  'username',
  'location',
  'postal_code',
  'order_no',
  'payment_type_code',
  'payment_method_code',
  'machine_order_item_status',
  'credit',
  'redemption_record_uuid',
  'discount',
  'price',
  'slot_no',
  'item_name',
  'description',
  'date',
  'time',
  'sku_id',
  'refund_promotion_id',
  'failed_stage_name',
  'failed_stage_no',
  'set_name',
]

// apps/server/src/modules/iot/machines/machine.export.ts
const MACHINE_HEADERS = [
  'username',
  'serial_number',
  'alias',
  'machine_id',
  'location',
  'postal_code',
  'overall_status',
  'model_number',
  'last_activity_time',
  'last_maintenance_time',
  'vmc_type',
  'vmc_port',
  'sets',
  'payment_selections',
  'is_active',
  'capacity',
  'stock',
]

// The column factories read only the key of a text, never its translation.
const t = ((key: string) => key) as unknown as TFunction
const nameOf = (code: string) => code

// Every type of row is a different DataColumn; the test reads only `id` and `exportHeader`.
type AnyColumns = readonly Pick<DataColumn<never>, 'id' | 'exportHeader'>[]

const lists: [string, AnyColumns, readonly string[]][] = [
  ['transactions', transactionColumns(t), TRANSACTION_HEADERS],
  ['ev-sessions', sessionColumns(t, nameOf, 0), EV_SESSION_HEADERS],
  ['bus-sessions and voltnet-sessions', dashboardColumns(t, nameOf), BUS_SESSION_HEADERS],
  ['maintenance', maintenanceColumns(t), MAINTENANCE_HEADERS],
  ['alerts', alertColumns(t), ALERT_HEADERS],
  ['credit-logs', creditColumns(t), CREDIT_LOG_HEADERS],
  ['carbon-records', carbonColumns(t), CARBON_RECORD_HEADERS],
  ['order-items', orderItemColumns(t), ORDER_ITEM_HEADERS],
  ['machines', machineColumns(t), MACHINE_HEADERS],
]

describe.each(lists)('export headers of %s', (_name, columns, headers) => {
  const mapped = columns.flatMap((c) => (c.exportHeader === undefined ? [] : [c.exportHeader]))

  it('maps columns to the export', () => {
    expect(mapped.length).toBeGreaterThan(0)
  })

  it('uses only headers of the export', () => {
    expect(mapped.filter((h) => !headers.includes(h))).toEqual([])
  })

  it('maps no two columns to one header', () => {
    expect(new Set(mapped).size).toBe(mapped.length)
  })
})
