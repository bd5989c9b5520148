import type { MyEntity } from '@portal/contract'
import { entityRelations, industries } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { DefaultImage } from '@/components/ui/default-image/default-image'

const MAX_INDUSTRIES = 3
// One grid for the header and the rows. On a phone: logo, name and action on the first line, industries and
// relation under the name; from sm up: logo, name, industries, relation, action side by side.
const ROW_GRID =
  'grid grid-cols-[2.5rem_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 sm:grid-cols-[2.5rem_minmax(0,5fr)_minmax(0,4fr)_8rem_7.5rem] sm:gap-x-4'

export interface TeamListProps {
  entities: readonly MyEntity[]
  currentCode: string | null
  /** The entity being switched to: its row shows a spinner and the other switches wait. */
  pendingCode: string | null
  onSwitch: (code: string) => void
  /** Accessible name of the list. */
  label: string
}

function RelationLabel({ relation }: { relation: number | null }) {
  const { t } = useTranslation()
  if (relation === null) {
    // A platform administrator sees every entity; where they are not a member there is no relation to show.
    return (
      <span className="text-slate-400" title={t('teams.relationNone')}>
        <span aria-hidden="true" className="hidden sm:inline">
          —
        </span>
        <span className="sr-only">{t('teams.relationNone')}</span>
      </span>
    )
  }
  return (
    <Badge tone={relation === 0 ? 'info' : 'neutral'}>
      {t(`teams.relation.${String(relation)}`, { defaultValue: labelOf(entityRelations, relation) })}
    </Badge>
  )
}

function IndustryList({ values }: { values: readonly string[] }) {
  const { t } = useTranslation()
  if (values.length === 0) return <span className="text-sm text-slate-400">—</span>
  const labels = values.map((v) => labelOf(industries, v))
  const shown = labels.slice(0, MAX_INDUSTRIES)
  const more = labels.length - shown.length
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('teams.industries')} title={labels.join(', ')}>
      {shown.map((label) => (
        <li
          key={label}
          className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-600"
        >
          {label}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded px-1 py-0.5 text-xs font-medium text-slate-500">
          {t('teams.moreIndustries', { count: more })}
        </li>
      )}
    </ul>
  )
}

/** The user's entities, one row each: who it is, what it does, the user's relation, and a way to act in it. */
export function TeamList({ entities, currentCode, pendingCode, onSwitch, label }: TeamListProps) {
  const { t } = useTranslation()
  return (
    <div>
      <div
        aria-hidden="true"
        className={cn(
          'hidden border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid',
          ROW_GRID,
        )}
      >
        <span className="col-span-2">{t('teams.col.organisation')}</span>
        <span>{t('teams.col.industries')}</span>
        <span>{t('teams.col.relation')}</span>
        <span className="sr-only">{t('teams.col.action')}</span>
      </div>
      <ul aria-label={label} className="divide-y divide-slate-100">
        {entities.map((entity) => {
          const current = entity.code === currentCode
          const pending = entity.code === pendingCode
          return (
            <li
              key={entity.code}
              aria-current={current ? 'true' : undefined}
              data-code={entity.code}
              className={cn(
                'px-4 py-3',
                ROW_GRID,
                current && 'bg-brand-50/60 shadow-[inset_3px_0_0_var(--color-brand-600)]',
              )}
            >
              <DefaultImage
                name={entity.name}
                src={entity.logo_url}
                size="md"
                shape="square"
                className="col-start-1 row-start-1"
              />
              <div className="col-start-2 row-start-1 min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900" title={entity.name}>
                  {entity.name}
                </p>
                <p className="font-mono text-xs text-slate-500">{entity.code}</p>
              </div>
              <div className="col-span-2 col-start-2 row-start-2 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 sm:contents">
                <div className="min-w-0 sm:col-span-1 sm:col-start-3 sm:row-start-1">
                  <IndustryList values={entity.industries} />
                </div>
                <div className="text-sm sm:col-start-4 sm:row-start-1">
                  <RelationLabel relation={entity.relation} />
                </div>
              </div>
              <div className="col-start-3 row-start-1 flex justify-end sm:col-start-5">
                {current ? (
                  <Badge tone="positive" dot>
                    {t('teams.current')}
                  </Badge>
                ) : (
                  <Button
                    variant="classic"
                    size="sm"
                    loading={pending}
                    disabled={pendingCode !== null && !pending}
                    aria-label={t('teams.switchTo', { name: entity.name })}
                    onClick={() => onSwitch(entity.code)}
                  >
                    {pending ? t('teams.switching') : t('teams.switch')}
                  </Button>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
