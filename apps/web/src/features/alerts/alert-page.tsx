import type { Alert, AlertActivity } from '@portal/contract'
import {
  ALERT_KIND_INFO,
  alertActivityActions,
  alertKinds,
  formatDateTime,
  LiveEventName,
} from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { AlertSeverityBadge, AlertStatusBadge } from '@/components/alerts/alert-badges'
import { ALERTS_PATH } from '@/components/alerts/alert-paths'
import { useAlertAccess } from '@/components/alerts/use-alert-access'
import { formatAge } from '@/components/ev-overview/format'
import { dash, DetailState, Field } from '@/components/form-kit/detail-state'
import { Card, FormError } from '@/components/form-kit/fields'
import { serverErrors } from '@/components/form-kit/form-errors'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { useToast } from '@/components/ui/toast/toast'
import { labelOf } from '@/lib/labels'
import { useLiveRefresh } from '@/lib/live/live-store'
import type { AlertAction } from './api/alert-detail'
import { useAlert, useAlertAction } from './api/alert-detail'
import { SubjectCell } from './alert-columns'

/** As the contract's alertActionBody and alertCommentBody allow. */
const COMMENT_MAX = 2000

function ByAt({ by, at, nobody }: { by: string | null; at: number | null; nobody: string }) {
  if (at === null) return <>{dash}</>
  return (
    <>
      <span className="font-medium">{by ?? nobody}</span>
      <span className="text-slate-500"> · {formatDateTime(at)}</span>
    </>
  )
}

function Overview({ alert }: { alert: Alert }) {
  const { t } = useTranslation()
  const info = ALERT_KIND_INFO[alert.kind]
  return (
    <Card title={t('alerts.detail.overview')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('alerts.col.message')} className="sm:col-span-2 lg:col-span-3">
          {alert.message}
        </Field>
        <Field label={t('alerts.col.kind')}>{labelOf(alertKinds, alert.kind)}</Field>
        <Field label={t('alerts.col.severity')}>
          <AlertSeverityBadge severity={alert.severity} />
        </Field>
        <Field label={t('alerts.col.status')}>
          <AlertStatusBadge status={alert.status} />
        </Field>
        <Field label={t('alerts.col.subject')}>
          <SubjectCell alert={alert} />
        </Field>
        {alert.machine_id !== null && <Field label={t('alerts.detail.machineId')}>{alert.machine_id}</Field>}
        {alert.charge_point !== null && (
          <Field label={t('alerts.detail.chargePoint')}>
            <span className="font-mono text-xs">{alert.charge_point}</span>
          </Field>
        )}
        <Field label={t('alerts.col.raised_at')}>{formatDateTime(alert.raised_at)}</Field>
        <Field label={t('alerts.col.last_seen_at')}>{formatDateTime(alert.last_seen_at)}</Field>
        <Field label={t('alerts.col.updated_at')}>{formatDateTime(alert.updated_at)}</Field>
        <Field label={t('alerts.col.acknowledged')}>
          <ByAt by={alert.acknowledged_by} at={alert.acknowledged_at} nobody={t('alerts.system')} />
        </Field>
        <Field label={t('alerts.col.resolved')}>
          <ByAt by={alert.resolved_by} at={alert.resolved_at} nobody={t('alerts.resolvedByItself')} />
        </Field>
        <Field label={t('alerts.detail.clears')}>
          {info.clearsByItself ? t('alerts.detail.clearsByItself') : t('alerts.detail.clearsByHand')}
        </Field>
      </dl>
    </Card>
  )
}

const ACTION_DOT: Record<AlertActivity['action'], string> = {
  raised: 'bg-rose-500',
  updated: 'bg-slate-400',
  acknowledged: 'bg-sky-500',
  commented: 'bg-brand-600',
  resolved: 'bg-emerald-500',
  reopened: 'bg-amber-500',
}

