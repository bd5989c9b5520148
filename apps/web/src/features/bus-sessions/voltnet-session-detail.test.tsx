import type { VoltnetSessionDetail } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { VoltnetSessionDetailView } from './voltnet-sessions-page'

const T0 = Date.UTC(2026, 10, 20, 2, 0, 0)
const MIN = 60_000

function session(over: Partial<VoltnetSessionDetail>): VoltnetSessionDetail {
  return {
    _id: 'volt-1',
    externalId: 'VOLT-S00000001',
    authorizationReference: 'A1',
    userName: 'Aisyah Rahman',
    userID: null,
    entityCode: 'VOLT',
    emspEntityCode: 'VOLT',
    evseId: 'SG*VLT*E1*1',
    evseExternalId: 'E1',
    location: 'Jurong Point',
    locationAddress: '1 Jurong West Central 2',
    chargerType: 'AC_3_PHASE',
    maxPowerKw: 22,
    connectorId: '1',
    connectorPhysicalReference: 'J1-1',
    state: 'COMPLETED',
    stopReason: 'VEHICLE_MANUAL_STOP',
    protocol: 'OCPI',
    connectivity: 'ONLINE',
    paymentMethodCode: 'APP',
    pricePerKwh: { exclVat: 0.5, inclVat: 0.545 },
    kWh: 20,
    costsByType: {
      energy: { exclVat: 10, inclVat: 10.9 },
      time: { exclVat: 0, inclVat: 0 },
      parkingTime: { exclVat: 0, inclVat: 0 },
      flat: { exclVat: 0, inclVat: 0 },
    },
    totalCost: 10.9,
    totalCostExclTax: 10,
    currency: 'SGD',
    startDateTime: T0,
    endDateTime: T0 + 60 * MIN,
    lastUpdated: T0 + 60 * MIN,
    volumes: { total_time_charged_hr: 0.75 },
    licensePlate: 'SGX1A',
    cdrToken: { entityCode: 'VOLT', licensePlate: 'SGX1A' },
    invoiceReferenceId: 'INV-1',
    locationCity: 'Singapore',
    locationPostalCode: '648886',
    operatorName: 'Voltnet Roaming Ops',
    tariffName: 'Voltnet AC',
    durationMs: 60 * MIN,
    paid: 10.9,
    refunded: 0,
    chargingPeriods: [
      { start_date_time: T0, dimensions: [{ type: 'ENERGY', volume: 20 }], session_stage: 'CHARGING' },
      { start_date_time: T0 + 45 * MIN, dimensions: [], session_stage: 'PARKING_GRACE' },
    ],
    refundable: 10.9,
    refunds: [],
    canRefund: true,
    ...over,
  }
}

const renderDetail = (s: VoltnetSessionDetail) =>
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <VoltnetSessionDetailView
          session={s}
          nameOf={(code) => (code === 'VOLT' ? 'Voltnet Roaming' : 'Unknown Entity')}
        />
      </ToastProvider>
    </QueryClientProvider>,
  )

afterEach(() => {
  vi.restoreAllMocks()
})

describe('VoltnetSessionDetailView', () => {
  it('shows the stage timeline and the entity names', () => {
    renderDetail(session({ emspEntityCode: 'ZZZ' }))
    const bar = screen.getByTestId('stage-timeline')
    expect([...bar.querySelectorAll('[data-stage]')].map((e) => e.getAttribute('data-stage'))).toEqual([
      'CHARGING',
      'PARKING_GRACE',
    ])
    expect(screen.getByText('Voltnet Roaming')).toBeTruthy()
    expect(screen.getByText('Unknown Entity')).toBeTruthy()
  })

  it('offers no refund on the EMSP side', () => {
    renderDetail(session({ entityCode: 'CPO', canRefund: false }))
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull()
  })

  it('refunds through the charging network’s call where voltnet is the CPO', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            error: {
              code: 'BAD_REQUEST',
              message: 'body.amount: amount is more than can be refunded',
              issues: [{ path: 'body.amount', message: 'amount is more than can be refunded' }],
            },
          }),
          { status: 400 },
        ),
      ),
    )
    renderDetail(session({}))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Refund' }))
    await user.type(screen.getByLabelText('Amount (SGD)'), '1.5')
    await user.type(screen.getByLabelText('Reason'), 'Connector fault')
    await user.click(screen.getByRole('button', { name: 'Refund' }))
    expect(await screen.findByText('amount is more than can be refunded')).toBeTruthy()
    const [input, init] = spy.mock.calls[0] ?? []
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : (input?.url ?? '')
    expect(url).toMatch(/\/api\/charging\/charging-sessions\/sessions\/volt-1\/refunds$/)
    expect(init?.method).toBe('POST')
    expect(typeof init?.body === 'string' ? JSON.parse(init.body) : null).toEqual({
      amount: 1.5,
      reason: 'Connector fault',
    })
  })
})
