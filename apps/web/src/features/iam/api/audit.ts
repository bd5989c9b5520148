import { auditResponse } from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys } from './iam-keys'

export type AuditObjectType = 'user' | 'role' | 'policy' | 'set'

/** GET /iam/audit: the changes to one object, newest first. */
export function auditQueryOptions(entityCode: string | null, objectType: AuditObjectType, objectId: string) {
  return queryOptions({
    queryKey: iamKeys.audit(entityCode, objectType, objectId),
    queryFn: ({ signal }) =>
      mainApi
        .get('/iam/audit', auditResponse, { signal, query: { object_type: objectType, object_id: objectId } })
        .then((r) => r.data.entries),
  })
}

export function useAudit(objectType: AuditObjectType, objectId: string, enabled: boolean) {
  const { entityCode } = useSession()
  return useQuery({ ...auditQueryOptions(entityCode, objectType, objectId), enabled })
}
