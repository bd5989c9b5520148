import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { useChargingEntities } from '@/components/options/charging-entities'
import { PageHeader } from '@/components/page/page-header'
import { useVoltnetSession } from './api/voltnet-sessions-api'
import { EMSP_SESSIONS_PATH, VoltnetSessionDetailView } from './voltnet-sessions-page'

/**
 * /voltnet/emsp/charging-sessions/{id?} (A §2): one session of voltnet's customers, on the shared detail component
 * with the stage timeline; the refund panel only where voltnet is also the session's CPO. Without an id, the list.
 */
export function VoltnetSessionPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const sessionId = id?.trim() ? id : null
  const query = useVoltnetSession(sessionId, 'EMSP')
  const { nameOf } = useChargingEntities()
  if (sessionId === null) return <Navigate to={EMSP_SESSIONS_PATH} replace />

  const back = (
    <Link to={EMSP_SESSIONS_PATH} className="text-brand-700 hover:underline">
      ← {t('busSessions.voltnet.emsp.title')}
    </Link>
  )
  const session = query.data
  if (!session)
    return (
      <DetailState
        valid
        query={query}
        title={t('chargingSession.detail.title')}
        breadcrumb={back}
        notFoundTitle={t('chargingSession.detail.notFound')}
        notFoundDescription={t('chargingSession.detail.notFoundDescription')}
      />
    )
  return (
    <>
      <PageHeader
        title={session.location}
        breadcrumb={back}
        description={`${session.externalId} · ${session.evseId} · ${nameOf(session.entityCode)}`}
      />
      <VoltnetSessionDetailView session={session} nameOf={nameOf} />
    </>
  )
}
