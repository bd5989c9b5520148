import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useSession } from '@/lib/session/session-store'
import { useVisibleLinks } from '@/lib/nav/use-visible-links'

/** Home for entities without a landing page of their own (A §4): a welcome and the screens they can open. */
export function HomePage() {
  const { t } = useTranslation()
  const { user, entity } = useSession()
  const links = useVisibleLinks()
  const firstName = user?.name.split(/\s+/)[0] ?? ''
  return (
    <>
      <PageHeader
        title={t('home.title', { name: firstName })}
        description={entity ? t('home.subtitle', { entity: entity.name }) : undefined}
      />
      {links.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={t('home.noScreensTitle')} description={t('home.noScreensDescription')} />
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {links.map((link) => (
            <li key={link.path}>
              <Link
                to={link.path}
                className="block rounded-lg border border-slate-200 bg-white p-4 shadow-xs transition hover:border-brand-500 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="text-sm font-semibold text-slate-900">
                  {t(`nav.${link.path}`, { defaultValue: link.title })}
                </span>
                <span className="mt-1 block text-xs text-slate-500">{link.path}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
