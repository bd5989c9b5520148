import type { IntegrationOption } from '@portal/contract'
import { INTEGRATION_TYPES } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { DataColumn, TableState } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { isForbidden } from '@/lib/http'
import { useCreateIntegrationOption, useIntegrationOptions } from './api/integration-options'
import type { AccessLevel } from './api/settings-access'
import { canEdit } from './api/settings-access'
import { IntegrationOptionForm } from './integration-option-form'
import { integrationGatewayName, typeName } from './labels'

const PAGE_SIZE = 20

function integrationFilterDefs(t: TFunction): FilterDef[] {
  return [
    {
      kind: 'select',
      key: 'type',
      label: t('entitySettings.integration.type'),
      defaultValue: '',
      options: [
        { value: '', label: t('entitySettings.all') },
        ...INTEGRATION_TYPES.map((x) => ({ value: x.type_code, label: typeName(t, x.type_code) })),
      ],
    },
  ]
}

function integrationColumns(t: TFunction): DataColumn<IntegrationOption>[] {
  return [
    { id: 'name', header: t('entitySettings.integration.name'), cell: (o) => o.name },
    { id: 'type', header: t('entitySettings.integration.type'), cell: (o) => typeName(t, o.type_code) },
    {
      id: 'gateway',
      header: t('entitySettings.integration.gateway'),
      cell: (o) => integrationGatewayName(o.type_code, o.gateway_name),
    },
    {
      id: 'is_enabled',
      header: t('entitySettings.enabled'),
      cell: (o) => (
        <Badge tone={o.is_enabled ? 'positive' : 'neutral'} dot>
          {o.is_enabled ? t('entitySettings.on') : t('entitySettings.off')}
        </Badge>
      ),
    },
  ]
}

const rowId = (o: IntegrationOption) => String(o.id)
const rowHref = (o: IntegrationOption) => `/entity-settings/integration-options/${String(o.id)}`

/** The entity's integration options, with "New integration option" for levels 2 and 3. */
export function IntegrationOptionsTab({ level }: { level: AccessLevel }) {
  const { t } = useTranslation()
  const formId = useId()
  const [creating, setCreating] = useState(false)
  const defs = useMemo(() => integrationFilterDefs(t), [t])
  const columns = useMemo(() => integrationColumns(t), [t])
  const list = useListState(defs)
  const type = String(list.select('type'))
  const query = useIntegrationOptions({
    limit: PAGE_SIZE,
    offset: (list.page - 1) * PAGE_SIZE,
    ...(type === ''
      ? {}
      : { type_code: type as NonNullable<Parameters<typeof useIntegrationOptions>[0]['type_code']> }),
  })
  const create = useCreateIntegrationOption()

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'

  return (
    <>
      <DataTable
        tableId="integration-options"
        caption={t('entitySettings.integration.title')}
        columns={columns}
        rows={query.data?.options}
        getRowId={rowId}
        rowHref={rowHref}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={PAGE_SIZE}
        total={query.data?.count}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('entitySettings.integration.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
        actions={
          canEdit(level) && (
            <Button size="sm" onClick={() => setCreating(true)}>
              {t('entitySettings.integration.new')}
            </Button>
          )
        }
      />
      <Modal
        open={creating}
        onClose={() => setCreating(false)}
        title={t('entitySettings.integration.new')}
        size="2xl"
        closeOnOutsideClick={false}
        footer={
          <>
            <Button variant="classic" onClick={() => setCreating(false)}>
              {t('entitySettings.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={create.isPending}>
              {t('entitySettings.create')}
            </Button>
          </>
        }
      >
        <IntegrationOptionForm
          formId={formId}
          readOnly={false}
          save={(body) => create.mutateAsync(body)}
          onSaved={() => setCreating(false)}
        />
      </Modal>
    </>
  )
}
