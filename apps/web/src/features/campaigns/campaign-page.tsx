import type { CampaignDetail, CampaignStage } from '@portal/contract'
import { formatDate, formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import type { DataColumn } from '@/components/data-table/types'
import { DetailState, Field, dash } from '@/components/form-kit/detail-state'
import { Card, FormError } from '@/components/form-kit/fields'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { useToast } from '@/components/ui/toast/toast'
import { useCampaign, useStartStage } from './api/campaigns-api'
import { PhaseBadge, ProgressionChips, stageStatusLabel } from './campaign-labels'
import { serverMessage } from '@/lib/server-messages'

function Back() {
  const { t } = useTranslation()
  return (
    <Link to="/typeform-campaigns" className="text-brand-700 hover:underline">
      ← {t('campaigns.title')}
    </Link>
  )
}

const STATUS_STYLE: Record<string, { dot: string; text: string }> = {
  completed: { dot: 'border-emerald-500 bg-emerald-500 text-white', text: 'text-emerald-700' },
  active: { dot: 'border-brand-600 bg-brand-600 text-white ring-4 ring-brand-100', text: 'text-brand-700' },
  pending: { dot: 'border-slate-300 bg-white text-slate-500', text: 'text-slate-500' },
}

function StageRow({
  stage,
  last,
  startable,
  starting,
  onStart,
}: {
  stage: CampaignStage
  last: boolean
  startable: boolean
  starting: boolean
  onStart: () => void
}) {
  const { t } = useTranslation()
  const style = STATUS_STYLE[stage.status] ?? STATUS_STYLE.pending
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0">
      {!last && <span aria-hidden="true" className="absolute top-8 bottom-0 left-[15px] w-px bg-slate-200" />}
      <span
        aria-hidden="true"
        className={cn(
          'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
          style?.dot,
        )}
      >
        {stage.stage_no}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="text-sm font-semibold text-slate-900">
            <span className="sr-only">{t('campaigns.stageN', { no: stage.stage_no })} </span>
            {stage.name}
          </h3>
          <span className={cn('text-xs font-medium', style?.text)}>{stageStatusLabel(t, stage.status)}</span>
          <ProgressionChips t={t} stage={stage} />
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {t(`campaigns.syncHelp.${stage.sync_mode}`, { defaultValue: '' })}{' '}
          {t(`campaigns.advanceHelp.${stage.advance_mode}`, { defaultValue: '' })}
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600">
          <div className="flex gap-1">
            <dt>{t('campaigns.startedAt')}:</dt>
            <dd className="text-slate-900">
              {stage.started_at === null ? dash : formatDateTime(stage.started_at)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('campaigns.completedAt')}:</dt>
            <dd className="text-slate-900">
              {stage.completed_at === null ? dash : formatDateTime(stage.completed_at)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('campaigns.col.responses_count')}:</dt>
            <dd className="text-slate-900 tabular-nums">{stage.responses_count.toLocaleString()}</dd>
          </div>
        </dl>
        {startable && (
          <Button className="mt-3" size="sm" variant="primary" loading={starting} onClick={onStart}>
            {t('campaigns.startStage', { no: stage.stage_no })}
          </Button>
        )}
      </div>
    </li>
  )
}

function Stages({ c }: { c: CampaignDetail }) {
  const { t } = useTranslation()
  const start = useStartStage(c.campaign_id)
  const { addToast } = useToast()
  return (
    <Card title={t('campaigns.stagesTitle', { count: c.stages.length })}>
      <ol aria-label={t('campaigns.col.stages')}>
        {c.stages.map((s, i) => (
          <StageRow
            key={s.stage_no}
            stage={s}
            last={i === c.stages.length - 1}
            startable={c.can_edit && c.startable_stage_no === s.stage_no}
            starting={start.isPending}
            onStart={() =>
              start.mutate(s.stage_no, {
                onSuccess: () =>
                  addToast({
                    variant: 'success',
                    title: t('campaigns.stageStarted', { no: s.stage_no }),
                    message: s.name,
                    timeout: 5000,
                  }),
              })
            }
          />
        ))}
      </ol>
      {start.isError && (
        <div className="mt-3">
          <FormError message={serverMessage(start.error)} />
        </div>
      )}
    </Card>
  )
}

type Response = CampaignDetail['recent_responses'][number]

