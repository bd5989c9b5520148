import type { CaseDetail, CaseEvent } from '@portal/contract'
import { caseUpdateRequest, formatDate, formatDateTime } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DetailState, Field, dash } from '@/components/form-kit/detail-state'
import { Card } from '@/components/form-kit/fields'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { ApiError } from '@/lib/http'
import { useCase, useCaseSites, useUpdateCase } from './api/cases-api'
import { draftOf, questionsOf, toUpdateBody } from './case-draft'
import { CaseForm } from './case-form'
import {
  answerLabel,
  CaseStatusBadge,
  changeFieldLabel,
  changeValueLabel,
  idTypeLabel,
  questionLabel,
  sexLabel,
  templateLabel,
  UrgencyBadge,
} from './case-labels'

function Back() {
  const { t } = useTranslation()
  return (
    <Link to="/digital-health/cases" className="text-brand-700 hover:underline">
      ← {t('digitalHealth.historyTitle')}
    </Link>
  )
}

function Details({ c }: { c: CaseDetail }) {
  const { t } = useTranslation()
  const questions = questionsOf(c.caseTemplate)
  const extra = Object.keys(c.answers).filter((key) => !questions.some((q) => q.key === key))
  return (
    <div className="space-y-4">
      <Card title={t('digitalHealth.form.patientSection')}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
          <Field label={t('digitalHealth.field.patientName')}>{c.patientName}</Field>
          <Field label={idTypeLabel(t, c.idType)}>
            <span className="font-mono">{c.idNumberMasked}</span>
          </Field>
          <Field label={t('digitalHealth.field.dateOfBirth')}>
            {c.dateOfBirth ? formatDate(new Date(`${c.dateOfBirth}T00:00:00`)) : dash}
          </Field>
          <Field label={t('digitalHealth.field.sex')}>{sexLabel(t, c.sex)}</Field>
          <Field label={t('digitalHealth.field.mobileNumber')}>
            <a className="text-brand-700 hover:underline" href={`tel:+${c.dialCode}${c.mobileNumber}`}>
              +{c.dialCode} {c.mobileNumber}
            </a>
          </Field>
          <Field label={t('digitalHealth.field.siteCode')}>{c.siteName}</Field>
        </dl>
      </Card>
      <Card title={t('digitalHealth.form.assessmentOf', { template: templateLabel(t, c.caseTemplate) })}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
          {questions.map((q) => (
            <Field key={q.key} label={questionLabel(t, q)}>
              {answerLabel(t, q, c.answers[q.key])}
            </Field>
          ))}
          {extra.map((key) => (
            <Field key={key} label={key}>
              {answerLabel(t, undefined, c.answers[key])}
            </Field>
          ))}
        </dl>
      </Card>
      <Card title={t('digitalHealth.form.notesSection')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field className="sm:col-span-2" label={t('digitalHealth.field.notes')}>
            <span className="whitespace-pre-line">{c.notes || dash}</span>
          </Field>
          <Field label={t('digitalHealth.field.consent')}>
            {t('digitalHealth.consentRecorded', { at: formatDateTime(c.consentAt) })}
          </Field>
          <Field label={t('digitalHealth.col.createdAt')}>
            {t('digitalHealth.byAt', { by: c.createdBy, at: formatDateTime(c.createdAt) })}
          </Field>
        </dl>
      </Card>
    </div>
  )
}

function HistoryEntry({ event, last }: { event: CaseEvent; last: boolean }) {
  const { t } = useTranslation()
  const created = event.action === 'created'
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span
        aria-hidden="true"
        className="absolute top-1.5 left-0 size-2.5 rounded-full bg-brand-600 ring-4 ring-brand-50"
      />
      {!last && (
        <span aria-hidden="true" className="absolute top-4 bottom-0 left-[4.5px] w-px bg-slate-200" />
      )}
      <p className="text-sm text-slate-900">
        <span className="font-medium">{event.by}</span>{' '}
        {created
          ? t('digitalHealth.history.created')
          : event.changes.length === 0
            ? t('digitalHealth.history.commented')
            : t('digitalHealth.history.updated', { count: event.changes.length })}
      </p>
      <p className="text-xs text-slate-500">
        <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time>
      </p>
      {event.changes.length > 0 && (
        <ul className="mt-2 space-y-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-xs">
          {event.changes.map((change) => (
            <li key={change.field} className="text-slate-700">
              <span className="font-medium text-slate-900">{changeFieldLabel(t, change.field)}</span>:{' '}
              <span className="text-slate-500 line-through decoration-slate-400">
                {changeValueLabel(t, change, change.from)}
              </span>{' '}
              <span aria-hidden="true">→</span>
              <span className="sr-only">{t('digitalHealth.history.to')}</span>{' '}
              <span className="font-medium">{changeValueLabel(t, change, change.to)}</span>
            </li>
          ))}
        </ul>
      )}
      {event.comment && (
        <blockquote className="mt-2 border-l-2 border-slate-300 pl-2 text-xs text-slate-600 italic">
          {event.comment}
        </blockquote>
      )}
    </li>
  )
}

