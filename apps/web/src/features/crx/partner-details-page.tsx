import type { CarbonPartnerDetail, CarbonVehicle, PartnerRole } from '@portal/contract'
import {
  formatDate,
  formatEmissions,
  formatEnergy,
  formatMoney,
  fuels,
  PAYOUT_PAGE_SIZE,
  VEHICLE_PAGE_SIZE,
  vehicleTypes,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { fetchCarbonPayouts } from '@/components/carbon/carbon-api'
import { FigureTable } from '@/components/carbon/carbon-dashboard'
import { carbonKeys } from '@/components/carbon/carbon-keys'
import { payoutColumns } from '@/components/carbon/payout-columns'
import { DataTable } from '@/components/data-table/data-table'
import type { FilterDef } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import { useList } from '@/components/data-table/use-list'
import { FigureCard } from '@/components/ev-overview/figure-card'
import { DetailState, Field } from '@/components/form-kit/detail-state'
import { Card } from '@/components/form-kit/fields'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { buttonClasses } from '@/components/ui/button/button'
import { ScrollRegion } from '@/components/ui/scroll-region/scroll-region'
import { fetchCarbonVehicles, usePartnerDetail } from './api/crx-api'
import { CRX_PATH, cpoDetailsPath, foDetailsPath } from './crx-paths'
import { tableEmissions, tableEnergy } from '@/components/carbon/carbon-format'

const NO_FILTERS: readonly FilterDef[] = []

function Back() {
  const { t } = useTranslation()
  return (
    <Link to={CRX_PATH} className="text-brand-700 hover:underline">
      ← {t('crx.home.title')}
    </Link>
  )
}

function vehicleColumns(t: TFunction): DataColumn<CarbonVehicle>[] {
  return [
    {
      id: 'license_plate',
      card: 'title',
      header: t('crx.vehicles.col.license_plate'),
      cell: (v) => <span className="font-mono text-xs">{v.license_plate}</span>,
    },
    {
      id: 'vehicle_type',
      card: 'subtitle',
      header: t('crx.vehicles.col.vehicle_type'),
      cell: (v) => labelOf(vehicleTypes, v.vehicle_type),
    },
    { id: 'fuel', card: 'meta', header: t('crx.vehicles.col.fuel'), cell: (v) => labelOf(fuels, v.fuel) },
    {
      id: 'scenario',
      card: 'meta',
      header: t('crx.vehicles.col.scenario'),
      cell: (v) => v.scenario ?? <Badge tone="warning">{t('crx.vehicles.noCategory')}</Badge>,
    },
    {
      id: 'enrolled_at',
      card: 'meta',
      header: t('crx.vehicles.col.enrolled_at'),
      cell: (v) => <span className="whitespace-nowrap">{formatDate(v.enrolled_at)}</span>,
    },
  ]
}

/** A table of the partner's page, with its heading above (not in the toolbar, which folds away on a phone). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  )
}

/** A fleet owner's enrolled vehicles, 20 a page. */
function Vehicles({ entity }: { entity: string }) {
  const { t } = useTranslation()
  const columns = useMemo(() => vehicleColumns(t), [t])
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: VEHICLE_PAGE_SIZE,
    paging: 'count',
    paramPrefix: 'vehicles',
    request: (_state, page) => ({ limit: page.limit, offset: page.offset, fo_entity_code: entity }),
    queryKey: (body, entityCode) => carbonKeys.vehicles(entityCode, body),
    fetch: fetchCarbonVehicles,
    rows: (data) => data.vehicles,
    total: (data) => data.count,
  })
  return (
    <Section title={t('crx.vehicles.title')}>
      <DataTable
        tableId="crx-partner-vehicles"
        caption={t('crx.vehicles.title')}
        columns={columns}
        getRowId={(v) => String(v.id)}
        {...table}
        emptyTitle={t('crx.vehicles.empty')}
      />
    </Section>
  )
}

