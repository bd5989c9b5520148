import { describe, expect, it } from 'vitest'
import type { EvDeviceDetail } from '@portal/contract'
import { ocppCommandBody } from '@portal/contract'
import { commandBody, commandConnectors, runningSessions } from './ocpp-commands-card'

const draft = {
  command: 'TriggerMessage' as const,
  connector: '2',
  idTag: ' DEMO-RFID-0001 ',
  sessionUid: 's-1',
  resetType: 'Hard' as const,
  availability: 'Inoperative' as const,
  message: 'StatusNotification' as const,
  keys: 'HeartbeatInterval, MeterValueSampleInterval',
  key: ' HeartbeatInterval ',
  value: '120',
}

describe('commandBody', () => {
  it.each([
    ['RemoteStart', { command: 'RemoteStart', connector: 2, id_tag: 'DEMO-RFID-0001' }],
    ['RemoteStop', { command: 'RemoteStop', session_uid: 's-1' }],
    ['Reset', { command: 'Reset', type: 'Hard' }],
    ['UnlockConnector', { command: 'UnlockConnector', connector: 2 }],
    ['ChangeAvailability', { command: 'ChangeAvailability', connector: 2, availability: 'Inoperative' }],
    ['TriggerMessage', { command: 'TriggerMessage', message: 'StatusNotification', connector: 2 }],
    [
      'GetConfiguration',
      { command: 'GetConfiguration', keys: ['HeartbeatInterval', 'MeterValueSampleInterval'] },
    ],
    ['ChangeConfiguration', { command: 'ChangeConfiguration', key: 'HeartbeatInterval', value: '120' }],
  ] as const)('%s: the body the server accepts', (command, expected) => {
    const body = commandBody({ ...draft, command })
    expect(body).toEqual(expected)
    expect(ocppCommandBody.safeParse(body).success).toBe(true)
  })

  it('asks a 1.6 charger for every key when none is named, and triggers on no connector for "any"', () => {
    expect(commandBody({ ...draft, command: 'GetConfiguration', keys: ' ' })).toEqual({
      command: 'GetConfiguration',
    })
    expect(commandBody({ ...draft, connector: '0' })).toEqual({
      command: 'TriggerMessage',
      message: 'StatusNotification',
    })
  })
})

describe("the charger's connectors and sessions", () => {
  const connector = (uid: string, n: number, running: boolean) => ({
    uid,
    connector_id: String(n),
    ocpp_number: n,
    active_session: running ? { uid: `s-${uid}`, status: 'ACTIVE', start_date_time: 0, kwh: 1 } : null,
  })
  const d = {
    evses: [
      { uid: 'e2', evse_id: 'SG*SPK*E2', physical_reference: 'B', connectors: [connector('c3', 3, true)] },
      {
        uid: 'e1',
        evse_id: 'SG*SPK*E1',
        physical_reference: 'A',
        connectors: [connector('c2', 2, false), connector('c1', 1, true)],
      },
    ],
  } as unknown as Pick<EvDeviceDetail, 'evses'>

  it("numbers them as OCPP does, labelled as the page shows them; one EVSE's alone on its page", () => {
    expect(commandConnectors(d)).toEqual([
      { number: 1, label: 'A · 1' },
      { number: 2, label: 'A · 2' },
      { number: 3, label: 'B · 3' },
    ])
    expect(commandConnectors(d, 'e2')).toEqual([{ number: 3, label: 'B · 3' }])
    expect(runningSessions(d).map((s) => s.uid)).toEqual(['s-c3', 's-c1'])
    expect(runningSessions(d, 'e1')).toEqual([{ uid: 's-c1', label: 'A · 1' }])
  })
})
