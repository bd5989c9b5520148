import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'

/** A titled frame for a route whose screen a later step of the plan builds. */
export function RouteFrame({ title }: { title: string }) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t(`routes.${title}`, { defaultValue: title })} />
      <div className="rounded-lg border border-dashed border-slate-300 bg-white">
        <EmptyState title={t('frame.title')} description={t('frame.description')} />
      </div>
    </>
  )
}
