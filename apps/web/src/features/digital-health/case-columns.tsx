import type { CaseListItem } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { CaseStatusBadge, templateLabel, UrgencyBadge } from './case-labels'

/**
 * The case columns of B §3 (caseNo, createdBy, updatedBy, lastEditedDate, caseTemplate), on by default and in that
 * order; the patient, status, urgency, clinic and intake time can be added from the column picker.
 */
export function caseColumns(t: TFunction): DataColumn<CaseListItem>[] {
  return [
    {
      id: 'caseNo',
      header: t('digitalHealth.col.caseNo'),
      cell: (c) => <span className="font-mono text-xs">{c.caseNo}</span>,
    },
    { id: 'createdBy', header: t('digitalHealth.col.createdBy'), cell: (c) => c.createdBy },
    { id: 'updatedBy', header: t('digitalHealth.col.updatedBy'), cell: (c) => c.updatedBy },
    {
      id: 'lastEditedDate',
      header: t('digitalHealth.col.lastEditedDate'),
      cell: (c) => formatDateTime(c.lastEditedDate),
    },
    {
      id: 'caseTemplate',
      header: t('digitalHealth.col.caseTemplate'),
      cell: (c) => templateLabel(t, c.caseTemplate),
    },
    {
      id: 'status',
      header: t('digitalHealth.col.status'),
      cell: (c) => <CaseStatusBadge t={t} status={c.status} />,
      defaultVisible: false,
    },
    {
      id: 'urgency',
      header: t('digitalHealth.col.urgency'),
      cell: (c) => <UrgencyBadge t={t} urgency={c.urgency} />,
      defaultVisible: false,
    },
    {
      id: 'patientName',
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
      header: t('digitalHealth.col.createdAt'),
      cell: (c) => formatDateTime(c.createdAt),
      defaultVisible: false,
    },
  ]
}
