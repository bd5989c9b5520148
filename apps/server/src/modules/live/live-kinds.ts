import type { LiveEventData, LiveEventName } from '@portal/contract'
import { LiveEventName as Name } from '@portal/contract'

/*
 * Who may hear each event: read on the permission the screens that show it need (the same as their list calls), or,
 * for an export's progress, only the user whose export it is.
 */

export interface LivePermission {
  app: string
  resource: string
}

/** Any signed-in member of the entity: the event names its user (export progress). */
export const OWN: LivePermission = { app: '*', resource: '*' }

export const LIVE_PERMISSION: Record<LiveEventName, LivePermission> = {
  [Name.machineStatus]: { app: 'iot', resource: 'machines/*' },
  [Name.orderCreated]: { app: 'iot', resource: 'orders/*' },
  [Name.chargerStatus]: { app: 'ev', resource: 'locations/*' },
  [Name.connectorStatus]: { app: 'ev', resource: 'locations/*' },
  [Name.sessionStarted]: { app: 'ev', resource: 'sessions/*' },
  [Name.sessionUpdated]: { app: 'ev', resource: 'sessions/*' },
  [Name.sessionStopped]: { app: 'ev', resource: 'sessions/*' },
  [Name.exportProgress]: OWN,
  [Name.alertRaised]: { app: 'iam', resource: 'alerts/*' },
  [Name.alertUpdated]: { app: 'iam', resource: 'alerts/*' },
}

export const permissionKey = (p: LivePermission) => `${p.app}|${p.resource}`

/** Something that happened, as the code that saw it tells the live feed. */
export type LiveFact = {
  [N in LiveEventName]: {
    name: N
    /** Every entity that hears it (a charging session: its CPO and its EMSP; usually one). */
    entities: readonly string[]
    /** The machine it is about: listeners whose permission is limited to sets hear it only when a set holds it. */
    machineId?: number
    /** The one user it is for (an export's progress). */
    userId?: number
    data: LiveEventData<N>
  }
}[LiveEventName]
