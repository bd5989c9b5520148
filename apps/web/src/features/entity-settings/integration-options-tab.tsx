import type { IntegrationOption, IntegrationOptionFilterRequest, IntegrationTypeCode } from '@portal/contract'
import { INTEGRATION_TYPE_CODES, INTEGRATION_TYPES } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { settingsKeys } from './api/entity-settings-keys'
import { filterIntegrationOptions, useCreateIntegrationOption } from './api/integration-options'
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

/** The integration type chosen in the filter, as the call takes it (the select offers only the contract's). */
function typeCodeOf(list: ListState): IntegrationTypeCode | undefined {
  const type = list.select('type')
  return INTEGRATION_TYPE_CODES.find((code) => code === type)
}

/** The body of POST /iam/integration-options/filter; the type only when one is chosen (A §5). */
export function integrationFilterBody(list: ListState, page: PageWindow): IntegrationOptionFilterRequest {
  const type = typeCodeOf(list)
  return { limit: page.limit, offset: page.offset, ...(type === undefined ? {} : { type_code: type }) }
}

function integrationColumns(t: TFunction): DataColumn<IntegrationOption>[] {
  return [
    { id: 'name', header: t('entitySettings.integration.name'), cell: (o) => o.name, card: 'title' },
    {
      id: 'type',
      header: t('entitySettings.integration.type'),
      cell: (o) => typeName(t, o.type_code),
      card: 'subtitle',
    },
    {
      id: 'gateway',
      header: t('entitySettings.integration.gateway'),
      cell: (o) => integrationGatewayName(o.type_code, o.gateway_name),
      card: 'meta',
    },
    {
      id: 'is_enabled',
      header: t('entitySettings.enabled'),
      cell: (o) => (
        <Badge tone={o.is_enabled ? 'positive' : 'neutral'} dot>
          {o.is_enabled ? t('entitySettings.on') : t('entitySettings.off')}
        </Badge>
      ),
      card: 'status',
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
  const { list, table } = useList({
    filters: defs,
    pageSize: PAGE_SIZE,
    paging: 'count',
    request: integrationFilterBody,
    queryKey: (body, entityCode) => settingsKeys.integrationOptions.list(entityCode, body),
    fetch: filterIntegrationOptions,
    rows: (data) => data.options,
    total: (data) => data.count,
  })
  const create = useCreateIntegrationOption()

  return (
    <>
      <DataTable
        tableId="integration-options"
        caption={t('entitySettings.integration.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
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
