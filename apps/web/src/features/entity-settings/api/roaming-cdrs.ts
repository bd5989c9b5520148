import type { OcpiCdrFilterRequest } from '@portal/contract'
import { ocpiCdrListResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'
import { settingsKeys } from './entity-settings-keys'

/** Under the roaming root, beside the message log's keys (see api/roaming-commands.ts for why it is kept here). */
export const cdrKeys = {
  list: (e: string | null, id: number, body: OcpiCdrFilterRequest) =>
    [...settingsKeys.roaming.all(e), 'cdrs', id, body] as const,
}

/** POST /ocpi/partners/{id}/cdrs/filter: a page of the partner's CDRs, both ways, newest first, and their count. */
export const fetchPartnerCdrs = (id: number, body: OcpiCdrFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post(`/ocpi/partners/${String(id)}/cdrs/filter`, body, ocpiCdrListResponse, signal ? { signal } : {})
    .then((r) => r.data)
