import { entityListResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { client } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { optionKeys } from './option-keys'

const charging = client('charging')

/** The charging network's entities, to name CPO and EMSP partners (B §7 `GET /iam/entities?limit=1000`). */
export interface ChargingEntity {
  code: string
  name: string
  roles: string[]
}

export const ENTITY_LIST_LIMIT = 1000

export function fetchChargingEntities(signal?: AbortSignal): Promise<ChargingEntity[]> {
  return charging
    .get('/iam/entities', entityListResponse, {
      query: { limit: ENTITY_LIST_LIMIT },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data.entities.map((e) => ({ code: e.code, name: e.name, roles: e.roles })))
    .catch((error: unknown) => {
      // B §8: a failed entity load is only logged; the list still loads and names read "Unknown Entity".
      console.error('Failed to load the charging entities', error)
      return []
    })
}

/**
 * The entities by code and a namer: an unknown code reads "Unknown Entity" (B §3). Entities whose roles include
 * CPO are the CPO options of a filter, those with EMSP the EMSP options.
 */
export function useChargingEntities() {
  const { t } = useTranslation()
  const { entityCode } = useSession()
  const query = useQuery({
    queryKey: optionKeys.chargingEntities(entityCode),
    queryFn: ({ signal }) => fetchChargingEntities(signal),
    staleTime: 5 * 60_000,
  })
  const entities = useMemo(() => query.data ?? [], [query.data])
  const byCode = useMemo(() => new Map(entities.map((e) => [e.code, e])), [entities])
  const nameOf = useCallback(
    (code: string | null | undefined) =>
      (code ? byCode.get(code)?.name : undefined) ?? t('chargingSession.unknownEntity'),
    [byCode, t],
  )
  const cpoEntities = useMemo(() => entities.filter((e) => e.roles.includes('CPO')), [entities])
  const emspEntities = useMemo(() => entities.filter((e) => e.roles.includes('EMSP')), [entities])
  return { entities, nameOf, cpoEntities, emspEntities, loaded: query.isSuccess }
}
