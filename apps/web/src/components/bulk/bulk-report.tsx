import type { BulkAction } from '@portal/contract'
import { useTranslation } from 'react-i18next'

/** A bulk action's progress while it runs, then its counts and rows, failed rows first with their messages. */
export function BulkReport({ bulk }: { bulk: BulkAction }) {
  const { t } = useTranslation()
  const running = bulk.status === 'queued' || bulk.status === 'running'
  const percent = bulk.total === 0 ? 100 : Math.round((bulk.done / bulk.total) * 100)
  return (
    <div className="flex flex-col gap-3 text-sm">
      {running ? (
        <>
          <p>{t('bulk.progress', { done: bulk.done, total: bulk.total })}</p>
          <div
            role="progressbar"
            aria-label={t('bulk.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${String(percent)}%` }} />
          </div>
        </>
      ) : (
        <p role="status" className="font-medium">
          {bulk.status === 'failed'
            ? t('bulk.failedWhole', { error: bulk.error ?? '' })
            : t('bulk.summary', { succeeded: bulk.succeeded, failed: bulk.failed })}
        </p>
      )}
      {!running && bulk.rows.length > 0 && (
        <table className="w-full text-left">
          <caption className="sr-only">{t('bulk.reportCaption')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-500">
              <th className="py-1">{t('bulk.row')}</th>
              <th className="py-1">{t('bulk.result')}</th>
              <th className="py-1">{t('bulk.message')}</th>
            </tr>
          </thead>
          <tbody>
            {bulk.rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100">
                <td className="py-1 font-mono text-xs">{r.id}</td>
                <td className={r.ok ? 'py-1 text-green-700' : 'py-1 text-red-700'}>
                  {r.ok ? t('bulk.ok') : t('bulk.failed')}
                </td>
                <td className="py-1">{r.message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!running && bulk.rows_total > bulk.rows.length && (
        <p className="text-slate-500">{t('bulk.moreRows', { count: bulk.rows_total - bulk.rows.length })}</p>
      )}
    </div>
  )
}