/** The payouts the exchange made to this partner. */
function Payouts({ entity, role }: { entity: string; role: PartnerRole }) {
  const { t } = useTranslation()
  const columns = useMemo(() => payoutColumns(t, false), [t])
  const { table } = useList({
    filters: NO_FILTERS,
    pageSize: PAYOUT_PAGE_SIZE,
    paging: 'count',
    paramPrefix: 'payouts',
    request: (_state, page) => ({
      limit: page.limit,
      offset: page.offset,
      payee_entity_code: entity,
      payee_role: role,
    }),
    queryKey: (body, entityCode) => carbonKeys.payouts(entityCode, body),
    fetch: fetchCarbonPayouts,
    rows: (data) => data.payouts,
    total: (data) => data.count,
  })
  return (
    <Section title={t('crx.partner.payouts')}>
      <DataTable
        tableId="crx-partner-payouts"
        caption={t('crx.partner.payouts')}
        columns={columns}
        getRowId={(p) => p.uuid}
        {...table}
        emptyTitle={t('carbon.payouts.empty')}
      />
    </Section>
  )
}

function PartnerView({ partner }: { partner: CarbonPartnerDetail }) {
  const { t, i18n } = useTranslation()
  const money = (minor: number) => formatMoney(minor, partner.currency)
  const cpo = partner.role === 'CPO'
  const counterpartPath = (code: string) => (cpo ? foDetailsPath(code) : cpoDetailsPath(code))
  const recordsLink = `/ev-carbon-data?${cpo ? 'cpo' : 'fo'}=${encodeURIComponent(partner.entity_code)}`
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FigureCard
          label={t('crx.partner.earned')}
          value={money(partner.partner_earnings)}
          sub={t('crx.partner.ofValue', { total: money(partner.total_earnings) })}
        />
        <FigureCard label={t('carbon.dashboard.energy')} value={formatEnergy(partner.kWh)} />
        <FigureCard
          label={t('carbon.dashboard.emissions')}
          value={formatEmissions(partner.emissions_reduced)}
        />
        <FigureCard
          label={t('carbon.dashboard.records')}
          value={partner.records.toLocaleString(i18n.language)}
          href={recordsLink}
        />
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Card title={t('crx.partner.profile')}>
          <dl className="grid grid-cols-1 gap-3">
            <Field label={t('crx.partner.code')}>{partner.entity_code}</Field>
            <Field label={t('crx.partner.role')}>{cpo ? t('carbon.role.CPO') : t('carbon.role.FO')}</Field>
            <Field label={t('crx.partner.joined')}>{formatDate(partner.joined_at)}</Field>
            <Field label={t('carbon.payouts.col.payment_bank')}>{partner.payment_bank}</Field>
            <Field label={cpo ? t('crx.partner.locations') : t('crx.partner.vehicles')}>
              {(cpo ? partner.locations : partner.vehicles).toLocaleString(i18n.language)}
            </Field>
          </dl>
        </Card>
        <Card
          title={cpo ? t('crx.partner.fleetPartners') : t('crx.partner.cpoPartners')}
          className="lg:col-span-2"
        >
          <ScrollRegion
            label={cpo ? t('crx.partner.fleetPartners') : t('crx.partner.cpoPartners')}
            className="overflow-x-auto"
          >
            <FigureTable
              caption={cpo ? t('crx.partner.fleetPartners') : t('crx.partner.cpoPartners')}
              headers={[
                t('carbon.partners.col.name'),
                t('carbon.partners.col.cpo_share'),
                t('carbon.partners.col.since'),
                t('carbon.dashboard.records'),
                t('carbon.dashboard.energy'),
                t('crx.partner.earned'),
              ]}
              rows={partner.partnerships.map((p) => [
                <Link
                  key={p.entity_code}
                  to={counterpartPath(p.entity_code)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {p.name}
                </Link>,
                `${p.cpo_share_percent.toLocaleString(i18n.language)}%`,
                formatDate(p.since),
                p.records.toLocaleString(i18n.language),
                tableEnergy(p.kWh, i18n.language),
                money(p.partner_earnings),
              ])}
            />
          </ScrollRegion>
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        {cpo && (
          <Card title={t('carbon.dashboard.topLocations')}>
            {partner.top_locations.length === 0 ? (
              <p className="text-sm text-slate-500">{t('carbon.dashboard.noData')}</p>
            ) : (
              <ScrollRegion label={t('carbon.dashboard.topLocations')} className="overflow-x-auto">
                <FigureTable
                  caption={t('carbon.dashboard.topLocations')}
                  headers={[
                    t('carbon.dashboard.location'),
                    t('carbon.dashboard.creditValue'),
                    t('carbon.dashboard.energy'),
                    t('carbon.dashboard.records'),
                  ]}
                  rows={partner.top_locations.map((l) => [
                    l.name,
                    money(l.total_earnings),
                    tableEnergy(l.kWh, i18n.language),
                    l.records.toLocaleString(i18n.language),
                  ])}
                />
              </ScrollRegion>
            )}
          </Card>
        )}
        <Card title={t('crx.partner.scenarios')} className={cpo ? undefined : 'lg:col-span-2'}>
          {partner.scenarios.length === 0 ? (
            <p className="text-sm text-slate-500">{t('carbon.dashboard.noData')}</p>
          ) : (
            <ScrollRegion label={t('crx.partner.scenarios')} className="overflow-x-auto">
              <FigureTable
                caption={t('crx.partner.scenarios')}
                headers={[
                  t('carbon.dashboard.scenario'),
                  t('carbon.dashboard.emissions'),
                  t('carbon.dashboard.energy'),
                  t('carbon.dashboard.records'),
                ]}
                rows={partner.scenarios.map((s) => [
                  s.scenario,
                  tableEmissions(s.emissions_reduced, i18n.language),
                  tableEnergy(s.kWh, i18n.language),
                  s.records.toLocaleString(i18n.language),
                ])}
              />
            </ScrollRegion>
          )}
        </Card>
      </div>
      {!cpo && <Vehicles entity={partner.entity_code} />}
      <Payouts entity={partner.entity_code} role={partner.role} />
    </div>
  )
}

