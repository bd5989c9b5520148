import type { OcppProtocol } from '@portal/contract'
import type { RPCClient } from 'ocpp-rpc'
import { testCharger } from '../modules/ocpp/test-charger'

/*
 * A simulated charger (issue 14): ocpp-rpc's own client over the real endpoint, as `npm run simulate` and `npm start`
 * in development run them. It boots, sends heartbeats, and on each connector plugs in, authorizes a token, charges
 * with meter values and stops, again and again; it answers the operator's commands as a real charger would (a remote
 * stop ends the session it names, a remote start starts one). 1.6-J and 2.0.1 alike.
 */

export interface SimulatedConnector {
  /** 1.6's number over the charger. */
  number: number
  /** 2.0.1's EVSE and the connector's number on it. */
  evse: number
  connector: number
  /** The power a car draws here, kW. */
  kw: number
}

export interface SimulatorTiming {
  heartbeatS: number
  meterS: number
  /** Minutes a connector stays free between sessions, and a session lasts (each drawn uniformly). */
  idleMinutes: readonly [number, number]
  chargeMinutes: readonly [number, number]
}

export const DEMO_TIMING: SimulatorTiming = {
  heartbeatS: 60,
  meterS: 60,
  idleMinutes: [5, 90],
  chargeMinutes: [15, 80],
}

export interface SimulatedChargerOptions {
  host: string
  port: number
  identity: string
  password: string
  protocol: OcppProtocol
  connectors: readonly SimulatedConnector[]
  /** Tokens the drivers present (one is drawn per session). */
  tokens: readonly string[]
  timing: SimulatorTiming
  log?: (line: string) => void
}

interface Running {
  /** 1.6: our transactionId from the central system; 2.0.1: the charger's own id. */
  transactionId: number | string
  seqNo: number
  wh: number
  /** When the meter last counted (the energy since then is counted at the next reading or the stop). */
  meteredAt: number
  stop: (reason: string) => void
}

const MINUTE = 60_000
const draw = ([low, high]: readonly [number, number]) => low + Math.random() * (high - low)

export class SimulatedCharger {
  private readonly client: RPCClient
  private readonly v16: boolean
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly running = new Map<number, Running>()
  /** The meter of each connector: it only ever counts up. */
  private readonly registers = new Map<number, number>()
  private accepted = false
  private closed = false

  constructor(private readonly o: SimulatedChargerOptions) {
    this.v16 = o.protocol === 'ocpp1.6'
    this.client = testCharger({
      host: o.host,
      port: o.port,
      identity: o.identity,
      password: o.password,
      protocols: [o.protocol],
      reconnect: true,
    })
    for (const c of o.connectors)
      this.registers.set(c.number, Math.round(1_000_000 + Math.random() * 5_000_000))
    this.answerCommands()
    // Every (re)connection is a boot: a real charger reconnecting after a network loss boots only after power loss,
    // but booting again is harmless and tells the central system its version.
    this.client.on('open', () => void this.boot())
  }

  get identity(): string {
    return this.o.identity
  }

  async start(): Promise<void> {
    await this.client.connect()
  }

