import type { RPCClient } from 'ocpp-rpc'
import type { AuthorizationAnswer, OcppProtocol, OcppSampledValue, TimedReading } from '@portal/contract'
import { meterReadingOf } from '@portal/contract'
import { ocppError } from './ocpp-errors'
import type { Db } from '../../db/database'
import type { BootReport, OcppSession } from './ocpp.service'
import { authorize, boot, heartbeat, reportStatus, reportTime } from './ocpp.service'
import { numberedConnectors } from './ocpp.repository'
import { touchCharger } from './ocpp-transaction.repository'
import { appendReport, linkRemoteStart, sessionIdByKey } from './ocpp-command.repository'
import { recordPendingBoot, touchPendingCharger } from './ocpp-enrolment.repository'
import { applyReadings, identifySession, startTransaction, stopTransaction } from './ocpp-transaction.service'

/*
 * The calls a charger makes, per OCPP version, translated into ocpp.service's version-neutral ones. ocpp-rpc runs in
 * strict mode, so a call reaches a handler only once its params passed the version's JSON schema: the shapes below
 * are what the schema guarantees (the OCPP 1.6-J and 2.0.1 specifications' names), not hopes.
 */

interface Boot16 {
  chargePointVendor: string
  chargePointModel: string
  chargePointSerialNumber?: string
  chargeBoxSerialNumber?: string
  firmwareVersion?: string
}
interface Status16 {
  connectorId: number
  errorCode: string
  status: string
  timestamp?: string
}
interface Authorize16 {
  idTag: string
}
interface MeterValue {
  timestamp: string
  sampledValue: (OcppSampledValue & { context?: string })[]
}
interface Start16 {
  connectorId: number
  idTag: string
  meterStart: number
  timestamp: string
}
interface Stop16 {
  transactionId: number
  meterStop: number
  timestamp: string
  idTag?: string
  reason?: string
  transactionData?: MeterValue[]
}
interface MeterValues16 {
  connectorId: number
  transactionId?: number
  meterValue: MeterValue[]
}
interface TransactionEvent201 {
  eventType: 'Started' | 'Updated' | 'Ended'
  timestamp: string
  triggerReason: string
  seqNo: number
  offline?: boolean
  transactionInfo: { transactionId: string; stoppedReason?: string; remoteStartId?: number }
  idToken?: { idToken: string; type: string }
  evse?: { id: number; connectorId?: number }
  meterValue?: MeterValue[]
}
interface Authorize201 {
  idToken: { idToken: string; type: string }
}
interface Boot201 {
  chargingStation: { model: string; vendorName: string; serialNumber?: string; firmwareVersion?: string }
  reason: string
}
interface Status201 {
  timestamp: string
  connectorStatus: string
  evseId: number
  connectorId: number
}

const currentTime = (s: Pick<OcppSession, 'now'>) => new Date(s.now()).toISOString()

/** What a BootNotification says the charger is, in either version. */
export function bootFactsOf(version: OcppProtocol, params: unknown): BootReport {
  if (version === 'ocpp1.6') {
    const p = params as Boot16
    return {
      vendor: p.chargePointVendor,
      model: p.chargePointModel,
      serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber,
      firmwareVersion: p.firmwareVersion,
    }
  }
  const p = params as Boot201
  return {
    vendor: p.chargingStation.vendorName,
    model: p.chargingStation.model,
    serialNumber: p.chargingStation.serialNumber,
    firmwareVersion: p.chargingStation.firmwareVersion,
  }
}

/**
 * A charger waiting to be commissioned (let in by its entity's enrolment password, docs/decisions/0107): its boots
 * are answered Pending, and recorded so the operator sees what it is; it may send heartbeats; anything else is a
 * SecurityError, as OCPP 2.0.1 B02 has a CSMS answer a station that is not accepted yet.
 */
export function registerPendingHandlers(
  client: RPCClient,
  s: {
    db: Db
    pendingId: number
    version: OcppProtocol
    heartbeatIntervalS: number
    now: () => number
  },
): void {
  client.handle('BootNotification', async ({ params }) => {
    const facts = { ...bootFactsOf(s.version, params), version: s.version }
    // Commissioned or dismissed meanwhile, and the bus did not say so: the connection closes after this answer,
    // and the charger's reconnect finds what it has become.
    if (!(await recordPendingBoot(s.db, s.pendingId, facts, s.now())))
      setImmediate(() => void client.close({ code: 1012, reason: 'Reconnect' }))
    return { status: 'Pending', currentTime: currentTime(s), interval: s.heartbeatIntervalS }
  })
  client.handle('Heartbeat', async () => {
    await touchPendingCharger(s.db, s.pendingId, s.now())
    return { currentTime: currentTime(s) }
  })
  client.handle(({ method }) => {
    throw ocppError('SecurityError', `${method}: this charger waits for an operator to commission it`)
  })
}

