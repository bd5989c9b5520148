import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RPCClient } from 'ocpp-rpc'
import { createRPCError } from 'ocpp-rpc'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { TEST_BAY_CHARGERS } from '../../seed/ev-network'
import { DEMO_TOKENS } from '../../seed/ev-tokens'
import { hashOcppPassword } from './ocpp-password'
import { testCharger } from './test-charger'

/*
 * Operators' commands to chargers over the real endpoint (issue 14): the portal's call, the charger's answer, the
 * command's record and audit. Names carry the OCPP 1.6 compliance cases (OCTT TC_xxx_CS) and 2.0.1 use cases
 * (F01, F03, B11…) they follow.
 */

const PASSWORD = 'Correct-Horse-Battery-1'
const CALL_TIMEOUT_MS = 1_500

interface Received {
  action: string
  params: Record<string, unknown>
}

describe.each(DIALECTS)('OCPP commands on %s', (dialect) => {
  let t: TestApp
  let port: number
  let owner: string
  const open: RPCClient[] = []
  const [CP16, CP201, CP_SILENT] = TEST_BAY_CHARGERS
  const uidOf = async (identity: string) =>
    (
      await t.app.db
        .selectFrom('ev_charge_point')
        .where('ocpp_identity', '=', identity)
        .select('uid')
        .executeTakeFirstOrThrow()
    ).uid

  /** A charger that answers every command with `answer` and remembers what it was sent. */
  const charger = async (
    identity: string,
    protocol: string,
    answer: (r: Received) => Record<string, unknown>,
  ) => {
    const client = testCharger({ port, identity, protocols: [protocol], password: PASSWORD })
    const received: Received[] = []
    client.handle(({ method, params }) => {
      const r = { action: method ?? '', params: params as Record<string, unknown> }
      received.push(r)
      return Promise.resolve(answer(r))
    })
    open.push(client)
    await client.connect()
    return { client, received }
  }
  const send = async (identity: string, body: unknown) =>
    call(t.app, 'POST', `/api/charging/charge-points/devices/${await uidOf(identity)}/ocpp-commands`, {
      token: owner,
      body,
    })

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005, config: { ocppCallTimeoutMs: CALL_TIMEOUT_MS } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    await t.app.db
      .updateTable('ev_charge_point')
      .set({ ocpp_password_hash: hashOcppPassword(PASSWORD) })
      .where('ocpp_identity', 'in', [...TEST_BAY_CHARGERS])
      .execute()
    owner = await loginAs(t.app, 'cpo')
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close({ force: true })))
  })
  afterAll(() => t.close())

  describe('1.6-J', () => {
    it('TC_012_CS Remote stop transaction: the charger gets RemoteStopTransaction with the session id', async () => {
      const cp = await charger(CP16, 'ocpp1.6', () => ({ status: 'Accepted' }))
      const start = (await cp.client.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number }
      const session = await t.app.db
        .selectFrom('ev_session')
        .where('id', '=', start.transactionId)
        .select('uid')
        .executeTakeFirstOrThrow()
      const r = await send(CP16, { command: 'RemoteStop', session_uid: session.uid })
      expect(r.status).toBe(200)
      expect(r.body.data.command).toMatchObject({
        command: 'RemoteStop',
        action: 'RemoteStopTransaction',
        state: 'answered',
        status: 'Accepted',
      })
      expect(cp.received).toEqual([
        { action: 'RemoteStopTransaction', params: { transactionId: start.transactionId } },
      ])
      await cp.client.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 10,
        timestamp: new Date().toISOString(),
        reason: 'Remote',
      })
      // A stopped session cannot be stopped again: the operator is told, and nothing is sent.
      const again = await send(CP16, { command: 'RemoteStop', session_uid: session.uid })
      expect(again.status).toBe(400)
      expect(again.body.error.message).toContain('session_uid')
      expect(cp.received).toHaveLength(1)
    })

    it('TC_010_CS Remote start transaction: the start that follows is linked to the command', async () => {
      const cp = await charger(CP16, 'ocpp1.6', () => ({ status: 'Accepted' }))
      const r = await send(CP16, { command: 'RemoteStart', connector: 1, id_tag: DEMO_TOKENS.valid })
      expect(r.status).toBe(200)
      const start = (await cp.client.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number }
      const linked = await t.app.db
        .selectFrom('ocpp_command')
        .where('id', '=', r.body.data.command.id as number)
        .select('session_id')
        .executeTakeFirstOrThrow()
      expect(linked.session_id).toBe(start.transactionId)
      await cp.client.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 10,
        timestamp: new Date().toISOString(),
      })
    })

    it.each([
      [
        'TC_010_CS Remote start transaction',
        { command: 'RemoteStart', connector: 1, id_tag: DEMO_TOKENS.valid },
        'RemoteStartTransaction',
        { connectorId: 1, idTag: DEMO_TOKENS.valid },
        { status: 'Accepted' },
      ],
      [
        'TC_013_CS Hard reset',
        { command: 'Reset', type: 'Hard' },
        'Reset',
        { type: 'Hard' },
        { status: 'Accepted' },
      ],
      [
        'TC_014_CS Soft reset',
        { command: 'Reset', type: 'Soft' },
        'Reset',
        { type: 'Soft' },
        { status: 'Accepted' },
      ],
      [
        'TC_017_CS Unlock connector',
        { command: 'UnlockConnector', connector: 1 },
        'UnlockConnector',
        { connectorId: 1 },
        { status: 'Unlocked' },
      ],
      [
        'TC_018_CS Change availability',
        { command: 'ChangeAvailability', connector: 0, availability: 'Inoperative' },
        'ChangeAvailability',
        { connectorId: 0, type: 'Inoperative' },
        { status: 'Scheduled' },
      ],
      [
        'Trigger message',
        { command: 'TriggerMessage', message: 'StatusNotification', connector: 1 },
        'TriggerMessage',
        { requestedMessage: 'StatusNotification', connectorId: 1 },
        { status: 'Accepted' },
      ],
      [
        'TC_019_CS Get configuration',
        { command: 'GetConfiguration', keys: ['HeartbeatInterval'] },
        'GetConfiguration',
        { key: ['HeartbeatInterval'] },
        { configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }] },
      ],
      [
        'TC_021_CS Change configuration',
        { command: 'ChangeConfiguration', key: 'HeartbeatInterval', value: '120' },
        'ChangeConfiguration',
        { key: 'HeartbeatInterval', value: '120' },
        { status: 'Accepted' },
      ],
    ])('%s', async (_name, body, action, params, answer) => {
      const cp = await charger(CP16, 'ocpp1.6', () => answer)
      const r = await send(CP16, body)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(cp.received).toEqual([{ action, params }])
      expect(r.body.data.command).toMatchObject({ action, state: 'answered', answer: JSON.stringify(answer) })
      expect(r.body.data.command.status).toBe((answer as { status?: string }).status ?? null)
    })
  })

  describe('2.0.1', () => {
    it.each([
      [
        'F02 Remote start, remote start first',
        { command: 'RemoteStart', connector: 1, id_tag: DEMO_TOKENS.valid },
        'RequestStartTransaction',
        { status: 'Accepted' },
      ],
      [
        'B11 Reset without ongoing transaction',
        { command: 'Reset', type: 'Hard' },
        'Reset',
        { status: 'Accepted' },
      ],
      [
        'F05 Remotely unlock connector',
        { command: 'UnlockConnector', connector: 1 },
        'UnlockConnector',
        { status: 'Unlocked' },
      ],
      [
        'G03 Change availability of a connector',
        { command: 'ChangeAvailability', connector: 1, availability: 'Inoperative' },
        'ChangeAvailability',
        { status: 'Accepted' },
      ],
      [
        'F06 Trigger message',
        { command: 'TriggerMessage', message: 'Heartbeat' },
        'TriggerMessage',
        { status: 'Accepted' },
      ],
      [
        'B05 Set variables',
        { command: 'ChangeConfiguration', key: 'OCPPCommCtrlr/HeartbeatInterval', value: '120' },
        'SetVariables',
        {
          setVariableResult: [
            {
              attributeStatus: 'Accepted',
              component: { name: 'OCPPCommCtrlr' },
              variable: { name: 'HeartbeatInterval' },
            },
          ],
        },
      ],
      [
        'B06 Get variables',
        { command: 'GetConfiguration', keys: ['OCPPCommCtrlr/HeartbeatInterval'] },
        'GetVariables',
        {
          getVariableResult: [
            {
              attributeStatus: 'Accepted',
              attributeValue: '300',
              component: { name: 'OCPPCommCtrlr' },
              variable: { name: 'HeartbeatInterval' },
            },
          ],
        },
      ],
    ])('%s: worded for 2.0.1 and answered', async (_name, body, action, answer) => {
      const cp = await charger(CP201, 'ocpp2.0.1', () => answer)
      const r = await send(CP201, body)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(cp.received.map((x) => x.action)).toEqual([action])
      expect(r.body.data.command).toMatchObject({ action, state: 'answered' })
    })

    it('F03 Remote stop: the charger gets RequestStopTransaction with its own transaction id', async () => {
      const cp = await charger(CP201, 'ocpp2.0.1', () => ({ status: 'Accepted' }))
      const transactionId = `f03-${String(Date.now())}`
      await cp.client.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: new Date().toISOString(),
        triggerReason: 'Authorized',
        seqNo: 0,
        transactionInfo: { transactionId },
        idToken: { idToken: DEMO_TOKENS.valid, type: 'ISO14443' },
        evse: { id: 1, connectorId: 1 },
      })
      const session = await t.app.db
        .selectFrom('ev_session')
        .where('ocpp_key', '=', `tx:${transactionId}`)
        .select('uid')
        .executeTakeFirstOrThrow()
      const r = await send(CP201, { command: 'RemoteStop', session_uid: session.uid })
      expect(r.status).toBe(200)
      expect(cp.received).toEqual([{ action: 'RequestStopTransaction', params: { transactionId } }])
    })

    it('F01 Remote start, cable plugged in first: the TransactionEvent carrying our remoteStartId links the command to its session', async () => {
      const cp = await charger(CP201, 'ocpp2.0.1', () => ({ status: 'Accepted' }))
      const transactionId = `f01-${String(Date.now())}`
      const now = () => new Date().toISOString()
      // Plugged in first: the transaction starts without a token.
      await cp.client.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: now(),
        triggerReason: 'CablePluggedIn',
        seqNo: 0,
        transactionInfo: { transactionId },
        evse: { id: 1, connectorId: 1 },
      })
      const r = await send(CP201, { command: 'RemoteStart', connector: 1, id_tag: DEMO_TOKENS.valid })
      expect(r.status).toBe(200)
      expect(r.body.data.command.session_uid).toBeNull()
      const sent = cp.received[0]?.params as { remoteStartId: number; idToken: { idToken: string } }
      expect(sent.remoteStartId).toBeGreaterThan(0)
      await cp.client.call('TransactionEvent', {
        eventType: 'Updated',
        timestamp: now(),
        triggerReason: 'RemoteStart',
        seqNo: 1,
        transactionInfo: { transactionId, remoteStartId: sent.remoteStartId },
        idToken: { idToken: sent.idToken.idToken, type: 'ISO14443' },
      })
      const session = await t.app.db
        .selectFrom('ev_session')
        .where('ocpp_key', '=', `tx:${transactionId}`)
        .select('uid')
        .executeTakeFirstOrThrow()
      const list = await call(
        t.app,
        'GET',
        `/api/charging/charge-points/devices/${await uidOf(CP201)}/ocpp-commands`,
        { token: owner },
      )
      const command = (list.body.data.commands as { id: number; session_uid: string | null }[]).find(
        (c) => c.id === r.body.data.command.id,
      )
      expect(command?.session_uid).toBe(session.uid)
    })

    it('B07 Get base report: every setting, from the NotifyReport messages that follow, on the command', async () => {
      const cp = await charger(CP201, 'ocpp2.0.1', () => ({ status: 'Accepted' }))
      const r = await send(CP201, { command: 'GetConfiguration' })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const sent = cp.received[0]
      expect(sent?.action).toBe('GetBaseReport')
      const requestId = (sent?.params as { requestId: number }).requestId
      expect(sent?.params).toEqual({ requestId, reportBase: 'ConfigurationInventory' })
      const part = (seqNo: number, tbc: boolean, name: string, value: string) =>
        cp.client.call('NotifyReport', {
          requestId,
          generatedAt: new Date().toISOString(),
          seqNo,
          tbc,
          reportData: [
            {
              component: { name: 'OCPPCommCtrlr' },
              variable: { name },
              variableAttribute: [{ type: 'Actual', value, mutability: 'ReadWrite' }],
            },
          ],
        })
      await part(0, true, 'HeartbeatInterval', '300')
      await part(1, false, 'MessageTimeout', '30')
      // A report nobody asked for is answered, and kept nowhere.
      await cp.client.call('NotifyReport', { requestId: 1, generatedAt: new Date().toISOString(), seqNo: 0 })
      const list = await call(
        t.app,
        'GET',
        `/api/charging/charge-points/devices/${await uidOf(CP201)}/ocpp-commands`,
        { token: owner },
      )
      const command = (list.body.data.commands as { id: number; report: string[] | null }[]).find(
        (c) => c.id === r.body.data.command.id,
      )
      expect(command?.report).toEqual([
        'OCPPCommCtrlr/HeartbeatInterval = 300',
        'OCPPCommCtrlr/MessageTimeout = 30',
      ])
    })

    it('asks for named variables only: a key without its component is refused, naming the field', async () => {
      await charger(CP201, 'ocpp2.0.1', () => ({}))
      const r = await send(CP201, { command: 'GetConfiguration', keys: ['HeartbeatInterval'] })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toMatch(/^key/)
    })
  })

  describe('what operators are told', () => {
    it('a charger that answers with an OCPP error: the command is rejected, with the error', async () => {
      const client = testCharger({ port, identity: CP16 ?? '', password: PASSWORD })
      client.handle(() => {
        throw createRPCError('NotSupported', 'This charger cannot do that') as unknown as Error
      })
      open.push(client)
      await client.connect()
      const r = await send(CP16, { command: 'Reset', type: 'Soft' })
      expect(r.status).toBe(200)
      expect(r.body.data.command).toMatchObject({ state: 'rejected', status: 'NotSupported' })
      expect(r.body.data.command.answer).toContain('This charger cannot do that')
    })

    it('a charger that does not answer: 504 with a clear message, recorded as a timeout', async () => {
      const client = testCharger({ port, identity: CP_SILENT ?? '', password: PASSWORD })
      client.handle(() => new Promise<Record<string, unknown>>(() => undefined))
      open.push(client)
      await client.connect()
      const r = await send(CP_SILENT ?? '', { command: 'TriggerMessage', message: 'Heartbeat' })
      expect(r.status).toBe(504)
      expect(r.body.error.message).toBe('The charger did not answer within 2 s')
      const list = await call(
        t.app,
        'GET',
        `/api/charging/charge-points/devices/${await uidOf(CP_SILENT ?? '')}/ocpp-commands`,
        { token: owner },
      )
      expect(list.body.data.commands[0]).toMatchObject({ command: 'TriggerMessage', state: 'timeout' })
    })

    it('a charger that is not connected: 409, recorded as offline', async () => {
      const r = await send(CP16, { command: 'Reset', type: 'Soft' })
      expect(r.status).toBe(409)
      expect(r.body.error.message).toBe('The charger is not connected')
    })

    it.each([
      [{ command: 'UnlockConnector', connector: 5 }, 'connector'],
      [{ command: 'Launch' }, 'command'],
      [{ command: 'RemoteStart', connector: 1 }, 'id_tag'],
      [{ command: 'ChangeConfiguration', key: 'bad key!', value: '1' }, 'key'],
      [{ command: 'RemoteStop', session_uid: 'no-such-session' }, 'session_uid'],
    ])('refuses %j with a 400 naming %s, and sends nothing', async (body, field) => {
      const cp = await charger(CP16, 'ocpp1.6', () => ({ status: 'Accepted' }))
      const r = await send(CP16, body)
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain(field)
      expect(cp.received).toEqual([])
    })

    it('is audited (the matrix proves it needs edit on chargers)', async () => {
      await charger(CP16, 'ocpp1.6', () => ({ status: 'Accepted' }))
      const uid = await uidOf(CP16)
      await send(CP16, { command: 'TriggerMessage', message: 'Heartbeat' })
      const audit = await call(
        t.app,
        'GET',
        `/api/main/iam/audit?object_type=ev_charge_point&object_id=${uid}`,
        { token: owner },
      )
      expect(audit.status).toBe(200)
      expect(JSON.stringify(audit.body)).toContain('ocpp_command')
    })
  })
})
