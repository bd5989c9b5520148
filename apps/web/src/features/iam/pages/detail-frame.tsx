import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError, isForbidden } from '@/lib/http'
import type { IamTab } from './iam-nav'
import { useListHref } from './iam-nav'

/** "← Users": back to the kept list of the tab. */
export function BackLink({ tab }: { tab: IamTab }) {
  const { t } = useTranslation()
  const href = useListHref(tab)
  return (
    <Link to={href} className="text-brand-700 hover:underline">
      ← {t(`iamScreens.tabs.${tab}`)}
    </Link>
  )
}

/**
 * What a detail page shows until its object is there: a loader, not found (an id of another entity answers 404
 * too), no access, or the error. Null once the query has data.
 */
export function DetailState({
  query,
  tab,
  valid = true,
  notFoundTitle,
}: {
  query: UseQueryResult
  tab: IamTab
  /** False when the id in the address cannot be one (not a number). */
  valid?: boolean
  notFoundTitle: string
}) {
  const { t } = useTranslation()
  const back = <BackLink tab={tab} />
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <>
        <PageHeader title={notFoundTitle} breadcrumb={back} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={notFoundTitle} description={t('iamScreens.notFoundDescription')} />
        </div>
      </>
    )
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Loader message={t('iamScreens.loading')} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t(`iamScreens.tabs.${tab}`)} breadcrumb={back} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title={isForbidden(query.error) ? t('table.noAccessTitle') : t('table.errorTitle')}
            description={isForbidden(query.error) ? t('table.noAccessDescription') : query.error.message}
          />
        </div>
      </>
    )
  }
  return null
}

/** A positive integer id from the address, or NaN. */
export function numericId(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
}