/** Meter values as timed readings; a value that says nothing the portal uses is dropped. */
function readingsOf(s: OcppSession, values: readonly MeterValue[] | undefined): TimedReading[] {
  const now = s.now()
  return (values ?? [])
    .map((v) => ({ at: reportTime(v.timestamp, now), ...meterReadingOf(v.sampledValue) }))
    .filter((r) => Object.keys(r).length > 1)
}

/** The meter's total at a transaction's start, from 2.0.1's Transaction.Begin sample. */
function beginRegister(values: readonly MeterValue[] | undefined): number | null {
  for (const v of values ?? []) {
    const begin = v.sampledValue.filter((sv) => sv.context === 'Transaction.Begin')
    const reading = meterReadingOf(begin)
    if (reading.registerWh !== undefined) return reading.registerWh
  }
  return null
}

type Handle = (params: unknown) => Promise<Record<string, unknown>>

function handlers16(s: OcppSession): Record<string, Handle> {
  return {
    BootNotification: async (params) => {
      const answer = await boot(s, bootFactsOf(s.version, params))
      return { status: answer.status, currentTime: currentTime(s), interval: answer.interval }
    },
    Heartbeat: async () => {
      await heartbeat(s)
      return { currentTime: currentTime(s) }
    },
    Authorize: async (params) => {
      const p = params as Authorize16
      return { idTagInfo: { status: await authorize(s, p.idTag) } }
    },
    StartTransaction: async (params) => {
      const p = params as Start16
      const started = await startTransaction(s, {
        connector: { connector: p.connectorId },
        tokenUid: p.idTag,
        timestamp: p.timestamp,
        meterStartWh: p.meterStart,
        // What makes a start the same start when it is sent again: the charger names no transaction in 1.6.
        key: `start:${String(p.connectorId)}:${String(Date.parse(p.timestamp))}:${String(p.meterStart)}:${p.idTag}`,
      })
      // 1.6 names no remote start: the operator's accepted one for this connector and token, if there was one.
      await quietly(s, 'linking a remote start', () =>
        linkRemoteStart(
          s.db,
          s.charger.id,
          { connector: p.connectorId, idTag: p.idTag, now: s.now() },
          started.sessionId,
        ),
      )
      return { transactionId: started.sessionId, idTagInfo: { status: started.token ?? 'Invalid' } }
    },
    MeterValues: async (params) => {
      const p = params as MeterValues16
      // Readings outside a transaction (the connector's meter at rest) are not a session's.
      if (p.transactionId === undefined) await touchCharger(s.db, s.charger.id, s.now())
      else await applyReadings(s, { id: p.transactionId }, readingsOf(s, p.meterValue))
      return {}
    },
    StopTransaction: async (params) => {
      const p = params as Stop16
      await stopTransaction(
        s,
        { id: p.transactionId },
        {
          timestamp: p.timestamp,
          meterStopWh: p.meterStop,
          ...(p.reason !== undefined ? { reason: p.reason } : {}),
          readings: readingsOf(s, p.transactionData),
        },
      )
      return p.idTag === undefined ? {} : { idTagInfo: { status: await authorize(s, p.idTag) } }
    },
    StatusNotification: async (params) => {
      const p = params as Status16
      await reportStatus(s, {
        connector: p.connectorId,
        status: p.status,
        errorCode: p.errorCode,
        timestamp: p.timestamp,
      })
      return {}
    },
  }
}

function handlers201(s: OcppSession): Record<string, Handle> {
  return {
    BootNotification: async (params) => {
      const answer = await boot(s, bootFactsOf(s.version, params))
      return { status: answer.status, currentTime: currentTime(s), interval: answer.interval }
    },
    Heartbeat: async () => {
      await heartbeat(s)
      return { currentTime: currentTime(s) }
    },
    TransactionEvent: async (params) => {
      const p = params as TransactionEvent201
      return transactionEvent201(s, p)
    },
    MeterValues: async () => {
      // 2.0.1 sends a transaction's readings in TransactionEvent; these are the EVSE's at rest.
      await touchCharger(s.db, s.charger.id, s.now())
      return {}
    },
    Authorize: async (params) => {
      const p = params as Authorize201
      return { idTokenInfo: { status: await authorize(s, p.idToken.idToken) } }
    },
    NotifyReport: async (params) => {
      // What a GetBaseReport asked for, in parts; kept on the command that asked (a report nobody asked for: dropped).
      const p = params as NotifyReport201
      await quietly(s, 'keeping a report', () =>
        appendReport(s.db, s.charger.id, p.requestId, (p.reportData ?? []).map(reportLine)),
      )
      return {}
    },
    StatusNotification: async (params) => {
      const p = params as Status201
      await reportStatus(s, {
        evse: p.evseId,
        connector: p.connectorId,
        status: p.connectorStatus,
        timestamp: p.timestamp,
      })
      return {}
    },
  }
}

