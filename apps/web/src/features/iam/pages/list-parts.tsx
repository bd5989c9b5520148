import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClasses } from '@/components/ui/button/button'

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