/** A partner of the exchange's programme, by role (A §2 /crx/cpo-details/{entity}, /crx/fo-details/{entity}). */
function PartnerDetailsPage({ role }: { role: PartnerRole }) {
  const { t } = useTranslation()
  const { entity = '' } = useParams()
  const code = entity.toUpperCase()
  const query = usePartnerDetail(code, role)
  const title = role === 'CPO' ? t('crx.partner.cpoTitle') : t('crx.partner.foTitle')
  if (!query.data) {
    return (
      <DetailState
        valid={/^[A-Z0-9][A-Z0-9_-]{1,31}$/.test(code)}
        query={query}
        title={title}
        breadcrumb={<Back />}
        notFoundTitle={t('crx.partner.notFound')}
        notFoundDescription={t('crx.partner.notFoundDescription')}
      />
    )
  }
  const partner = query.data
  return (
    <>
      <PageHeader
        title={partner.name}
        breadcrumb={<Back />}
        description={`${title} · ${partner.entity_code}`}
        actions={
          <Link
            to={`/ev-carbon-data?${role === 'CPO' ? 'cpo' : 'fo'}=${encodeURIComponent(partner.entity_code)}`}
            className={buttonClasses({ variant: 'classic' })}
          >
            {t('crx.partner.viewRecords')}
          </Link>
        }
      />
      <PartnerView partner={partner} />
    </>
  )
}

export function CpoDetailsPage() {
  return <PartnerDetailsPage role="CPO" />
}

export function FoDetailsPage() {
  return <PartnerDetailsPage role="FO" />
}
