import type { CaseListItem } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { CaseStatusBadge, templateLabel, UrgencyBadge } from './case-labels'

/**
 * The case columns of B §3 (caseNo, createdBy, updatedBy, lastEditedDate, caseTemplate), on by default and in that
 * order; the patient, status, urgency, clinic and intake time can be added from the column picker. The headers of
 * the fields B §7's sort map takes sort the list. On a phone a case is a card: its number, the patient, its status.
 */
export function caseColumns(t: TFunction): DataColumn<CaseListItem>[] {
  return [
    {
      id: 'caseNo',
      card: 'title',
      sort: 'caseNo',
      header: t('digitalHealth.col.caseNo'),
      cell: (c) => <span className="font-mono text-xs">{c.caseNo}</span>,
    },
    { id: 'createdBy', header: t('digitalHealth.col.createdBy'), cell: (c) => c.createdBy },
    { id: 'updatedBy', card: 'meta', header: t('digitalHealth.col.updatedBy'), cell: (c) => c.updatedBy },
    {
      id: 'lastEditedDate',
      card: 'meta',
      sort: 'lastEditedDate',
      header: t('digitalHealth.col.lastEditedDate'),
      cell: (c) => formatDateTime(c.lastEditedDate),
    },
    {
      id: 'caseTemplate',
      card: 'meta',
      sort: 'caseTemplate',
      header: t('digitalHealth.col.caseTemplate'),
      cell: (c) => templateLabel(t, c.caseTemplate),
    },
    {
      id: 'status',
      card: 'status',
      sort: 'status',
      header: t('digitalHealth.col.status'),
      cell: (c) => <CaseStatusBadge t={t} status={c.status} />,
      defaultVisible: false,
    },
    {
      id: 'urgency',
      sort: 'urgency',
      header: t('digitalHealth.col.urgency'),
      cell: (c) => <UrgencyBadge t={t} urgency={c.urgency} />,
      defaultVisible: false,
    },
    {
      id: 'patientName',
      card: 'subtitle',
      header: t('digitalHealth.col.patientName'),
      cell: (c) => c.patientName,
      defaultVisible: false,
    },
    {
      id: 'siteName',
      header: t('digitalHealth.col.siteName'),
      cell: (c) => c.siteName,
      defaultVisible: false,
    },
    {
      id: 'createdAt',
      sort: 'createdAt',
      header: t('digitalHealth.col.createdAt'),
      cell: (c) => formatDateTime(c.createdAt),
      defaultVisible: false,
    },
  ]
}