/** Who did what and when, oldest first, as an audit trail reads; the server's own steps are "System". */
function Activity({ activity }: { activity: readonly AlertActivity[] }) {
  const { t, i18n } = useTranslation()
  const [now] = useState(() => Date.now())
  const steps = [...activity].sort((a, b) => a.at - b.at || a.id - b.id)
  return (
    <Card title={t('alerts.detail.activity')}>
      {steps.length === 0 ? (
        <p className="text-sm text-slate-500">{t('alerts.detail.noActivity')}</p>
      ) : (
        <ol className="relative space-y-4 border-l border-slate-200 pl-5">
          {steps.map((step) => (
            <li key={step.id} className="relative">
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white',
                  ACTION_DOT[step.action],
                )}
              />
              <p className="text-sm text-slate-900">
                <span className="font-semibold">{labelOf(alertActivityActions, step.action)}</span>{' '}
                <span className="text-slate-600">
                  {t('alerts.detail.by', { who: step.username ?? t('alerts.system') })}
                </span>
              </p>
              <p className="text-xs text-slate-500">
                <time
                  dateTime={new Date(step.at).toISOString()}
                  title={formatAge(step.at, now, i18n.language)}
                >
                  {formatDateTime(step.at)}
                </time>
              </p>
              {step.text !== '' && (
                <p
                  className={cn(
                    'mt-1 text-sm break-words whitespace-pre-line text-slate-700',
                    step.action === 'commented' && 'rounded-md bg-slate-50 px-3 py-2',
                  )}
                >
                  {step.text}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

/**
 * Acknowledge, resolve (each with the comment, when one is written) and comment. One comment box serves all three,
 * as a note usually says why. Shown to users who may edit alerts; the others read that they may not.
 */
function Actions({ alert }: { alert: Alert }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const access = useAlertAccess()
  const act = useAlertAction(alert.id)
  const [comment, setComment] = useState('')
  const [error, setError] = useState<{ field?: string; form: string | null }>({ form: null })
  const [pending, setPending] = useState<AlertAction['action'] | null>(null)

  if (access.edit !== 'allowed') {
    return (
      <Card title={t('alerts.detail.actions')}>
        <p className="text-sm text-slate-500">
          {access.edit === 'loading' ? t('ui.loading') : t('alerts.detail.readOnly')}
        </p>
      </Card>
    )
  }

  const run = (input: AlertAction, done: string) => {
    setError({ form: null })
    setPending(input.action)
    act.mutate(input, {
      onSuccess: () => {
        setComment('')
        addToast({ variant: 'success', title: done, message: labelOf(alertKinds, alert.kind), timeout: 4000 })
      },
      onError: (err) => {
        const shown = serverErrors(err, ['comment', 'text'])
        const field = shown.fields.comment ?? shown.fields.text
        setError({ ...(field === undefined ? {} : { field }), form: shown.message })
      },
      onSettled: () => setPending(null),
    })
  }
  const text = comment.trim()
  const withComment = text === '' ? {} : { comment: text }
  const addComment = (e: SyntheticEvent) => {
    e.preventDefault()
    if (text === '') {
      setError({ field: t('alerts.detail.commentRequired'), form: null })
      return
    }
    run({ action: 'comment', text }, t('alerts.detail.commented'))
  }

  return (
    <Card title={t('alerts.detail.actions')}>
      <form noValidate onSubmit={addComment} className="space-y-3">
        <FormError message={error.form} />
        <TextAreaField
          label={t('alerts.detail.comment')}
          hint={t('alerts.detail.commentHint')}
          value={comment}
          maxLength={COMMENT_MAX}
          error={error.field}
          onChange={(e) => {
            setComment(e.target.value)
            if (error.field !== undefined) setError({ form: error.form })
          }}
        />
        <div className="flex flex-wrap gap-2">
          {alert.status === 'open' && (
            <Button
              type="button"
              variant="info"
              size="sm"
              loading={pending === 'acknowledge'}
              disabled={act.isPending}
              onClick={() => run({ action: 'acknowledge', ...withComment }, t('alerts.detail.acknowledged'))}
            >
              {t('alerts.detail.acknowledge')}
            </Button>
          )}
          {alert.status !== 'resolved' && (
            <Button
              type="button"
              variant="positive"
              size="sm"
              loading={pending === 'resolve'}
              disabled={act.isPending}
              onClick={() => run({ action: 'resolve', ...withComment }, t('alerts.detail.resolved'))}
            >
              {t('alerts.detail.resolve')}
            </Button>
          )}
          <Button
            type="submit"
            variant="classic"
            size="sm"
            loading={pending === 'comment'}
            disabled={act.isPending}
          >
            {t('alerts.detail.addComment')}
          </Button>
        </div>
        {alert.status === 'resolved' && ALERT_KIND_INFO[alert.kind].clearsByItself && (
          <p className="text-xs text-slate-500">{t('alerts.detail.resolvedHint')}</p>
        )}
      </form>
    </Card>
  )
}

/** One alert (/alerts/{id}): what it is about, its activity, and what may be done with it; it follows the stream. */
export function AlertPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const alertId = Number(id)
  const query = useAlert(alertId)
  useLiveRefresh([LiveEventName.alertUpdated], () => void query.refetch(), {
    when: (event) => 'alert_id' in event.data && event.data.alert_id === alertId,
  })
  const back = (
    <Link to={ALERTS_PATH} className="text-brand-700 hover:underline">
      ← {t('alerts.title')}
    </Link>
  )
  if (query.data === undefined)
    return (
      <DetailState
        valid={Number.isSafeInteger(alertId) && alertId > 0}
        query={query}
        title={t('alerts.title')}
        breadcrumb={back}
        notFoundTitle={t('alerts.detail.notFoundTitle')}
        notFoundDescription={t('alerts.detail.notFoundDescription')}
      />
    )
  const { alert, activity } = query.data
  return (
    <>
      <PageHeader
        title={labelOf(alertKinds, alert.kind)}
        breadcrumb={back}
        description={alert.subject}
        actions={
          <>
            <AlertSeverityBadge severity={alert.severity} />
            <AlertStatusBadge status={alert.status} />
          </>
        }
      />
      {/* On a phone the actions come right after the overview, not under a long activity. */}
      <div className="grid gap-5 xl:grid-cols-3 xl:items-start">
        <div className="xl:col-span-2">
          <Overview alert={alert} />
        </div>
        <div className="xl:col-start-3 xl:row-span-2 xl:row-start-1">
          <Actions alert={alert} />
        </div>
        <div className="xl:col-span-2">
          <Activity activity={activity} />
        </div>
      </div>
    </>
  )
}
