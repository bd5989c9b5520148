import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { TableState } from '@/components/data-table/types'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { isForbidden } from '@/lib/http'

/** The DataTable state of a list query: loading, ready, error, or no access (403). */
export function tableState(query: UseQueryResult): TableState {
  if (query.isPending) return 'loading'
  if (query.isError) return isForbidden(query.error) ? 'forbidden' : 'error'
  return 'ready'
}

export const dash = <span className="text-slate-400">—</span>

/** The "New …" button of a list: a link when the user may edit, otherwise disabled with the reason. */
export function NewButton({ to, canEdit, children }: { to: string; canEdit: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  if (!canEdit)
    return (
      <Button size="sm" disabled tooltip={t('iamScreens.needEdit')}>
        {children}
      </Button>
    )
  return (
    <Link to={to} className={buttonClasses({ size: 'sm' })}>
      {children}
    </Link>
  )
}
