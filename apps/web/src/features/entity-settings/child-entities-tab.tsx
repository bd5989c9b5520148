import { childEntitiesFilterResponse } from '@portal/contract'
import { useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import type { DataColumn } from '@/components/data-table/types'
import { useList } from '@/components/data-table/use-list'
import { EntityProfileDialog } from '@/components/entity-profile/entity-profile-dialog'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { useMyEntities } from '@/lib/session/use-my-entities'
import { useSwitchEntity } from '@/lib/session/use-switch-entity'
import { settingsKeys } from './api/entity-settings-keys'

/** A child entity as POST /iam/users/{id}/child-entities/filter answers it. */
interface ChildEntity {
  code: string
  name: string
  parent_code: string
}

const PAGE_SIZE = 20
/** The child entity whose profile is open over the list: `/entity-settings?tab=children&entity=CB-JE`. */
const ENTITY_PARAM = 'entity'
const NO_FILTERS = [] as const

const rowId = (c: ChildEntity) => c.code

function childColumns(
  t: TFunction,
  membership: ReadonlyMap<string, number | null>,
  current: string | null,
  switchTo: (code: string) => void,
  pendingCode: string | null,
): DataColumn<ChildEntity>[] {
  return [
    { id: 'name', header: t('entitySettings.children.name'), cell: (c) => c.name, card: 'title' },
    {
      id: 'code',
      header: t('entitySettings.children.code'),
      cell: (c) => <code className="font-mono text-xs text-slate-700">{c.code}</code>,
      card: 'subtitle',
    },
    {
      id: 'parent',
      header: t('entitySettings.children.parent'),
      cell: (c) => <code className="font-mono text-xs text-slate-700">{c.parent_code}</code>,
      card: 'meta',
    },
    {
      id: 'membership',
      header: t('entitySettings.children.you'),
      cell: (c) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {c.code === current ? (
            <Badge tone="info">{t('entitySettings.children.current')}</Badge>
          ) : membership.has(c.code) ? (
            <>
              <Badge tone="positive">{t('entitySettings.children.member')}</Badge>
              <Button
                size="sm"
                variant="classic"
                // Above the card's link, which covers the card on a phone.
                className="relative z-10"
                loading={pendingCode === c.code}
                onClick={() => switchTo(c.code)}
                aria-label={t('entitySettings.children.switchTo', { name: c.name })}
              >
                {t('entitySettings.children.switch')}
              </Button>
            </>
          ) : (
            <Badge tone="neutral">{t('entitySettings.children.managed')}</Badge>
          )}
        </span>
      ),
      card: 'status',
    },
  ]
}

/**
 * The entities below the ones the user owns or administers (A §5: entity settings open for them when they have at
 * least one). Each opens its profile, which they may change as an admin of its parent; an entity they also belong
 * to can be switched to, to manage its payment and integration options there (decision 0076).
 */
export function ChildEntitiesTab() {
  const { t } = useTranslation()
  const { user, entityCode } = useSession()
  const userUuid = user?.user_uuid ?? ''
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const mine = useMyEntities()
  const membership = useMemo(
    () => new Map((mine.data ?? []).map((e) => [e.code, e.relation] as const)),
    [mine.data],
  )
  const { switchTo, pendingCode } = useSwitchEntity()
  const columns = useMemo(
    () => childColumns(t, membership, entityCode, switchTo, pendingCode),
    [t, membership, entityCode, switchTo, pendingCode],
  )
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: PAGE_SIZE,
    paging: 'count',
    request: (_list, page) => page,
    queryKey: (page, e) => settingsKeys.childEntities(e, userUuid, page),
    fetch: (page, signal) =>
      mainApi
        .post(
          `/iam/users/${encodeURIComponent(userUuid)}/child-entities/filter`,
          page,
          childEntitiesFilterResponse,
          { signal },
        )
        .then((r) => r.data),
    rows: (data) => data.entities,
    total: (data) => data.count,
    enabled: userUuid !== '',
  })

  const rowHref = useCallback(
    (c: ChildEntity) => {
      const next = new URLSearchParams(params)
      next.set(ENTITY_PARAM, c.code)
      return `/entity-settings?${next.toString()}`
    },
    [params],
  )
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      next.delete(ENTITY_PARAM)
      return next
    })

  return (
    <>
      <p className="mb-3 max-w-3xl text-sm text-slate-600">{t('entitySettings.children.help')}</p>
      <DataTable
        tableId="child-entities"
        caption={t('entitySettings.children.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('entitySettings.children.empty')}
      />
      <EntityProfileDialog
        code={params.get(ENTITY_PARAM)}
        onClose={close}
        canEdit
        commercial={false}
        onSaved={() =>
          queryClient.invalidateQueries({ queryKey: settingsKeys.allChildEntities(entityCode, userUuid) })
        }
      />
    </>
  )
}
