import type { CampaignListItem } from '@portal/contract'
import { CampaignStatusCode, formatDate } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { PhaseBadge, ProgressionChips, StageStrip } from './campaign-labels'

const completion = (c: CampaignListItem) =>
  c.responses_count === 0 ? null : Math.round((c.completed_count / c.responses_count) * 100)

/** Where a campaign is: its stages as dots, and under them the running stage with its progression (A §9). */
function StagesCell({ t, c }: { t: TFunction; c: CampaignListItem }) {
  const current = c.stages.find((s) => s.stage_no === c.current_stage_no)
  return (
    <span className="flex flex-col gap-1 py-0.5">
      <span className="flex items-center gap-2">
        <StageStrip t={t} stages={c.stages} />
        <span className="text-xs text-slate-500 tabular-nums">
          {current
            ? `${String(current.stage_no)}/${String(c.stages.length)}`
            : c.statusCode === CampaignStatusCode.PostLaunch
              ? t('campaigns.allDone')
              : t('campaigns.notStarted')}
        </span>
      </span>
      {current && (
        <span className="flex items-center gap-2">
          <span className="truncate text-slate-900">{current.name}</span>
          <ProgressionChips t={t} stage={current} />
        </span>
      )}
    </span>
  )
}

/**
 * The campaign list's columns: id and name (B §3's search fields), phase, run, stages and their progression. On a
 * phone a campaign is a card led by its name, its id under it and its phase beside.
 */
export function campaignColumns(t: TFunction): DataColumn<CampaignListItem>[] {
  return [
    {
      id: 'campaign_id',
      card: 'subtitle',
      header: t('campaigns.col.campaign_id'),
      cell: (c) => <span className="font-mono text-xs">{c.campaign_id}</span>,
    },
    {
      id: 'name',
      card: 'title',
      header: t('campaigns.col.name'),
      cell: (c) => c.name,
      className: 'max-w-72',
    },
    {
      id: 'phase',
      card: 'status',
      header: t('campaigns.col.phase'),
      cell: (c) => <PhaseBadge t={t} statusCode={c.statusCode} />,
    },
    {
      id: 'start_date',
      card: 'meta',
      header: t('campaigns.col.start_date'),
      cell: (c) => formatDate(c.start_date),
    },
    {
      id: 'end_date',
      card: 'meta',
      header: t('campaigns.col.end_date'),
      cell: (c) =>
        c.end_date === null ? (
          <span className="text-slate-500">{t('campaigns.openEnded')}</span>
        ) : (
          formatDate(c.end_date)
        ),
    },
    { id: 'stages', header: t('campaigns.col.stages'), cell: (c) => <StagesCell t={t} c={c} /> },
    {
      id: 'responses_count',
      card: 'meta',
      header: t('campaigns.col.responses_count'),
      align: 'right',
      cell: (c) => c.responses_count.toLocaleString(),
    },
    {
      id: 'completion',
      header: t('campaigns.col.completion'),
      align: 'right',
      defaultVisible: false,
      cell: (c) => {
        const pct = completion(c)
        return pct === null ? '—' : `${String(pct)}%`
      },
    },
    {
      id: 'typeform',
      header: t('campaigns.col.typeform'),
      defaultVisible: false,
      cell: (c) => (
        <a
          href={c.typeform_url}
          target="_blank"
          rel="noreferrer noopener"
          onClick={(e) => e.stopPropagation()}
          className="font-mono text-xs text-brand-700 hover:underline"
        >
          {c.typeform_form_id}
        </a>
      ),
    },
  ]
}