function History({ c }: { c: CaseDetail }) {
  const { t } = useTranslation()
  return (
    <Card title={t('digitalHealth.history.title', { count: c.history.length })}>
      <ol aria-label={t('digitalHealth.history.label')}>
        {c.history.map((e, i) => (
          <HistoryEntry key={e.id} event={e} last={i === c.history.length - 1} />
        ))}
      </ol>
    </Card>
  )
}

/** /digital-health/{caseId?}/info: the case, its history, and (for who may) the same form to update it. */
export function CasePage() {
  const { t } = useTranslation()
  const { caseId = '' } = useParams()
  const query = useCase(caseId)
  const sites = useCaseSites()
  const update = useUpdateCase(caseId)
  const { addToast } = useToast()
  const [editing, setEditing] = useState(false)
  const [stale, setStale] = useState(false)

  if (!query.data) {
    return (
      <DetailState
        valid={caseId !== ''}
        query={query}
        title={t('digitalHealth.caseTitle')}
        breadcrumb={<Back />}
        notFoundTitle={t('digitalHealth.notFoundTitle')}
        notFoundDescription={t('digitalHealth.notFoundDescription')}
      />
    )
  }
  const c = query.data
  return (
    <>
      <PageHeader
        title={c.caseNo}
        breadcrumb={<Back />}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <CaseStatusBadge t={t} status={c.status} />
            <UrgencyBadge t={t} urgency={c.urgency} />
            <span>
              {templateLabel(t, c.caseTemplate)} · {c.patientName}
            </span>
          </span>
        }
        actions={
          c.canEdit &&
          !editing && (
            <Button variant="primary" onClick={() => setEditing(true)}>
              {t('digitalHealth.edit')}
            </Button>
          )
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {editing ? (
            <CaseForm
              key={c.version}
              mode="edit"
              initial={draftOf(c)}
              maskedId={c.idNumberMasked}
              sites={sites.data ?? (sites.isError ? [] : undefined)}
              schema={caseUpdateRequest}
              toBody={(d) => toUpdateBody(d, c.version)}
              submitLabel={t('digitalHealth.form.submitUpdate')}
              saving={update.isPending}
              onValid={async (body) => {
                try {
                  const saved = await update.mutateAsync(body)
                  setEditing(false)
                  setStale(false)
                  addToast({
                    variant: 'success',
                    title: t('digitalHealth.updated', { caseNo: saved.caseNo }),
                    message: saved.patientName,
                    timeout: 5000,
                  })
                } catch (error) {
                  if (error instanceof ApiError && error.status === 409) setStale(true)
                  throw error
                }
              }}
              cancel={{
                onCancel: () => {
                  setEditing(false)
                  setStale(false)
                },
              }}
              footer={
                stale && (
                  <Button
                    variant="warningBasic"
                    onClick={() => {
                      setStale(false)
                      void query.refetch()
                    }}
                  >
                    {t('digitalHealth.reload')}
                  </Button>
                )
              }
            />
          ) : (
            <Details c={c} />
          )}
        </div>
        <div className="min-w-0">
          <History c={c} />
        </div>
      </div>
    </>
  )
}
