import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { tableStateOf } from '@/components/data-table/use-list'
import { Loader } from '@/components/ui/loader/loader'
import { serverMessage } from '@/lib/server-messages'

/**
 * A titled table of the machine page (recent orders, recent maintenance, commands): loading, no access, error and
 * empty states, then the table; `action` sits in the header ("See all", "Send command"), `note` beside the title.
 */
export function MachinePanel({
  title,
  note,
  action,
  query,
  empty,
  emptyText,
  head,
  children,
}: {
  title: string
  note?: ReactNode
  action?: ReactNode
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>
  empty: boolean
  emptyText?: string
  head: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const state = tableStateOf(query)
  let body: ReactNode
  if (state === 'loading') body = <Loader size="sm" message={t('ui.loading')} className="py-6" />
  else if (state === 'forbidden')
    body = <p className="px-4 py-6 text-sm text-slate-500">{t('table.noAccessTitle')}</p>
  else if (state === 'error')
    body = (
      <p className="px-4 py-6 text-sm text-slate-500">
        {query.error ? serverMessage(query.error) : t('table.errorTitle')}
      </p>
    )
  else if (empty)
    body = (
      <p className="px-4 py-6 text-sm text-slate-500">{emptyText ?? t('catalogue.machine.nothingYet')}</p>
    )
  else
    body = (
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {head}
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    )
  return (
    <section
      aria-label={title}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">
          {title}
          {note}
        </h2>
        {action}
      </div>
      {body}
    </section>
  )
}
