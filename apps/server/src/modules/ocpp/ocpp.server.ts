import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { OcppProtocol } from '@portal/contract'
import { LiveEventName, OCPP_PATH_PREFIX, OCPP_IDENTITY_PATTERN, OCPP_PROTOCOLS } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { RPCServer } from 'ocpp-rpc'
import type { RPCClient } from 'ocpp-rpc'
import type { Config } from '../../config/env'
import { ConnectionLog, OcppMessageLog } from './ocpp-message-log'
import { verifyOcppPassword } from './ocpp-password'
import { registerOcppPrune } from './ocpp-prune'
import type { OcppCharger } from './ocpp.repository'
import { findChargerByIdentity, recordConnected, recordDisconnected } from './ocpp.repository'
import type { PendingAdmission } from './ocpp-enrolment.service'
import { admitUnknownCharger } from './ocpp-enrolment.service'
import { registerHandlers, registerPendingHandlers } from './ocpp.handlers'
import { OcppCommandRouter } from './ocpp-command-router'
import type { ForeignTokens } from './ocpp.service'

/** Published when a charger connects, so that another instance holding an older connection for it closes it. */
export const OCPP_CONNECTED = 'ocpp.connected'
interface ConnectedEvent {
  identity: string
  connection: string
  at: number
}

/**
 * Published when a charger was commissioned, or a waiting one dismissed: the instance holding a connection for it
 * made before `at` closes it, so that the charger reconnects and boots into what it has become.
 */
export const OCPP_RELEASED = 'ocpp.released'
export interface ReleasedEvent {
  identity: string
  reason: 'commissioned' | 'dismissed'
  at: number
}

interface Session {
  kind: 'charger'
  charger: OcppCharger
  protocol: OcppProtocol
  connection: string
  connectedAt: number
}

/** An unknown charger let in by its entity's enrolment password, waiting to be commissioned (decision 0107). */
interface PendingSession {
  kind: 'pending'
  pending: PendingAdmission
  protocol: OcppProtocol
  connection: string
  connectedAt: number
}

/** The largest frame a charger may send: real OCPP messages are a few KB; ws's default (100 MB) is an attack. */
const MAX_FRAME_BYTES = 1024 * 1024

declare module 'fastify' {
  interface FastifyInstance {
    /** The OCPP central system of this instance (modules/ocpp). */
    ocpp: OcppCentralSystem
  }
}

export interface OcppCentralSystem {
  /** The connection this instance holds for a charger, if any. */
  connection(identity: string): RPCClient | undefined
  /** The OCPP version of the connection this instance holds for a charger, if any. */
  version(identity: string): OcppProtocol | undefined
  /** Sends operators' commands to chargers, wherever they are connected. */
  commands: OcppCommandRouter
  /** How many chargers are connected to this instance. */
  connected(): number
  /** The frame log (tests flush it). */
  messages: OcppMessageLog
  /** Whether unknown chargers may enrol with their entity's enrolment password (PORTAL_OCPP_ACCEPT_UNKNOWN). */
  acceptUnknown: boolean
  /** Closes a charger's connection wherever it is held: it was commissioned, or dismissed while waiting. */
  release(identity: string, reason: ReleasedEvent['reason']): Promise<void>
  /** Roaming partners' tokens (modules/ocpi sets it when it registers): who answers for a token we did not issue. */
  foreignTokens?: ForeignTokens
}

/**
 * The OCPP 1.6-J / 2.0.1 central system (issue 14): WebSocket upgrades on `/ocpp/{identity}` become ocpp-rpc
 * connections, authenticated by HTTP Basic (security profile 1) against the charger's hashed password, one connection
 * per charger (a new one replaces the old, on whichever instance it was), every frame logged.
 */
