import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { tableStateOf } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { useSession } from '@/lib/session/session-store'
import { useMyEntities } from '@/lib/session/use-my-entities'
import { useSwitchEntity } from '@/lib/session/use-switch-entity'
import { filterTeams, orderTeams } from './team-filter'
import { TeamList } from './team-list'
import { serverMessage } from '@/lib/server-messages'

const SEARCH_PARAM = 'q'
const SKELETON_ROWS = 4

function Skeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3.5">
          <div className="size-10 animate-pulse rounded-md bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-48 max-w-full animate-pulse rounded bg-slate-200" />
            <div className="h-2.5 w-16 animate-pulse rounded bg-slate-200" />
          </div>
          <div className="hidden h-7 w-20 animate-pulse rounded-md bg-slate-200 sm:block" />
        </li>
      ))}
    </ul>
  )
}

/** My teams: the organisations the user belongs to (every one for a platform administrator), and a way to switch. */
export function MyTeamsPage() {
  const { t, i18n } = useTranslation()
  const searchId = useId()
  const { entityCode, isPlatformAdmin } = useSession()
  const query = useMyEntities()
  const { switchTo, pendingCode } = useSwitchEntity()
  const [params, setParams] = useSearchParams()
  const search = params.get(SEARCH_PARAM) ?? ''

  const all = query.data
  const shown = useMemo(
    () => (all ? orderTeams(filterTeams(all, search), entityCode) : []),
    [all, search, entityCode],
  )

  const setSearch = (value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value === '') next.delete(SEARCH_PARAM)
        else next.set(SEARCH_PARAM, value)
        return next
      },
      { replace: true },
    )
  }

  const nf = new Intl.NumberFormat(i18n.language)
  const description = !all
    ? t('teams.subtitle')
    : search.trim() !== ''
      ? t('teams.countFiltered', { shown: nf.format(shown.length), total: nf.format(all.length) })
      : t('teams.count', { count: all.length, formatted: nf.format(all.length) })

  // The teams are a client-side list of their own shape (a switch on each row); their state is the lists' own.
  const state = tableStateOf(query)
  let body
  if (state === 'error' || state === 'forbidden') {
    body = (
      <EmptyState
        icon={<ErrorIcon />}
        title={t('teams.errorTitle')}
        description={query.error ? serverMessage(query.error) : undefined}
        action={
          <Button variant="classic" size="sm" onClick={() => void query.refetch()}>
            {t('teams.retry')}
          </Button>
        }
      />
    )
  } else if (state === 'loading' || !query.data) {
    body = <Skeleton />
  } else if (query.data.length === 0) {
    body = <EmptyState title={t('teams.emptyTitle')} description={t('teams.emptyDescription')} />
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        title={t('teams.noMatchTitle', { search: search.trim() })}
        description={t('teams.noMatchDescription')}
        action={
          <Button variant="classic" size="sm" onClick={() => setSearch('')}>
            {t('teams.clearSearch')}
          </Button>
        }
      />
    )
  } else {
    body = (
      <TeamList
        label={t('teams.title')}
        entities={shown}
        currentCode={entityCode}
        pendingCode={pendingCode}
        onSwitch={switchTo}
      />
    )
  }

  return (
    <>
      <PageHeader title={t('teams.title')} description={description} />
      <section
        aria-label={t('teams.title')}
        aria-busy={query.isFetching || pendingCode !== null}
        className="rounded-lg border border-slate-200 bg-white shadow-xs"
      >
        <div className="flex flex-col gap-2 border-b border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:w-72">
            <label htmlFor={searchId} className="sr-only">
              {t('teams.search')}
            </label>
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
              className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400"
            >
              <path d="M9 3.5a5.5 5.5 0 1 0 3.4 9.8l3.1 3.2a.8.8 0 1 0 1.1-1.1l-3.2-3.1A5.5 5.5 0 0 0 9 3.5zM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0z" />
            </svg>
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={t('teams.search')}
              onChange={(e) => setSearch(e.target.value)}
              className="h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white pr-2.5 pl-8 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
            />
          </div>
          {isPlatformAdmin && <p className="text-xs text-slate-500">{t('teams.platformAdminHint')}</p>}
        </div>
        {body}
      </section>
    </>
  )
}
