import { describe, expect, it } from 'vitest'
import { labelOf } from '../../catalogue'
import {
  myEntityTypes,
  sessionPaymentMethods,
  VOLTNET_SESSION_PAGE_SIZE,
  voltnetSessionCountRequest,
  voltnetSessionExportFilters,
  voltnetSessionDetailQuery,
  voltnetSessionFilterRequest,
} from './voltnet-sessions'

describe('POST /v1/dashboard/charging-sessions body', () => {
  it('needs the side; pages 20 by default', () => {
    expect(voltnetSessionFilterRequest.parse({ myEntityType: 'EMSP' })).toEqual({
      myEntityType: 'EMSP',
      limit: VOLTNET_SESSION_PAGE_SIZE,
      offset: 0,
    })
    expect(VOLTNET_SESSION_PAGE_SIZE).toBe(20)
  })

  it('takes every filter of B §7', () => {
    const body = {
      myEntityType: 'CPO',
      startDateTime: 1_700_000_000_000,
      endDateTime: 1_700_000_000_000,
      partnerEntityCode: 'EMSP',
      paymentMethodCode: 'APP',
      userID: '6f1c9d1e-2c57-4a3b-9d5e-1f0a6b7c8d9e',
      state: 'COMPLETED',
      stopReason: 'REMOTE_STOP',
      evseId: 'SG*VLT*E1*1',
      chargingSessionID: 'VOLT-S00000001',
      offset: 40,
      limit: 21,
    }
    expect(voltnetSessionFilterRequest.parse(body)).toEqual(body)
  })

  it.each([
    [{}, 'myEntityType'],
    [{ myEntityType: 'cpo' }, 'myEntityType'],
    [{ myEntityType: 'CPO', startDateTime: '1700000000000' }, 'startDateTime'],
    [{ myEntityType: 'CPO', startDateTime: -1 }, 'startDateTime'],
    [{ myEntityType: 'CPO', endDateTime: 1.5 }, 'endDateTime'],
    [{ myEntityType: 'CPO', startDateTime: 2, endDateTime: 1 }, 'endDateTime'],
    [{ myEntityType: 'CPO', state: 'DONE' }, 'state'],
    [{ myEntityType: 'CPO', stopReason: 'BORED' }, 'stopReason'],
    [{ myEntityType: 'CPO', partnerEntityCode: '' }, 'partnerEntityCode'],
    [{ myEntityType: 'CPO', paymentMethodCode: '  ' }, 'paymentMethodCode'],
    [{ myEntityType: 'CPO', limit: 0 }, 'limit'],
    [{ myEntityType: 'CPO', limit: 1001 }, 'limit'],
    [{ myEntityType: 'CPO', offset: -1 }, 'offset'],
    [{ myEntityType: 'CPO', sortBy: 'start' }, ''],
  ])('rejects %j naming %s', (body, field) => {
    const result = voltnetSessionFilterRequest.safeParse(body)
    expect(result.success).toBe(false)
    if (field) expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(field)
  })

  it('counts with the list\'s body: its paging is accepted as the list checks it (B §7 "same filters")', () => {
    expect(voltnetSessionCountRequest.safeParse({ myEntityType: 'EMSP', state: 'ACTIVE' }).success).toBe(true)
    expect(
      voltnetSessionCountRequest.safeParse({ myEntityType: 'EMSP', limit: 21, offset: 40 }).success,
    ).toBe(true)
    expect(voltnetSessionCountRequest.safeParse({ myEntityType: 'EMSP', limit: 0 }).success).toBe(false)
    expect(voltnetSessionCountRequest.safeParse({ myEntityType: 'EMSP', sortBy: 'start' }).success).toBe(
      false,
    )
    expect(voltnetSessionExportFilters.safeParse({ myEntityType: 'EMSP', limit: 20 }).success).toBe(false)
    expect(
      voltnetSessionCountRequest.safeParse({ myEntityType: 'EMSP', startDateTime: 5, endDateTime: 4 })
        .success,
    ).toBe(false)
  })

  it.each([
    [{}, true],
    [{ myEntityType: 'EMSP' }, true],
    [{ myEntityType: 'BOTH' }, false],
  ])('detail query %j valid: %s', (query, ok) => {
    expect(voltnetSessionDetailQuery.safeParse(query).success).toBe(ok)
  })
})

describe('catalogues', () => {
  it.each([
    [myEntityTypes, 'CPO', 'CPO'],
    [myEntityTypes, 'EMSP', 'EMSP'],
    [sessionPaymentMethods, 'APP', 'App'],
    [sessionPaymentMethods, 'CREDIT_CARD', 'Credit card'],
    [sessionPaymentMethods, 'RFID', 'RFID card'],
    [sessionPaymentMethods, 'QR', 'QR'],
    [sessionPaymentMethods, 'CASH', 'Unknown (CASH)'],
  ] as const)('%s %s reads %s', (catalogue, value, label) => {
    expect(labelOf(catalogue, value)).toBe(label)
  })
})
