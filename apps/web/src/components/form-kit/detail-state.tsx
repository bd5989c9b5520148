import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page/page-header'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError, isForbidden } from '@/lib/http'
import { serverMessage } from '@/lib/server-messages'

/**
 * What a detail page shows until its object is there: not found (a bad id or a 404), loading, no access (403) or
 * the error.
 */
export function DetailState({
  valid,
  query,
  title,
  breadcrumb,
  notFoundTitle,
  anyErrorIsNoAccess = false,
  notFoundDescription,
}: {
  valid: boolean
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>
  title: string
  breadcrumb: ReactNode
  notFoundTitle: string
  /** Some screens show no access on any error (B §4: templates). */
  anyErrorIsNoAccess?: boolean
  /** Under the not-found title. */
  notFoundDescription: string
}) {
  const { t } = useTranslation()
  const box = (content: ReactNode, heading: string) => (
    <>
      <PageHeader title={heading} breadcrumb={breadcrumb} />
      <div className="rounded-lg border border-slate-200 bg-white">{content}</div>
    </>
  )
  if (!valid || (query.error instanceof ApiError && query.error.status === 404))
    return box(<EmptyState title={notFoundTitle} description={notFoundDescription} />, notFoundTitle)
  if (query.isError) {
    const noAccess = anyErrorIsNoAccess || isForbidden(query.error)
    return box(
      <EmptyState
        title={noAccess ? t('table.noAccessTitle') : t('table.errorTitle')}
        description={
          noAccess ? t('table.noAccessDescription') : query.error ? serverMessage(query.error) : undefined
        }
      />,
      title,
    )
  }
  return (
    <div className="flex justify-center py-24">
      <Loader message={t('ui.loading')} />
    </div>
  )
}

/** A label and its value in a detail list. */
export function Field({
  label,
  children,
  className,
}: {
  label: string
  children: ReactNode
  /** Grid placement (a wide field spans columns): on the group itself, as a description list allows no wrapper. */
  className?: string
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

export const dash = '—'
