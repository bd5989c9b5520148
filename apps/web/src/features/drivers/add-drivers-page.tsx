import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { AddDriverForm } from './add-driver-form'
import { DriverImportCard } from './driver-import-card'
import { useDriverVariant } from './driver-variant'

/** /drivers/add-drivers and /limo/drivers/add-drivers: one driver by hand, or many from a csv file. */
export function AddDriversPage() {
  const { t } = useTranslation()
  const config = useDriverVariant()
  const limo = config.variant === 'limo'
  return (
    <>
      <PageHeader
        title={limo ? t('drivers.addLimoTitle') : t('drivers.addTitle')}
        description={t('drivers.addSubtitle')}
        breadcrumb={
          <Link to={config.listPath} className="font-medium text-brand-700 hover:underline">
            ← {limo ? t('drivers.limoTitle') : t('drivers.title')}
          </Link>
        }
      />
      <div className="flex flex-col gap-5">
        <AddDriverForm config={config} />
        <DriverImportCard config={config} />
      </div>
    </>
  )
}
