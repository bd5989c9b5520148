import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { createTestApp, DIALECTS } from '../../test-support'
import { OcppMessageLog, parseFrame } from './ocpp-message-log'
import type { NewOcppMessageRow } from './ocpp.table'

describe('parseFrame', () => {
  it.each([
    ['[2,"a1","Heartbeat",{}]', { kind: 'CALL', messageId: 'a1', action: 'Heartbeat' }],
    ['[3,"a1",{}]', { kind: 'CALLRESULT', messageId: 'a1', action: '' }],
    ['[4,"a1","NotImplemented","",{}]', { kind: 'CALLERROR', messageId: 'a1', action: '' }],
    ['[5,"a1"]', { kind: 'INVALID', messageId: 'a1', action: '' }],
    ['[2,1,"Heartbeat",{}]', { kind: 'INVALID', messageId: '', action: '' }],
    ['{"a":1}', { kind: 'INVALID', messageId: '', action: '' }],
    ['not json', { kind: 'INVALID', messageId: '', action: '' }],
    [
      `[2,"${'x'.repeat(100)}","${'y'.repeat(100)}",{}]`,
      { kind: 'CALL', messageId: 'x'.repeat(64), action: 'y'.repeat(64) },
    ],
  ])('%s', (text, parsed) => expect(parseFrame(text)).toEqual(parsed))
})

describe.each(DIALECTS)('the message log writer on %s', (dialect) => {
  let t: TestApp
  let charger: { id: number; entity_code: string }
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    charger = await t.app.db
      .selectFrom('ev_charge_point')
      .select(['id', 'entity_code'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
  })
  afterAll(() => t.close())

  const row = (chargePointId: number, n: number): NewOcppMessageRow => ({
    entity_code: charger.entity_code,
    charge_point_id: chargePointId,
    // Recent: the app's own ocpp.prune runs at start-up and deletes frames past the retention.
    at: Date.now() + n,
    direction: 'in',
    kind: 'CALL',
    message_id: `w${String(n)}`,
    action: 'Heartbeat',
    payload: '[2,"w","Heartbeat",{}]',
    latency_ms: null,
  })

  it('writes a batch; when one row cannot be written (its charger is gone), keeps the others and counts it', async () => {
    const errors: string[] = []
    const log = new OcppMessageLog(t.app.db, (m) => errors.push(m))
    log.add(row(charger.id, 1))
    log.add(row(999_999_999, 2))
    log.add(row(charger.id, 3))
    await log.flush()
    const written = await t.app.db
      .selectFrom('ocpp_message')
      .where('message_id', 'in', ['w1', 'w2', 'w3'])
      .select('message_id')
      .orderBy('message_id')
      .execute()
    expect(
      written.map((r) => r.message_id),
      errors.join(' / '),
    ).toEqual(['w1', 'w3'])
    expect(log.dropped).toBe(1)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/1 of 3 log frames could not be written/)
  })
})
