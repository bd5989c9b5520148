import type { BusSessionListQuery, MyEntityType, VoltnetSessionCountRequest } from '@portal/contract'
import type { VoltnetSessionFilterRequest } from '@portal/contract'

const ALL = ['bus-sessions'] as const
const BUSWAYS = [...ALL, 'busways'] as const
const VOLTNET = [...ALL, 'voltnet'] as const

/**
 * Every query key of the bus network's session screens, defined once: the busways history (v3) and voltnet's CPO and
 * EMSP lists (v1). A voltnet refund invalidates through `busSessionKeys.voltnet`: its lists, counts and details.
 */
export const busSessionKeys = {
  all: ALL,
  buswaysList: (entityCode: string | null, query: BusSessionListQuery) =>
    [...BUSWAYS, 'list', entityCode, query] as const,
  buswaysDetail: (entityCode: string | null, id: string | null) =>
    [...BUSWAYS, 'detail', entityCode, id] as const,
  voltnet: VOLTNET,
  voltnetList: (entityCode: string | null, body: VoltnetSessionFilterRequest) =>
    [...VOLTNET, 'list', entityCode, body] as const,
  voltnetCount: (entityCode: string | null, body: VoltnetSessionCountRequest) =>
    [...VOLTNET, 'count', entityCode, body] as const,
  voltnetDetail: (entityCode: string | null, id: string | null, side: MyEntityType) =>
    [...VOLTNET, 'detail', entityCode, id, side] as const,
}
