import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError, isForbidden } from '@/lib/http'

/**
 * What a detail page shows before it has its object: not found (bad id or 404), loading, no access (403) or the
 * error with the server's message. Returns null once the data is there.
 */
export function detailGate(opts: {
  validId: boolean
  query: { isPending: boolean; isError: boolean; error: Error | null }
  back: ReactNode
  title: string
  notFoundTitle: string
  notFoundDescription: string
  loading: string
}): ReactNode {
  const { query } = opts
  if (!opts.validId || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <>
        <PageHeader title={opts.notFoundTitle} breadcrumb={opts.back} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={opts.notFoundTitle} description={opts.notFoundDescription} />
        </div>
      </>
    )
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Loader message={opts.loading} />
      </div>
    )
  }
  if (query.isError) return <GateError title={opts.title} back={opts.back} error={query.error} />
  return null
}

function GateError({ title, back, error }: { title: string; back: ReactNode; error: Error | null }) {
  const { t } = useTranslation()
  const forbidden = isForbidden(error)
  return (
    <>
      <PageHeader title={title} breadcrumb={back} />
      <div className="rounded-lg border border-slate-200 bg-white">
        <EmptyState
          title={forbidden ? t('table.noAccessTitle') : t('table.errorTitle')}
          description={forbidden ? t('table.noAccessDescription') : (error?.message ?? '')}
        />
      </div>
    </>
  )
}
