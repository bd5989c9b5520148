import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { ApiError } from '@/lib/http'
import { ChargingSessionDetail } from './charging-session-detail'
import type { SessionDetailView } from './session-detail-view'

const T0 = Date.UTC(2026, 10, 20, 2, 0, 0)
const MIN = 60_000

const session: SessionDetailView = {
  id: 'a1b2c3',
  externalId: 'CPO-S00000001',
  status: 'COMPLETED',
  stopReason: 'VEHICLE_BATTERY_LIMIT_REACHED',
  currency: 'SGD',
  startDateTime: T0,
  endDateTime: T0 + 120 * MIN,
  energyKwh: 42.5,
  pricePerKwh: { exclVat: 0.5, inclVat: 0.545 },
  costsByType: {
    energy: { exclVat: 21.25, inclVat: 23.16 },
    time: { exclVat: 0, inclVat: 0 },
    parkingTime: { exclVat: 3, inclVat: 3.27 },
    flat: null,
  },
  totalCost: { exclVat: 24.25, inclVat: 26.43 },
  chargingPeriods: [
    { start_date_time: T0, dimensions: [{ type: 'ENERGY', volume: 20 }], session_stage: 'CHARGING' },
    {
      start_date_time: T0 + 40 * MIN,
      dimensions: [{ type: 'TIME', volume: 0.25 }],
      session_stage: 'PARKING_GRACE',
    },
    { start_date_time: T0 + 55 * MIN, dimensions: [], session_stage: 'PARKING_BLACKOUT' },
    { start_date_time: T0 + 90 * MIN, dimensions: [], session_stage: 'PARKING_REGULAR' },
  ],
  cpoEntityName: 'SparkGrid Charging',
  emspEntityName: 'Unknown Entity',
  locationName: 'Marina Square',
  locationAddress: '6 Raffles Blvd',
  evseId: 'SG*SPK*E1*1',
  connectorId: '1',
  connectorPhysicalReference: 'A1-1',
  powerType: 'DC',
  maxPowerKw: 60,
  protocol: 'OCPI',
  paymentMethodCode: 'APP',
  licensePlate: 'SGX1234A',
  userName: 'Wei Ming Tan',
  operatorName: 'SparkGrid Operations',
  invoiceReferenceId: 'INV-1',
  paid: 26.43,
  refunded: 0,
  refunds: [],
}

const renderDetail = (refund?: Parameters<typeof ChargingSessionDetail>[0]['refund']) =>
  render(
    <ToastProvider>
      <ChargingSessionDetail session={session} refund={refund ?? null} now={T0 + 500 * MIN} />
    </ToastProvider>,
  )

describe('ChargingSessionDetail', () => {
  it('shows the four stages in order with their durations', () => {
    renderDetail()
    const bar = screen.getByTestId('stage-timeline')
    const segments = [...bar.querySelectorAll('[data-stage]')].map((e) => e.getAttribute('data-stage'))
    expect(segments).toEqual(['CHARGING', 'PARKING_GRACE', 'PARKING_BLACKOUT', 'PARKING_REGULAR'])
    expect(within(bar).getAllByText('40 min').length).toBeGreaterThan(0)
    expect(within(bar).getAllByText('35 min').length).toBeGreaterThan(0)
    expect(within(bar).getAllByText('Idling').length).toBe(1)
  })

  it('shows costs with and without tax, and a dash for a cost the source does not split', () => {
    renderDetail()
    const costs = screen.getByRole('region', { name: 'Costs by type' })
    const energy = within(costs).getByRole('row', { name: /Total Energy Cost/ })
    expect(energy.textContent).toContain('SGD 21.25')
    expect(energy.textContent).toContain('SGD 23.16')
    expect(within(costs).getByRole('row', { name: /Total Flat Cost/ }).textContent).toContain('—')
  })

  it('offers no refund where none is allowed', () => {
    renderDetail()
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull()
  })

  it('opens the refund panel, checks the amount against what is refundable, and sends it', async () => {
    const onRefund = vi.fn().mockResolvedValue(undefined)
    renderDetail({ refundable: 26.43, onRefund })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Refund' }))
    await user.type(screen.getByLabelText('Amount (SGD)'), '30')
    await user.type(screen.getByLabelText('Reason'), 'Connector fault')
    await user.click(screen.getByRole('button', { name: 'Refund' }))
    expect(await screen.findByText('The most that can be refunded is SGD 26.43')).toBeTruthy()
    expect(onRefund).not.toHaveBeenCalled()
    await user.clear(screen.getByLabelText('Amount (SGD)'))
    await user.type(screen.getByLabelText('Amount (SGD)'), '5.5')
    await user.click(screen.getByRole('button', { name: 'Refund' }))
    expect(onRefund).toHaveBeenCalledWith(5.5, 'Connector fault')
    expect(await screen.findByText('Refund recorded')).toBeTruthy()
  })

  it("shows the server's message beside the amount", async () => {
    const onRefund = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'body.amount: too much', 'BAD_REQUEST', [
          { path: 'body.amount', message: 'too much' },
        ]),
      )
    renderDetail({ refundable: 26.43, onRefund })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Refund' }))
    await user.type(screen.getByLabelText('Amount (SGD)'), '1')
    await user.type(screen.getByLabelText('Reason'), 'x')
    await user.click(screen.getByRole('button', { name: 'Refund' }))
    expect(await screen.findByText('too much')).toBeTruthy()
  })
})
