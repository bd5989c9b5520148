import type { Driver } from '@portal/contract'
import { formatDate, formatDateTime, formatMobile, isInCatalogue, nationalities } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'

/** A nationality in the interface language; a value outside the catalogue reads "Unknown (value)". */
export function nationalityLabel(t: TFunction, value: string): string {
  return isInCatalogue(nationalities, value)
    ? t(`drivers.nationality.${value}`)
    : t('drivers.unknownValue', { value })
}

/**
 * B §3 "Driver": Users, Mobile Number, Email, Nationality, Created On, all on. Users and Created On sort both ways:
 * B §9's four sorts (A to Z, Z to A, earliest and latest entry).
 */
export function driverColumns(t: TFunction): DataColumn<Driver>[] {
  return [
    {
      id: 'name',
      header: t('drivers.column.users'),
      cell: (d) => (
        <span className="inline-flex items-center gap-2">
          <span className="truncate">{d.name}</span>
          {!d.isRegistered && (
            <Badge tone="warning" className="shrink-0">
              {t('drivers.notRegistered')}
            </Badge>
          )}
        </span>
      ),
      className: 'min-w-48',
      sort: 'name',
      card: 'title',
    },
    {
      id: 'mobileNumber',
      header: t('drivers.column.mobileNumber'),
      cell: (d) => <span className="tabular-nums">{formatMobile(d.mobileNumber)}</span>,
      card: 'subtitle',
    },
    { id: 'email', header: t('drivers.column.email'), cell: (d) => d.email, card: 'meta' },
    {
      id: 'nationality',
      header: t('drivers.column.nationality'),
      cell: (d) => nationalityLabel(t, d.nationality),
      card: 'meta',
    },
    {
      id: 'createdAt',
      header: t('drivers.column.createdOn'),
      cell: (d) => (
        <time dateTime={new Date(d.createdAt).toISOString()} title={formatDateTime(d.createdAt)}>
          {formatDate(d.createdAt)}
        </time>
      ),
      sort: 'createdAt',
      card: 'meta',
    },
  ]
}

export const driverRowId = (d: Driver) => d.id
