import type { OcppCommandBody, OcppProtocol } from '@portal/contract'
import { badRequest } from '../../lib/errors'
import type { NumberedConnector } from './ocpp.repository'

/**
 * An operator's command as the OCPP call its charger understands (docs/decisions/0104-ocpp-remote-commands.md).
 * The portal numbers connectors over the whole charger (1.6's way); 2.0.1 names an EVSE and its connector. A
 * connector the charger does not have is the operator's mistake: 400, naming the field.
 */
export interface CommandPlan {
  action: string
  params: Record<string, unknown>
}

/** The running session a remote stop names, as its charger knows it. */
export interface StopTarget {
  /** 1.6: the transactionId we gave (the session's id). */
  id: number
  /** 2.0.1: the charger's own transactionId (the session's external id). */
  external_id: string
}

function connectorNamed(connectors: readonly NumberedConnector[], n: number): NumberedConnector {
  const found = connectors.find((c) => c.chargerConnectorNumber === n)
  if (!found)
    throw badRequest(
      `connector: this charger has ${String(connectors.length)} connector(s), numbered 1 to ${String(connectors.length)}`,
    )
  return found
}

/**
 * `correlationId` is the number a 2.0.1 charger echoes in what follows: the remoteStartId in its TransactionEvent,
 * the requestId in its NotifyReport.
 */
export function planCommand(
  version: OcppProtocol,
  body: OcppCommandBody,
  connectors: readonly NumberedConnector[],
  stop: StopTarget | undefined,
  correlationId: number,
): CommandPlan {
  const v16 = version === 'ocpp1.6'
  switch (body.command) {
    case 'RemoteStart': {
      const c = connectorNamed(connectors, body.connector)
      return v16
        ? {
            action: 'RemoteStartTransaction',
            params: { connectorId: c.chargerConnectorNumber, idTag: body.id_tag },
          }
        : {
            action: 'RequestStartTransaction',
            params: {
              idToken: { idToken: body.id_tag, type: 'ISO14443' },
              evseId: c.evseNumber,
              // Required by 2.0.1; the charger echoes it in the TransactionEvent it sends.
              remoteStartId: correlationId,
            },
          }
    }
    case 'RemoteStop': {
      if (!stop) throw badRequest('session_uid: no running session of this charger has this uid')
      return v16
        ? { action: 'RemoteStopTransaction', params: { transactionId: stop.id } }
        : { action: 'RequestStopTransaction', params: { transactionId: stop.external_id } }
    }
    case 'Reset':
      return v16
        ? { action: 'Reset', params: { type: body.type } }
        : { action: 'Reset', params: { type: body.type === 'Hard' ? 'Immediate' : 'OnIdle' } }
    case 'UnlockConnector': {
      const c = connectorNamed(connectors, body.connector)
      return v16
        ? { action: 'UnlockConnector', params: { connectorId: c.chargerConnectorNumber } }
        : { action: 'UnlockConnector', params: { evseId: c.evseNumber, connectorId: c.connectorNumber } }
    }
    case 'ChangeAvailability': {
      if (v16)
        return {
          action: 'ChangeAvailability',
          params: { connectorId: body.connector, type: body.availability },
        }
      const evse =
        body.connector === 0
          ? {}
          : (() => {
              const c = connectorNamed(connectors, body.connector)
              return { evse: { id: c.evseNumber, connectorId: c.connectorNumber } }
            })()
      return { action: 'ChangeAvailability', params: { operationalStatus: body.availability, ...evse } }
    }
    case 'TriggerMessage': {
      const c = body.connector === undefined ? undefined : connectorNamed(connectors, body.connector)
      if (v16)
        return {
          action: 'TriggerMessage',
          params: { requestedMessage: body.message, ...(c ? { connectorId: c.chargerConnectorNumber } : {}) },
        }
      return {
        action: 'TriggerMessage',
        params: {
          requestedMessage: body.message,
          ...(c ? { evse: { id: c.evseNumber, connectorId: c.connectorNumber } } : {}),
        },
      }
    }
    case 'GetConfiguration': {
      if (v16) return { action: 'GetConfiguration', params: body.keys?.length ? { key: body.keys } : {} }
      // Every setting: the charger accepts, then sends them in NotifyReport messages carrying this requestId.
      if (!body.keys?.length)
        return {
          action: 'GetBaseReport',
          params: { requestId: correlationId, reportBase: 'ConfigurationInventory' },
        }
      return { action: 'GetVariables', params: { getVariableData: body.keys.map(variableOf) } }
    }
    case 'ChangeConfiguration':
      if (v16) return { action: 'ChangeConfiguration', params: { key: body.key, value: body.value } }
      return {
        action: 'SetVariables',
        params: { setVariableData: [{ ...variableOf(body.key), attributeValue: body.value }] },
      }
  }
}

/** 2.0.1 names a setting by component and variable: `OCPPCommCtrlr/HeartbeatInterval`. */
function variableOf(key: string) {
  const [component, variable] = key.split('/')
  if (variable === undefined)
    throw badRequest(
      `key: a 2.0.1 charger's settings are named Component/Variable (for example OCPPCommCtrlr/HeartbeatInterval)`,
    )
  return { component: { name: component }, variable: { name: variable } }
}

/** The status a charger's answer carries (Accepted, Rejected, Unlocked...), where it has one. */
export function answerStatus(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null
  const status = (answer as { status?: unknown }).status
  if (typeof status === 'string') return status
  // 2.0.1 SetVariables / GetVariables answer per variable: the first one's status says it for a single key.
  const results = (answer as { setVariableResult?: { attributeStatus?: unknown }[] }).setVariableResult
  const first = Array.isArray(results) ? results[0]?.attributeStatus : undefined
  return typeof first === 'string' ? first : null
}
