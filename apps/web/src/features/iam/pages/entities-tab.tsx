import type { Entity, EntityFilterRequest, MyEntity } from '@portal/contract'
import { cleanFilters, industries, Industry } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { EntityProfileDialog } from '@/components/entity-profile/entity-profile-dialog'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { catalogueOptions, labelOf } from '@/lib/labels'
import { useSession } from '@/lib/session/session-store'
import { filterEntities, useInvalidateEntities, useMyEntityResults } from '../api/entities'
import { IAM_PAGE_SIZE, iamKeys } from '../api/iam-keys'
import { NewClinicDialog, NewEntityDialog } from '../components/entity-create-dialogs'
import { useIamAccess } from '../components/iam-access'
import { dash } from './list-parts'

/** The entity whose profile is open over the list: `/iam?tab=entities&entity=VEND` (decision 0075). */
export const ENTITY_PARAM = 'entity'

export function entityFilterDefs(
  t: TFunction,
  parents: readonly Pick<MyEntity, 'code' | 'name'>[],
): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('iamScreens.entities.search') },
    {
      kind: 'select',
      key: 'industry',
      label: t('iamScreens.entities.filterIndustry'),
      defaultValue: '',
      options: [{ value: '', label: t('iamScreens.entities.anyIndustry') }, ...catalogueOptions(industries)],
    },
    {
      kind: 'select',
      key: 'parent',
      label: t('iamScreens.entities.filterParent'),
      defaultValue: '',
      options: [
        { value: '', label: t('iamScreens.entities.anyParent') },
        ...parents.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` })),
      ],
    },
  ]
}

/** The body of POST /iam/entities/filter: search, industry and parent (its child entities); unset ones left out. */
export function entityFilterBody(list: ListState, page: PageWindow): EntityFilterRequest {
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      search: list.text('q'),
      industry: list.text('industry'),
      parent_code: list.text('parent'),
    }),
  }
}

export function entityColumns(t: TFunction): DataColumn<Entity>[] {
  return [
    {
      id: 'name',
      header: t('iamScreens.entities.col.name'),
      cell: (e) => e.name,
      className: 'min-w-52',
      card: 'title',
    },
    {
      id: 'code',
      header: t('iamScreens.entities.col.code'),
      cell: (e) => <code className="font-mono text-xs text-slate-700">{e.code}</code>,
      card: 'subtitle',
    },
    {
      id: 'industries',
      header: t('iamScreens.entities.col.industries'),
      cell: (e) =>
        e.industries.length === 0 ? (
          dash
        ) : (
          <span className="flex flex-wrap gap-1">
            {e.industries.map((i) => (
              <Badge key={i} tone="info">
                {labelOf(industries, i)}
              </Badge>
            ))}
          </span>
        ),
      card: 'meta',
    },
    {
      id: 'parent',
      header: t('iamScreens.entities.col.parent'),
      cell: (e) =>
        e.parent_code === null ? dash : <code className="font-mono text-xs">{e.parent_code}</code>,
      card: 'meta',
    },
    {
      id: 'roles',
      header: t('iamScreens.entities.col.roles'),
      cell: (e) => (e.roles.length === 0 ? dash : e.roles.join(', ')),
    },
    {
      id: 'currency',
      header: t('iamScreens.entities.col.currency'),
      cell: (e) => e.currency_code,
      card: 'meta',
    },
    {
      id: 'time_zone',
      header: t('iamScreens.entities.col.timeZone'),
      cell: (e) => e.time_zone,
      defaultVisible: false,
    },
  ]
}

const rowId = (e: Entity) => e.code

/**
 * The Entities tab of /iam (issue 12 §1; decision 0075): every entity for a platform administrator, the current
 * entity and its child entities for its admins. A row opens the entity's profile over the list; a platform
 * administrator creates entities, and a digital-health entity's admins add clinics under it.
 */
export function EntitiesTab() {
  const { t } = useTranslation()
  const { isPlatformAdmin, entity } = useSession()
  const access = useIamAccess()
  const [params, setParams] = useSearchParams()
  const [creating, setCreating] = useState<'entity' | 'clinic' | null>(null)
  const parents = useMyEntityResults()
  const invalidate = useInvalidateEntities()
  const defs = useMemo(() => entityFilterDefs(t, parents.data ?? []), [t, parents.data])
  const columns = useMemo(() => entityColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: IAM_PAGE_SIZE,
    paging: 'count',
    request: entityFilterBody,
    queryKey: (body, entityCode) => iamKeys.entities.list(entityCode, body),
    fetch: filterEntities,
    rows: (data) => data.entities,
    total: (data) => data.count,
  })

  const open = params.get(ENTITY_PARAM)
  const rowHref = useCallback(
    (e: Entity) => {
      const next = new URLSearchParams(params)
      next.set(ENTITY_PARAM, e.code)
      return `/iam?${next.toString()}`
    },
    [params],
  )
  const show = (code: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      if (code === null) next.delete(ENTITY_PARAM)
      else next.set(ENTITY_PARAM, code)
      return next
    })
  const created = (e: Entity) => {
    setCreating(null)
    show(e.code)
  }
  const canEdit = isPlatformAdmin || access.can('entities', 'edit')
  const clinics = entity?.industries.includes(Industry.digital_health_automation) === true

  return (
    <>
      <DataTable
        tableId="iam-entities"
        caption={t('iamScreens.tabs.entities')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('iamScreens.entities.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
        actions={
          <>
            {clinics && (
              <Button
                size="sm"
                variant={isPlatformAdmin ? 'classic' : 'primary'}
                disabled={!canEdit}
                tooltip={canEdit ? undefined : t('iamScreens.needEdit')}
                onClick={() => setCreating('clinic')}
              >
                {t('iamScreens.entities.newClinic')}
              </Button>
            )}
            {isPlatformAdmin && (
              <Button size="sm" onClick={() => setCreating('entity')}>
                {t('iamScreens.entities.new')}
              </Button>
            )}
          </>
        }
      />
      <EntityProfileDialog
        code={open}
        onClose={() => show(null)}
        canEdit={canEdit}
        commercial={isPlatformAdmin}
        onSaved={invalidate}
      />
      {isPlatformAdmin && (
        <NewEntityDialog open={creating === 'entity'} onClose={() => setCreating(null)} onCreated={created} />
      )}
      {clinics && (
        <NewClinicDialog open={creating === 'clinic'} onClose={() => setCreating(null)} onCreated={created} />
      )}
    </>
  )
}