/**
 * 2.0.1 TransactionEvent. Started opens the session; Updated adds readings (and the token, when the driver
 * authorized after plugging in); Ended completes it. An Updated or Ended for a transaction whose Started never
 * arrived opens it first, from what the event says, so a charger's lost message loses nothing that followed.
 */
async function transactionEvent201(s: OcppSession, p: TransactionEvent201): Promise<Record<string, unknown>> {
  const key = `tx:${p.transactionInfo.transactionId}`
  const readings = readingsOf(s, p.meterValue)
  const tokenUid = p.idToken?.idToken
  const stop = {
    timestamp: p.timestamp,
    ...(p.transactionInfo.stoppedReason !== undefined ? { reason: p.transactionInfo.stoppedReason } : {}),
    readings,
  }
  const open = async () => {
    const connectors = await numberedConnectors(s.db, s.charger.id)
    const evse = p.evse ?? (connectors.length === 1 ? { id: 1, connectorId: 1 } : undefined)
    if (!evse)
      throw ocppError('OccurrenceConstraintViolation', 'evse is required in the first event of a transaction')
    const started = await startTransaction(s, {
      connector: { evse: evse.id, connector: evse.connectorId ?? 1 },
      ...(tokenUid !== undefined ? { tokenUid } : {}),
      timestamp: p.timestamp,
      meterStartWh: beginRegister(p.meterValue),
      key,
      chargerTransactionId: p.transactionInfo.transactionId,
      ...(p.offline !== undefined ? { offline: p.offline } : {}),
      readings,
    })
    return started.token
  }

  let answer: AuthorizationAnswer | undefined
  if (p.eventType === 'Started') {
    answer = await open()
  } else if (p.eventType === 'Updated') {
    if (await applyReadings(s, { key }, readings)) {
      if (tokenUid !== undefined) answer = await identifySession(s, key, tokenUid)
    } else {
      answer = await open()
    }
  } else if ((await stopTransaction(s, { key }, stop)) === 'unknown') {
    answer = await open()
    await stopTransaction(s, { key }, stop)
  }
  if (tokenUid !== undefined && answer === undefined) answer = await authorize(s, tokenUid)
  // The event that follows our RequestStartTransaction carries its remoteStartId (Started, or Updated when the
  // cable was plugged in first): the command learns the session it opened.
  const remoteStartId = p.transactionInfo.remoteStartId
  if (remoteStartId !== undefined)
    await quietly(s, 'linking a remote start', async () => {
      const sessionId = await sessionIdByKey(s.db, s.charger.id, key)
      if (sessionId !== undefined) await linkRemoteStart(s.db, s.charger.id, { remoteStartId }, sessionId)
    })
  return answer === undefined ? {} : { idTokenInfo: { status: answer } }
}

/** Bookkeeping the charger's answer does not depend on: a failure is logged, never answered as an error. */
async function quietly(s: OcppSession, what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (err) {
    s.warn?.({ err }, `ocpp: ${what} failed`)
  }
}

interface NotifyReport201 {
  requestId: number
  seqNo: number
  tbc?: boolean
  reportData?: {
    component: { name: string; instance?: string; evse?: { id: number; connectorId?: number } }
    variable: { name: string; instance?: string }
    variableAttribute: { type?: string; value?: string }[]
  }[]
}

/** A reported variable as one line: `Component[instance]/Variable[instance] = value` (the Actual value, else the first). */
export function reportLine(d: NonNullable<NotifyReport201['reportData']>[number]): string {
  const component = d.component.instance ? `${d.component.name}[${d.component.instance}]` : d.component.name
  const evse = d.component.evse
    ? `@${String(d.component.evse.id)}${d.component.evse.connectorId !== undefined ? `.${String(d.component.evse.connectorId)}` : ''}`
    : ''
  const variable = d.variable.instance ? `${d.variable.name}[${d.variable.instance}]` : d.variable.name
  const attribute =
    d.variableAttribute.find((a) => (a.type ?? 'Actual') === 'Actual') ?? d.variableAttribute[0]
  return `${component}${evse}/${variable} = ${attribute?.value ?? ''}`
}

/** Registers the version's handlers on a connection; any other action is answered NotImplemented. */
export function registerHandlers(client: RPCClient, s: OcppSession): void {
  const table = s.version === 'ocpp1.6' ? handlers16(s) : handlers201(s)
  for (const [action, handle] of Object.entries(table)) client.handle(action, ({ params }) => handle(params))
  client.handle(({ method }) => {
    throw ocppError('NotImplemented', `${method} is not supported by this central system yet`)
  })
}