export function registerOcpp(
  app: FastifyInstance,
  config: Pick<
    Config,
    'ocppHeartbeatIntervalS' | 'ocppCallTimeoutMs' | 'ocppMessageRetentionDays' | 'ocppAcceptUnknown'
  >,
): void {
  const rpc = new RPCServer({
    protocols: [...OCPP_PROTOCOLS],
    strictMode: true,
    callTimeoutMs: config.ocppCallTimeoutMs,
    pingIntervalMs: 30_000,
    respondWithDetailedErrors: false,
    // A charger sending nothing but garbage is disconnected after 10 bad frames in a row.
    maxBadMessages: 10,
    wssOptions: { maxPayload: MAX_FRAME_BYTES },
  })
  const messages = new OcppMessageLog(app.db, (m) => app.log.warn(m))
  registerOcppPrune(app.jobs, app.db, config.ocppMessageRetentionDays)
  const connections = new Map<string, { client: RPCClient; session: Session }>()
  const waiting = new Map<string, { client: RPCClient; session: PendingSession }>()
  const commands = new OcppCommandRouter(
    app.db,
    app.events,
    (identity) => connections.get(identity)?.client,
    config.ocppCallTimeoutMs,
    (fields, message) => app.log.warn(fields, message),
  )

  rpc.auth((accept, reject, handshake) => {
    void (async () => {
      // The path is /ocpp/{identity} and nothing else.
      if (handshake.endpoint !== OCPP_PATH_PREFIX.slice(0, -1)) return reject(404, 'Not found')
      const protocol = OCPP_PROTOCOLS.find((p) => handshake.protocols.has(p))
      if (protocol === undefined)
        return reject(400, `Offer one of the subprotocols ${OCPP_PROTOCOLS.join(', ')}`)
      const identity = handshake.identity
      // One answer for an unknown identity and a wrong password: the refusal tells an attacker nothing.
      if (!OCPP_IDENTITY_PATTERN.test(identity) || handshake.password === undefined)
        return reject(401, 'Unauthorized')
      const password = handshake.password
      let charger: OcppCharger | undefined
      let pending: PendingAdmission | undefined
      try {
        charger = await findChargerByIdentity(app.db, identity)
        // Only an identity no charger has may enrol, and only where the server was told to let unknown ones in.
        if (!charger && config.ocppAcceptUnknown)
          pending = await admitUnknownCharger(app.db, {
            identity,
            password,
            protocol,
            remoteAddress: handshake.remoteAddress ?? '',
          })
      } catch (err) {
        app.log.warn({ err, identity }, 'ocpp: upgrade refused, the database did not answer')
        return reject(503, 'Service unavailable')
      }
      const connection = randomUUID()
      if (pending) {
        app.log.info({ identity, entity: pending.entity_code }, 'ocpp: unknown charger enrolled, waiting')
        const session: PendingSession = {
          kind: 'pending',
          pending,
          protocol,
          connection,
          connectedAt: Date.now(),
        }
        return accept(session, protocol)
      }
      if (!charger || !verifyOcppPassword(password, charger.ocpp_password_hash)) {
        app.log.warn({ identity, remote: handshake.remoteAddress }, 'ocpp: upgrade refused, bad credentials')
        return reject(401, 'Unauthorized')
      }
      const session: Session = { kind: 'charger', charger, protocol, connection, connectedAt: Date.now() }
      accept(session, protocol)
    })()
  })

  /** A waiting charger's connection: Pending to its boots, closed when it is commissioned or dismissed. */
  const holdWaiting = (client: RPCClient, session: PendingSession) => {
    const identity = session.pending.identity
    client.on('badMessage', ({ error }: { error: Error }) => {
      app.log.warn({ identity, err: error }, 'ocpp: malformed frame from a waiting charger')
    })
    registerPendingHandlers(client, {
      db: app.db,
      pendingId: session.pending.id,
      version: session.protocol,
      heartbeatIntervalS: config.ocppHeartbeatIntervalS,
      now: () => Date.now(),
    })
    const previous = waiting.get(identity)
    waiting.set(identity, { client, session })
    if (previous) void previous.client.close({ code: 1000, reason: 'Replaced by a new connection' })
    client.once('close', () => {
      if (waiting.get(identity)?.client === client) waiting.delete(identity)
    })
    const event: ConnectedEvent = { identity, connection: session.connection, at: session.connectedAt }
    app.events.publish(OCPP_CONNECTED, event).catch((err: unknown) => {
      app.log.warn({ err }, `ocpp: publishing ${OCPP_CONNECTED} failed`)
    })
  }

  rpc.on('client', (client: RPCClient & { session: Record<string, unknown> }) => {
    const held = client.session as unknown as Session | PendingSession
    if (held.kind === 'pending') return holdWaiting(client, held)
    const session = held
    const identity = session.charger.ocpp_identity
    const log = new ConnectionLog(messages, session.charger)
    // Listeners first: the charger's first frame may already be on its way.
    client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      log.frame(message, outbound ? 'out' : 'in')
    })
    client.on('badMessage', ({ error }: { error: Error }) => {
      app.log.warn({ identity, err: error }, 'ocpp: malformed frame')
    })
    client.on(
      'strictValidationFailure',
      ({ error, method, outbound }: { error: Error; method: string; outbound: boolean }) => {
        app.log.warn({ identity, method, outbound, err: error }, 'ocpp: message failed schema validation')
      },
    )
    registerHandlers(client, {
      db: app.db,
      charger: session.charger,
      version: session.protocol,
      heartbeatIntervalS: config.ocppHeartbeatIntervalS,
      now: () => Date.now(),
      publish: (topic, payload) => {
        app.events.publish(topic, payload).catch((err: unknown) => {
          app.log.warn({ err }, `ocpp: publishing ${topic} failed`)
        })
      },
      tell: (fact) => app.live.tell(fact),
      warn: (fields, message) => app.log.warn({ ...fields, identity }, message),
      ...(app.ocpp.foreignTokens === undefined ? {} : { foreign: app.ocpp.foreignTokens }),
    })

    const previous = connections.get(identity)
    connections.set(identity, { client, session })
    if (previous) void previous.client.close({ code: 1000, reason: 'Replaced by a new connection' })
    const charger = session.charger
    const tellCharger = () =>
      app.live.tell({
        name: LiveEventName.chargerStatus,
        entities: [charger.entity_code],
        data: { charge_point: charger.uid, location_id: charger.location_id },
      })
    // The connection is recorded before its close can be (a close's update names the connection it ends).
    const connected = recordConnected(app.db, charger.id, session.protocol, session.connectedAt).then(
      tellCharger,
      (err: unknown) => {
        app.log.warn({ err, identity }, 'ocpp: recording the connection failed')
      },
    )
    client.once('close', () => {
      if (connections.get(identity)?.client === client) connections.delete(identity)
      // Offline from now (the charger_offline alert counts from here), unless it has reconnected meanwhile.
      void connected
        .then(() => recordDisconnected(app.db, charger.id, session.connectedAt, Date.now()))
        .then((ended) => {
          if (ended) tellCharger()
        })
        .catch((err: unknown) => {
          app.log.warn({ err, identity }, 'ocpp: recording the disconnection failed')
        })
    })
    app.log.info({ identity, protocol: session.protocol }, 'ocpp: charger connected')
    const event: ConnectedEvent = { identity, connection: session.connection, at: session.connectedAt }
    app.events.publish(OCPP_CONNECTED, event).catch((err: unknown) => {
      app.log.warn({ err }, `ocpp: publishing ${OCPP_CONNECTED} failed`)
    })
  })
  rpc.on('error', (err: Error) => app.log.warn({ err }, 'ocpp: WebSocket server error'))

  // Another instance took a charger's new connection: an older one held here is stale.
  const unsubscribe = app.events.subscribe<ConnectedEvent>(OCPP_CONNECTED, ({ payload }) => {
    for (const map of [connections, waiting] as Map<
      string,
      { client: RPCClient; session: Session | PendingSession }
    >[]) {
      const held = map.get(payload.identity)
      if (held && held.session.connection !== payload.connection && held.session.connectedAt <= payload.at) {
        map.delete(payload.identity)
        void held.client.close({ code: 1000, reason: 'Replaced by a new connection' })
      }
    }
  })
  // A charger was commissioned (it reconnects and boots, Accepted now: a waiting one as the charger, with the same
  // password), or a waiting one dismissed (refused from then on).
  const unsubscribeReleased = app.events.subscribe<ReleasedEvent>(OCPP_RELEASED, ({ payload }) => {
    const commissioned = payload.reason === 'commissioned'
    const maps: Map<string, { client: RPCClient; session: Session | PendingSession }>[] = commissioned
      ? [waiting, connections]
      : [waiting]
    for (const map of maps) {
      const held = map.get(payload.identity)
      if (!held || held.session.connectedAt > payload.at) continue
      map.delete(payload.identity)
      const reason = commissioned ? 'Commissioned: reconnect' : 'Dismissed by an operator'
      void held.client.close({ code: commissioned ? 1012 : 1008, reason })
    }
  })

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').startsWith(OCPP_PATH_PREFIX)) {
      void rpc.handleUpgrade(request, socket as never, head)
      return
    }
    // No other path upgrades: answer rather than leave the socket hanging.
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  })

  const stopCommands = commands.listen()

  app.decorate('ocpp', {
    connection: (identity: string) => connections.get(identity)?.client,
    version: (identity: string) => connections.get(identity)?.session.protocol,
    commands,
    connected: () => connections.size,
    messages,
    acceptUnknown: config.ocppAcceptUnknown,
    release: async (identity, reason) => {
      await app.events.publish(OCPP_RELEASED, { identity, reason, at: Date.now() } satisfies ReleasedEvent)
    },
  } satisfies OcppCentralSystem)

  // Shutdown: chargers are told to go (they reconnect to another instance), then the last frames are written.
  app.addHook('preClose', async () => {
    unsubscribe()
    unsubscribeReleased()
    stopCommands()
    await rpc.close({ code: 1001, reason: 'Server shutting down', awaitPending: false, force: false })
    await messages.flush()
  })
}
