import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DetailState } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import type { AccessLevel } from './api/settings-access'

export const SETTINGS_PATH = '/entity-settings'

const shield = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
    <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zM9.5 12.5l5-5M9.5 7.5l5 5" />
  </svg>
)

/** The no-access state (403, or no payment and no integration policy): what happened and who can help. */
export function NoAccess({ title }: { title?: string }) {
  const { t } = useTranslation()
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <EmptyState
        icon={shield}
        title={title ?? t('entitySettings.noAccessTitle')}
        description={t('entitySettings.noAccessDescription')}
      />
    </div>
  )
}

/** "View only" beside the title when the level allows reading only. */
export function LevelBadge({ level }: { level: AccessLevel }) {
  const { t } = useTranslation()
  if (level !== 1) return null
  return <Badge tone="info">{t('entitySettings.viewOnly')}</Badge>
}

/**
 * What a detail page shows until its object is there: the shared states (loading, not found: a bad id or another
 * entity's object, both 404; no access; the error), and the settings' own no-access state when the user has no
 * policy for this part at all.
 */
export function SettingsDetailState({
  valid,
  query,
  level,
  breadcrumb,
  notFoundTitle,
}: {
  valid: boolean
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>
  level: AccessLevel
  breadcrumb: ReactNode
  notFoundTitle: string
}) {
  const { t } = useTranslation()
  if (level === 0) {
    return (
      <>
        <PageHeader title={t('entitySettings.title')} breadcrumb={breadcrumb} />
        <NoAccess />
      </>
    )
  }
  return (
    <DetailState
      valid={valid}
      query={query}
      title={t('entitySettings.title')}
      breadcrumb={breadcrumb}
      notFoundTitle={notFoundTitle}
      notFoundDescription={t('entitySettings.notFoundDescription')}
    />
  )
}