  async stop(): Promise<void> {
    this.closed = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    await this.client.close({ force: true })
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.closed) fn()
    }, ms)
    timer.unref()
    this.timers.add(timer)
  }

  private async call(
    method: string,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    try {
      return (await this.client.call(method, params)) as Record<string, unknown>
    } catch (err) {
      if (!this.closed) this.o.log?.(`${this.o.identity}: ${method} failed: ${(err as Error).message}`)
      return null
    }
  }

  private async boot(): Promise<void> {
    const answer = await this.call(
      'BootNotification',
      this.v16
        ? { chargePointVendor: 'Portal Simulator', chargePointModel: 'SIM-AC22', firmwareVersion: '1.0.0' }
        : {
            reason: 'PowerUp',
            chargingStation: { vendorName: 'Portal Simulator', model: 'SIM-AC22', firmwareVersion: '1.0.0' },
          },
    )
    if (answer?.status !== 'Accepted') {
      // Pending or refused: try again at the interval the central system gave.
      this.later(Number(answer?.interval ?? 60) * 1000, () => void this.boot())
      return
    }
    const firstBoot = !this.accepted
    this.accepted = true
    for (const c of this.o.connectors)
      await this.status(c, this.running.has(c.number) ? 'Charging' : 'Available')
    if (firstBoot) {
      this.heartbeat()
      // Without a token this charger accepts, no car ever charges: it only sends heartbeats.
      if (this.o.tokens.length > 0)
        for (const c of this.o.connectors)
          this.later(draw(this.o.timing.idleMinutes) * MINUTE, () => void this.plugIn(c))
    }
  }

  private heartbeat(): void {
    this.later(this.o.timing.heartbeatS * 1000, () => {
      void this.call('Heartbeat', {}).then(() => this.heartbeat())
    })
  }

  private async status(c: SimulatedConnector, status: 'Available' | 'Preparing' | 'Charging' | 'Finishing') {
    if (this.v16) {
      await this.call('StatusNotification', { connectorId: c.number, errorCode: 'NoError', status })
      return
    }
    await this.call('StatusNotification', {
      timestamp: new Date().toISOString(),
      connectorStatus: status === 'Available' ? 'Available' : 'Occupied',
      evseId: c.evse,
      connectorId: c.connector,
    })
  }

  /** A car arrives: plug in, authorize, charge. `remoteStartId`: what the operator's remote start asked us to echo. */
  private async plugIn(c: SimulatedConnector, token?: string, remoteStartId?: number): Promise<void> {
    if (this.running.has(c.number)) return
    const idTag = token ?? this.o.tokens[Math.floor(Math.random() * this.o.tokens.length)] ?? 'SIM-UNKNOWN'
    await this.status(c, 'Preparing')
    const auth = await this.call(
      'Authorize',
      this.v16 ? { idTag } : { idToken: { idToken: idTag, type: 'ISO14443' } },
    )
    const accepted = (this.v16 ? auth?.idTagInfo : auth?.idTokenInfo) as { status?: string } | undefined
    if (accepted?.status !== 'Accepted') {
      await this.status(c, 'Available')
      this.later(draw(this.o.timing.idleMinutes) * MINUTE, () => void this.plugIn(c))
      return
    }
    const wh = this.registers.get(c.number) ?? 0
    const timestamp = new Date().toISOString()
    let transactionId: number | string
    if (this.v16) {
      const started = await this.call('StartTransaction', {
        connectorId: c.number,
        idTag,
        meterStart: wh,
        timestamp,
      })
      if (typeof started?.transactionId !== 'number') return
      transactionId = started.transactionId
    } else {
      transactionId = `${this.o.identity}-${String(Date.now())}-${String(c.number)}`
      await this.call('TransactionEvent', {
        eventType: 'Started',
        timestamp,
        triggerReason: remoteStartId === undefined ? 'Authorized' : 'RemoteStart',
        seqNo: 0,
        transactionInfo: {
          transactionId,
          chargingState: 'Charging',
          ...(remoteStartId !== undefined ? { remoteStartId } : {}),
        },
        idToken: { idToken: idTag, type: 'ISO14443' },
        evse: { id: c.evse, connectorId: c.connector },
        meterValue: [
          {
            timestamp,
            sampledValue: [{ value: wh, context: 'Transaction.Begin', unitOfMeasure: { unit: 'Wh' } }],
          },
        ],
      })
    }
    await this.status(c, 'Charging')
    const endAt = Date.now() + draw(this.o.timing.chargeMinutes) * MINUTE
    let stopped = false
    const session: Running = {
      transactionId,
      seqNo: 1,
      wh,
      meteredAt: Date.now(),
      stop: (reason) => {
        if (stopped) return
        stopped = true
        void this.finish(c, session, reason)
      },
    }
    this.running.set(c.number, session)
    const tick = () => {
      if (stopped) return
      if (Date.now() >= endAt) {
        session.stop(this.v16 ? 'EVDisconnected' : 'EVDisconnected')
        return
      }
      void this.meter(c, session).then(() => this.later(this.o.timing.meterS * 1000, tick))
    }
    this.later(this.o.timing.meterS * 1000, tick)
  }

  /** The meter counts what the car drew since its last count; returns the power drawn, W. */
  private count(c: SimulatedConnector, s: Running): number {
    // The car draws a little less than the connector's power, varying.
    const w = Math.round(c.kw * 1000 * (0.85 + Math.random() * 0.1))
    const now = Date.now()
    s.wh += Math.max(1, Math.round((w * (now - s.meteredAt)) / 3_600_000))
    s.meteredAt = now
    this.registers.set(c.number, s.wh)
    return w
  }

  private async meter(c: SimulatedConnector, s: Running): Promise<void> {
    const w = this.count(c, s)
    const timestamp = new Date().toISOString()
    if (this.v16) {
      await this.call('MeterValues', {
        connectorId: c.number,
        transactionId: s.transactionId,
        meterValue: [
          {
            timestamp,
            sampledValue: [
              { value: String(s.wh), context: 'Sample.Periodic', unit: 'Wh' },
              { value: String(w), context: 'Sample.Periodic', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      })
      return
    }
    await this.call('TransactionEvent', {
      eventType: 'Updated',
      timestamp,
      triggerReason: 'MeterValuePeriodic',
      seqNo: s.seqNo++,
      transactionInfo: { transactionId: s.transactionId, chargingState: 'Charging' },
      meterValue: [
        {
          timestamp,
          sampledValue: [
            { value: s.wh, context: 'Sample.Periodic', unitOfMeasure: { unit: 'Wh' } },
            {
              value: w,
              context: 'Sample.Periodic',
              measurand: 'Power.Active.Import',
              unitOfMeasure: { unit: 'W' },
            },
          ],
        },
      ],
    })
  }

  private async finish(c: SimulatedConnector, s: Running, reason: string): Promise<void> {
    this.running.delete(c.number)
    this.count(c, s)
    const timestamp = new Date().toISOString()
    if (this.v16) {
      await this.call('StopTransaction', {
        transactionId: s.transactionId,
        meterStop: s.wh,
        timestamp,
        reason,
      })
    } else {
      await this.call('TransactionEvent', {
        eventType: 'Ended',
        timestamp,
        triggerReason: reason === 'Remote' ? 'RemoteStop' : 'EVCommunicationLost',
        seqNo: s.seqNo++,
        transactionInfo: { transactionId: s.transactionId, chargingState: 'Idle', stoppedReason: reason },
        meterValue: [
          {
            timestamp,
            sampledValue: [{ value: s.wh, context: 'Transaction.End', unitOfMeasure: { unit: 'Wh' } }],
          },
        ],
      })
    }
    await this.status(c, 'Finishing')
    await this.status(c, 'Available')
    this.later(draw(this.o.timing.idleMinutes) * MINUTE, () => void this.plugIn(c))
  }

  private byNumber(n: unknown): SimulatedConnector | undefined {
    return this.o.connectors.find((c) => c.number === n)
  }

  private byEvse(evse: unknown, connector: unknown = 1): SimulatedConnector | undefined {
    return this.o.connectors.find((c) => c.evse === evse && c.connector === connector)
  }

  /** The operator's commands, answered as a real charger would. */
  private answerCommands(): void {
    const h = (method: string, fn: (p: Record<string, unknown>) => Record<string, unknown>) =>
      this.client.handle(method, ({ params }) => Promise.resolve(fn(params as Record<string, unknown>)))
    const stopTransaction = (id: unknown) => {
      const found = [...this.running.values()].find((s) => s.transactionId === id)
      if (!found) return { status: 'Rejected' }
      this.later(200, () => found.stop('Remote'))
      return { status: 'Accepted' }
    }
    const startOn = (c: SimulatedConnector | undefined, token: unknown, remoteStartId?: unknown) => {
      if (!c || this.running.has(c.number) || typeof token !== 'string') return { status: 'Rejected' }
      const echo = typeof remoteStartId === 'number' ? remoteStartId : undefined
      this.later(200, () => void this.plugIn(c, token, echo))
      return { status: 'Accepted' }
    }
    h('RemoteStopTransaction', (p) => stopTransaction(p.transactionId))
    h('RequestStopTransaction', (p) => stopTransaction(p.transactionId))
    h('RemoteStartTransaction', (p) => startOn(this.byNumber(p.connectorId ?? 1), p.idTag))
    h('RequestStartTransaction', (p) =>
      startOn(
        this.byEvse(p.evseId ?? 1),
        (p.idToken as { idToken?: string } | undefined)?.idToken,
        p.remoteStartId,
      ),
    )
    h('Reset', () => {
      this.later(500, () => {
        for (const s of this.running.values()) s.stop(this.v16 ? 'SoftReset' : 'ImmediateReset')
      })
      return { status: 'Accepted' }
    })
    h('UnlockConnector', () => ({ status: 'Unlocked' }))
    h('ChangeAvailability', () => ({ status: 'Accepted' }))
    h('TriggerMessage', (p) => {
      const message = p.requestedMessage
      this.later(100, () => {
        if (message === 'Heartbeat') void this.call('Heartbeat', {})
        if (message === 'BootNotification') void this.boot()
        if (message === 'StatusNotification')
          for (const c of this.o.connectors)
            void this.status(c, this.running.has(c.number) ? 'Charging' : 'Available')
      })
      return { status: message === 'MeterValues' ? 'Rejected' : 'Accepted' }
    })
    h('GetConfiguration', () => ({
      configurationKey: [
        { key: 'HeartbeatInterval', readonly: false, value: String(this.o.timing.heartbeatS) },
        { key: 'MeterValueSampleInterval', readonly: false, value: String(this.o.timing.meterS) },
        { key: 'NumberOfConnectors', readonly: true, value: String(this.o.connectors.length) },
      ],
    }))
    h('ChangeConfiguration', () => ({ status: 'Accepted' }))
    h('GetVariables', (p) => ({
      getVariableResult: ((p.getVariableData ?? []) as { component: unknown; variable: unknown }[]).map(
        (v) => ({
          attributeStatus: 'UnknownVariable',
          component: v.component,
          variable: v.variable,
        }),
      ),
    }))
    // 2.0.1's whole configuration: accepted, then sent in one NotifyReport carrying the requestId.
    h('GetBaseReport', (p) => {
      const setting = (component: string, variable: string, value: string) => ({
        component: { name: component },
        variable: { name: variable },
        variableAttribute: [{ type: 'Actual', value, mutability: 'ReadWrite' }],
      })
      this.later(100, () => {
        void this.call('NotifyReport', {
          requestId: p.requestId,
          generatedAt: new Date().toISOString(),
          seqNo: 0,
          tbc: false,
          reportData: [
            setting('OCPPCommCtrlr', 'HeartbeatInterval', String(this.o.timing.heartbeatS)),
            setting('SampledDataCtrlr', 'TxUpdatedInterval', String(this.o.timing.meterS)),
            setting('ChargingStation', 'Model', 'SIM-AC22'),
          ],
        })
      })
      return { status: 'Accepted' }
    })
    h('SetVariables', (p) => ({
      setVariableResult: ((p.setVariableData ?? []) as { component: unknown; variable: unknown }[]).map(
        (v) => ({
          attributeStatus: 'Accepted',
          component: v.component,
          variable: v.variable,
        }),
      ),
    }))
  }
}
