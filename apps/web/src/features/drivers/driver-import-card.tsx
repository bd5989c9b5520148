import type { DriverImportReport, DriverImportRow } from '@portal/contract'
import { DRIVER_CSV_MAX_ROWS, formatMobile } from '@portal/contract'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card, FormError } from '@/components/form-kit/fields'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { useImportDrivers } from './api/drivers-api'
import { downloadText, fileProblem, rejectedRowsCsv, templateCsv } from './driver-import'
import type { DriverVariantConfig } from './driver-variant'
import { serverMessage } from '@/lib/server-messages'

const TONES: Record<DriverImportRow['status'], BadgeTone> = {
  added: 'positive',
  ready: 'info',
  rejected: 'error',
}

/** The rows of a preview or a report: line, who, and what happened to them (with the reasons when rejected). */
function ReportTable({ report }: { report: DriverImportReport }) {
  const { t } = useTranslation()
  const [onlyRejected, setOnlyRejected] = useState(false)
  const rows = onlyRejected ? report.rows.filter((r) => r.status === 'rejected') : report.rows
  const label = report.dryRun ? t('drivers.import.previewTable') : t('drivers.import.reportTable')
  return (
    <div className="flex flex-col gap-2">
      {report.rejected > 0 && report.accepted > 0 && (
        <Checkbox
          label={t('drivers.import.onlyRejected')}
          checked={onlyRejected}
          onChange={(e) => setOnlyRejected(e.target.checked)}
        />
      )}
      <div
        className="max-h-96 overflow-auto rounded-md border border-slate-200"
        tabIndex={0}
        role="group"
        aria-label={label}
      >
        <table className="w-full min-w-[44rem] border-collapse text-sm" aria-label={label}>
          <caption className="sr-only">{label}</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              {(['line', 'name', 'mobileNumber', 'email', 'result', 'problems'] as const).map((key) => (
                <th
                  key={key}
                  scope="col"
                  className="border-b border-slate-200 px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase"
                >
                  {t(`drivers.import.column.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className="border-b border-slate-100 align-top last:border-b-0">
                <td className="px-3 py-2 text-slate-500 tabular-nums">{r.line}</td>
                <td className="min-w-36 px-3 py-2">{r.name || <span className="text-slate-400">—</span>}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMobile(r.mobileNumber)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{r.email}</td>
                <td className="px-3 py-2">
                  <Badge tone={TONES[r.status]} dot>
                    {t(`drivers.import.status.${r.status}`)}
                  </Badge>
                </td>
                <td className="min-w-64 px-3 py-2 text-rose-800">
                  {r.issues.length > 0 && (
                    <ul className="flex flex-col gap-0.5">
                      {r.issues.map((i) => (
                        <li key={`${i.path}-${i.message}`}>
                          <span className="font-medium">
                            {t(`drivers.field.${i.path}`, { defaultValue: i.path })}
                          </span>
                          {`: ${i.message}`}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/**
 * The csv import: a template to download, a file to choose, a preview (the server's dry run: every row checked
 * against the file and the entity's drivers) with the number that will be added, then the row-by-row report, and
 * the rejected rows as a csv to correct and upload again.
 */
export function DriverImportCard({ config }: { config: DriverVariantConfig }) {
  const { t } = useTranslation()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const upload = useImportDrivers(config)
  const [file, setFile] = useState<File | null>(null)
  const [text, setText] = useState('')
  const [preview, setPreview] = useState<DriverImportReport | null>(null)
  const [report, setReport] = useState<DriverImportReport | null>(null)
  const [error, setError] = useState<string | null>(null)

  const startOver = () => {
    setFile(null)
    setText('')
    setPreview(null)
    setReport(null)
    setError(null)
    upload.reset()
    if (input.current) input.current.value = ''
  }

  const choose = async (chosen: File | undefined) => {
    setPreview(null)
    setReport(null)
    setError(null)
    if (!chosen) return
    const problem = fileProblem(chosen)
    if (problem) {
      setFile(null)
      setError(t(`drivers.import.problem.${problem}`))
      return
    }
    setFile(chosen)
    setText(await chosen.text())
    try {
      setPreview(await upload.mutateAsync({ file: chosen, dryRun: true }))
    } catch (e) {
      setError(serverMessage(e) || String(e))
    }
  }

  const commit = async () => {
    if (!file) return
    setError(null)
    try {
      setReport(await upload.mutateAsync({ file, dryRun: false }))
      setPreview(null)
    } catch (e) {
      setError(serverMessage(e) || String(e))
    }
  }

  const rejectedCsv = report ? rejectedRowsCsv(text, report) : null
  const baseName = (file?.name ?? 'drivers.csv').replace(/\.(csv|txt)$/i, '')

  return (
    <Card
      title={t('drivers.import.title')}
      actions={
        <Button
          variant="classic"
          size="sm"
          onClick={() =>
            downloadText(
              templateCsv(config.subscriptions),
              config.variant === 'limo' ? 'limo-drivers-template.csv' : 'drivers-template.csv',
            )
          }
        >
          {t('drivers.import.template')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {t('drivers.import.intro', { rows: DRIVER_CSV_MAX_ROWS.toLocaleString() })}
        </p>
        {!report && (
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('drivers.import.file')}
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={upload.isPending}
              onChange={(e) => void choose(e.target.files?.[0])}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
            />
          </div>
        )}
        {upload.isPending && (
          <p role="status" className="text-sm text-slate-500">
            {preview || !file ? t('drivers.import.importing') : t('drivers.import.checking')}
          </p>
        )}
        <FormError message={error} />

        {preview && (
          <section aria-label={t('drivers.import.previewTitle')} className="flex flex-col gap-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700" role="status">
                {t('drivers.import.previewSummary', {
                  file: preview.fileName,
                  total: preview.total,
                  ready: preview.accepted,
                  rejected: preview.rejected,
                })}
              </p>
              <div className="flex gap-2">
                <Button variant="classic" size="sm" onClick={startOver}>
                  {t('drivers.import.chooseAnother')}
                </Button>
                <Button
                  size="sm"
                  disabled={preview.accepted === 0}
                  loading={upload.isPending}
                  onClick={() => void commit()}
                >
                  {t('drivers.import.importN', { count: preview.accepted })}
                </Button>
              </div>
            </div>
            {preview.ignoredColumns.length > 0 && (
              <p className="text-sm text-amber-800">
                {t('drivers.import.ignored', { columns: preview.ignoredColumns.join(', ') })}
              </p>
            )}
            <ReportTable report={preview} />
          </section>
        )}

        {report && (
          <section aria-label={t('drivers.import.reportTitle')} className="flex flex-col gap-3">
            <div
              role="status"
              className={`rounded-md border px-3 py-2 text-sm ${report.rejected > 0 ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900'}`}
            >
              {t('drivers.import.reportSummary', { added: report.accepted, rejected: report.rejected })}
            </div>
            <div className="flex flex-wrap gap-2">
              {rejectedCsv && (
                <Button
                  variant="classic"
                  size="sm"
                  onClick={() => downloadText(rejectedCsv, `${baseName}-rejected.csv`)}
                >
                  {t('drivers.import.downloadRejected')}
                </Button>
              )}
              <Button variant="classic" size="sm" onClick={startOver}>
                {t('drivers.import.another')}
              </Button>
              <Link to={config.listPath} className={buttonClasses({ size: 'sm' })}>
                {t('drivers.import.viewList')}
              </Link>
            </div>
            <ReportTable report={report} />
          </section>
        )}
      </div>
    </Card>
  )
}
