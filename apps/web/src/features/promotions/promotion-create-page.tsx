import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { useSession } from '@/lib/session/session-store'
import { PromotionForm } from './promotion-form'

/** /promotions/create: a new promotion; on success the list opens with it at the top (newest first). */
export function PromotionCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { entity } = useSession()
  return (
    <>
      <PageHeader
        title={t('promotions.createTitle')}
        breadcrumb={
          <Link to="/promotions" className="text-brand-700 hover:underline">
            ← {t('promotions.title')}
          </Link>
        }
        description={t('promotions.createDescription')}
      />
      <div className="max-w-3xl rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
        <PromotionForm
          currency={entity?.currency_code ?? 'SGD'}
          onSaved={() => void navigate('/promotions')}
          onCancel={() => void navigate('/promotions')}
        />
      </div>
    </>
  )
}
