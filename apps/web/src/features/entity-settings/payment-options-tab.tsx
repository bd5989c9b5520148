import type { PaymentOption, PaymentOptionFilterRequest } from '@portal/contract'
import { cleanFilters, findPaymentGateway, paymentFlowTypes, paymentMethods } from '@portal/contract'
import { catalogueOptions, labelOf } from '@/lib/labels'
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
import { useSession } from '@/lib/session/session-store'
import { settingsKeys } from './api/entity-settings-keys'
import { filterPaymentOptions, useCreatePaymentOption } from './api/payment-options'
import type { AccessLevel } from './api/settings-access'
import { canEdit } from './api/settings-access'
import { PaymentOptionForm } from './payment-option-form'

export const PAYMENT_OPTIONS_PAGE_SIZE = 20

function paymentFilterDefs(t: TFunction): FilterDef[] {
  return [
    {
      kind: 'select',
      key: 'method',
      label: t('entitySettings.payment.method'),
      defaultValue: '',
      options: [{ value: '', label: t('entitySettings.all') }, ...catalogueOptions(paymentMethods)],
    },
    {
      kind: 'select',
      key: 'enabled',
      label: t('entitySettings.enabled'),
      defaultValue: '',
      options: [
        { value: '', label: t('entitySettings.all') },
        { value: 'yes', label: t('entitySettings.on') },
        { value: 'no', label: t('entitySettings.off') },
      ],
    },
  ]
}

/** The body of POST /payment/payment-configs/entity/filter; unset filters are left out (A §5). */
export function paymentOptionFilterBody(list: ListState, page: PageWindow): PaymentOptionFilterRequest {
  const method = list.select('method')
  const enabled = list.select('enabled')
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      method_code: method === '' ? undefined : Number(method),
      is_enabled: enabled === '' ? undefined : enabled === 'yes',
    }),
  }
}

/** The columns of A §7's entity options: method, gateway, display name, currency, enabled, flow type. */
function paymentColumns(t: TFunction): DataColumn<PaymentOption>[] {
  return [
    {
      id: 'display_name',
      header: t('entitySettings.payment.displayName'),
      cell: (o) => o.display_name,
      card: 'title',
    },
    {
      id: 'method',
      header: t('entitySettings.payment.method'),
      cell: (o) => labelOf(paymentMethods, o.method_code),
      card: 'subtitle',
    },
    {
      id: 'gateway',
      header: t('entitySettings.payment.gateway'),
      cell: (o) => findPaymentGateway(o.gateway_code)?.name ?? o.gateway_code,
      card: 'meta',
    },
    {
      id: 'currency',
      header: t('entitySettings.payment.currency'),
      cell: (o) => o.currency_code,
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
    {
      id: 'flow_type',
      header: t('entitySettings.payment.flowType'),
      cell: (o) =>
        t(`entitySettings.flowTypes.${String(o.config.flow_type)}`, {
          defaultValue: labelOf(paymentFlowTypes, o.config.flow_type),
        }),
      card: 'meta',
    },
    {
      id: 'users',
      header: t('entitySettings.payment.users'),
      align: 'right',
      cell: (o) => o.user_config_count,
      defaultVisible: false,
    },
  ]
}

const rowId = (o: PaymentOption) => String(o.id)
const rowHref = (o: PaymentOption) => `/entity-settings/payment-options/${String(o.id)}`

/** The entity's payment options, with "New payment option" for levels 2 and 3. */
export function PaymentOptionsTab({ level }: { level: AccessLevel }) {
  const { t } = useTranslation()
  const { entity } = useSession()
  const formId = useId()
  const [creating, setCreating] = useState(false)
  const defs = useMemo(() => paymentFilterDefs(t), [t])
  const columns = useMemo(() => paymentColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: PAYMENT_OPTIONS_PAGE_SIZE,
    paging: 'count',
    request: paymentOptionFilterBody,
    queryKey: (body, entityCode) => settingsKeys.paymentOptions.list(entityCode, body),
    fetch: filterPaymentOptions,
    rows: (data) => data.options,
    total: (data) => data.count,
  })
  const create = useCreatePaymentOption()

  return (
    <>
      <DataTable
        tableId="payment-options"
        caption={t('entitySettings.payment.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('entitySettings.payment.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
        actions={
          canEdit(level) && (
            <Button size="sm" onClick={() => setCreating(true)}>
              {t('entitySettings.payment.new')}
            </Button>
          )
        }
      />
      <Modal
        open={creating}
        onClose={() => setCreating(false)}
        title={t('entitySettings.payment.new')}
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
        <PaymentOptionForm
          formId={formId}
          defaultCurrency={entity?.currency_code ?? 'SGD'}
          readOnly={false}
          save={(body) => create.mutateAsync(body)}
          onSaved={() => setCreating(false)}
        />
      </Modal>
    </>
  )
}
