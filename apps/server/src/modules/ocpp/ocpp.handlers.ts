import type { RPCClient } from 'ocpp-rpc'
import { ocppError } from './ocpp-errors'
import type { OcppSession } from './ocpp.service'
import { authorize, boot, heartbeat, reportStatus } from './ocpp.service'

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

const currentTime = (s: OcppSession) => new Date(s.now()).toISOString()

type Handle = (params: unknown) => Promise<Record<string, unknown>>

function handlers16(s: OcppSession): Record<string, Handle> {
  return {
    BootNotification: async (params) => {
      const p = params as Boot16
      const answer = await boot(s, {
        vendor: p.chargePointVendor,
        model: p.chargePointModel,
        serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber,
        firmwareVersion: p.firmwareVersion,
      })
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
      const p = params as Boot201
      const answer = await boot(s, {
        vendor: p.chargingStation.vendorName,
        model: p.chargingStation.model,
        serialNumber: p.chargingStation.serialNumber,
        firmwareVersion: p.chargingStation.firmwareVersion,
      })
      return { status: answer.status, currentTime: currentTime(s), interval: answer.interval }
    },
    Heartbeat: async () => {
      await heartbeat(s)
      return { currentTime: currentTime(s) }
    },
    Authorize: async (params) => {
      const p = params as Authorize201
      return { idTokenInfo: { status: await authorize(s, p.idToken.idToken) } }
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

/** Registers the version's handlers on a connection; any other action is answered NotImplemented. */
export function registerHandlers(client: RPCClient, s: OcppSession): void {
  const table = s.version === 'ocpp1.6' ? handlers16(s) : handlers201(s)
  for (const [action, handle] of Object.entries(table)) client.handle(action, ({ params }) => handle(params))
  client.handle(({ method }) => {
    throw ocppError('NotImplemented', `${method} is not supported by this central system yet`)
  })
}