function responseColumns(t: TFunction): DataColumn<Response>[] {
  return [
    {
      id: 'submitted_at',
      card: 'title',
      header: t('campaigns.response.submitted_at'),
      cell: (r) => formatDateTime(r.submitted_at),
    },
    {
      id: 'respondent',
      card: 'subtitle',
      header: t('campaigns.response.respondent'),
      cell: (r) => <span className="font-mono text-xs">{r.respondent}</span>,
    },
    { id: 'stage', card: 'meta', header: t('campaigns.response.stage'), cell: (r) => r.stage_no },
    {
      id: 'completed',
      card: 'status',
      header: t('campaigns.response.completed'),
      cell: (r) => (
        <Badge tone={r.completed ? 'positive' : 'warning'}>
          {r.completed ? t('campaigns.response.complete') : t('campaigns.response.partial')}
        </Badge>
      ),
    },
    {
      id: 'score',
      card: 'meta',
      header: t('campaigns.response.score'),
      cell: (r) => r.score ?? dash,
      align: 'right',
    },
  ]
}

/** The campaign's latest responses: they come with the campaign (no call of their own), all on one page. */
function Responses({ c }: { c: CampaignDetail }) {
  const { t } = useTranslation()
  const columns = useMemo(() => responseColumns(t), [t])
  const rows = c.recent_responses
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-slate-900">{t('campaigns.responsesTitle')}</h2>
      <DataTable
        tableId="campaign-responses"
        caption={t('campaigns.responsesTitle')}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.response_id}
        state="ready"
        page={1}
        pageSize={Math.max(1, rows.length)}
        total={rows.length}
        onPageChange={() => undefined}
        emptyTitle={t('campaigns.noResponses')}
      />
    </div>
  )
}

/** /typeform-campaigns/{campaign_id?}/info: the campaign, its stages and their progression, and recent responses. */
export function CampaignPage() {
  const { t } = useTranslation()
  const { campaign_id: campaignId = '' } = useParams()
  const query = useCampaign(campaignId)
  if (!query.data) {
    return (
      <DetailState
        valid={campaignId !== ''}
        query={query}
        title={t('campaigns.campaignTitle')}
        breadcrumb={<Back />}
        notFoundTitle={t('campaigns.notFoundTitle')}
        notFoundDescription={t('campaigns.notFoundDescription')}
      />
    )
  }
  const c = query.data
  const completion =
    c.responses_count === 0 ? null : Math.round((c.completed_count / c.responses_count) * 100)
  return (
    <>
      <PageHeader
        title={c.name}
        breadcrumb={<Back />}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <PhaseBadge t={t} statusCode={c.statusCode} />
            <span className="font-mono text-xs">{c.campaign_id}</span>
          </span>
        }
        actions={
          <a
            href={c.typeform_url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50"
          >
            {t('campaigns.openForm')}
            <span aria-hidden="true">↗</span>
          </a>
        }
      />
      {/* Phone: campaign, stages, responses. Wide: stages in the right column beside both. */}
      <div className="grid items-start gap-4 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-span-2">
          <Card title={t('campaigns.detailsTitle')}>
            <p className="mb-4 text-sm text-slate-700">{c.description}</p>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
              <Field label={t('campaigns.col.start_date')}>{formatDate(c.start_date)}</Field>
              <Field label={t('campaigns.col.end_date')}>
                {c.end_date === null ? t('campaigns.openEnded') : formatDate(c.end_date)}
              </Field>
              <Field label={t('campaigns.typeformId')}>
                <span className="font-mono">{c.typeform_form_id}</span>
              </Field>
              <Field label={t('campaigns.col.responses_count')}>{c.responses_count.toLocaleString()}</Field>
              <Field label={t('campaigns.completed')}>{c.completed_count.toLocaleString()}</Field>
              <Field label={t('campaigns.col.completion')}>
                {completion === null ? dash : `${String(completion)}%`}
              </Field>
              <Field label={t('campaigns.updatedAt')}>{formatDateTime(c.updated_at)}</Field>
            </dl>
          </Card>
        </div>
        <div className="min-w-0 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <Stages c={c} />
        </div>
        <div className="min-w-0 lg:col-span-2 lg:row-start-2">
          <Responses c={c} />
        </div>
      </div>
    </>
  )
}
