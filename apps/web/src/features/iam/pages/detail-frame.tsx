import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { IamTab } from './iam-nav'
import { useListHref } from './iam-nav'

/** "← Users": back to the kept list of the tab. */
export function BackLink({ tab }: { tab: IamTab }) {
  const { t } = useTranslation()
  const href = useListHref(tab)
  return (
    <Link to={href} className="text-brand-700 hover:underline">
      ← {t(`iamScreens.tabs.${tab}`)}
    </Link>
  )
}

/** A positive integer id from the address, or NaN. */
export function numericId(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
}
