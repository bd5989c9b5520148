import type { CaseDetail } from '@portal/contract'
import { caseCreateRequest } from '@portal/contract'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { isForbidden } from '@/lib/http'
import { useCaseSites, useCreateCase } from './api/cases-api'
import { caseInfoPath, EMPTY_CASE_DRAFT, toCreateBody } from './case-draft'
import { CaseForm } from './case-form'
import { templateLabel, UrgencyBadge } from './case-labels'
import { serverMessage } from '@/lib/server-messages'

/** The clear confirmation after an intake: the new case number, a link to the case, and the next steps. */
function Confirmation({ created, onAnother }: { created: CaseDetail; onAnother: () => void }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section
      role="status"
      aria-labelledby="case-added-heading"
      className="max-w-3xl rounded-lg border border-emerald-200 bg-white shadow-xs"
    >
      <div className="flex items-start gap-4 border-b border-emerald-100 bg-emerald-50 px-5 py-4">
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
          </svg>
        </span>
        <div className="min-w-0">
          <h2
            id="case-added-heading"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-emerald-900 outline-none"
          >
            {t('digitalHealth.added.title', { caseNo: created.caseNo })}
          </h2>
          <p className="mt-1 text-sm text-emerald-800">
            {t('digitalHealth.added.description', { patient: created.patientName, site: created.siteName })}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('digitalHealth.col.caseNo')}</dt>
          <dd className="mt-0.5 font-mono font-semibold text-slate-900">{created.caseNo}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-medium text-slate-500">{t('digitalHealth.col.caseTemplate')}</dt>
          <dd className="mt-0.5 text-slate-900">{templateLabel(t, created.caseTemplate)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('digitalHealth.field.urgency')}</dt>
          <dd className="mt-0.5">
            <UrgencyBadge t={t} urgency={created.urgency} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:items-center">
        <Link to={caseInfoPath(created.caseId)} className={buttonClasses({ variant: 'primary' })}>
          {t('digitalHealth.added.open', { caseNo: created.caseNo })}
        </Link>
        <Button variant="classic" onClick={onAnother}>
          {t('digitalHealth.added.another')}
        </Button>
        <Link
          to="/digital-health/cases"
          className="px-1 text-sm font-medium text-brand-700 hover:underline sm:ml-auto"
        >
          {t('digitalHealth.added.history')}
        </Link>
      </div>
    </section>
  )
}

/** /digital-health, "Add a case" (A §2): the intake form, then a confirmation with the new case number. */
export function AddCasePage() {
  const { t } = useTranslation()
  const sites = useCaseSites()
  const create = useCreateCase()
  const [created, setCreated] = useState<CaseDetail | null>(null)
  const [round, setRound] = useState(0)

  return (
    <>
      <PageHeader
        title={t('digitalHealth.addTitle')}
        description={t('digitalHealth.addDescription')}
        actions={
          <Link to="/digital-health/cases" className={buttonClasses({ variant: 'classic' })}>
            {t('digitalHealth.historyTitle')}
          </Link>
        }
      />
      {isForbidden(sites.error) ? (
        <div className="max-w-4xl rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title={t('digitalHealth.noAccessTitle')}
            description={t('digitalHealth.noAccessDescription')}
          />
        </div>
      ) : created ? (
        <Confirmation
          created={created}
          onAnother={() => {
            setCreated(null)
            setRound((n) => n + 1)
          }}
        />
      ) : (
        <div className="max-w-4xl">
          {sites.isError && (
            <p
              role="alert"
              className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {t('digitalHealth.form.sitesFailed', { message: serverMessage(sites.error) })}
            </p>
          )}
          <CaseForm
            key={round}
            mode="create"
            initial={EMPTY_CASE_DRAFT}
            sites={sites.data ?? (sites.isError ? [] : undefined)}
            schema={caseCreateRequest}
            toBody={toCreateBody}
            submitLabel={t('digitalHealth.form.submitCreate')}
            saving={create.isPending}
            onValid={async (body) => {
              const saved = await create.mutateAsync(body)
              setCreated(saved)
              window.scrollTo({ top: 0 })
            }}
            cancel={{ href: '/digital-health/cases' }}
          />
        </div>
      )}
    </>
  )
}
