import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { WarningIcon } from '@/components/ui/icons/icons'
import { SETTINGS_PATH } from './settings-parts'

/** Messages longer than this are cut: the text comes from the address bar, and nobody reads a page of it. */
const MAX_MESSAGE = 500

/**
 * /entity-settings/payment-options/error: where a gateway's set-up flow lands when it fails. It says what happened,
 * shows the gateway's message (`?message=`, as text, never as markup) and leads back to entity settings.
 */
export function PaymentOptionErrorPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const message = (params.get('message') ?? '').trim().slice(0, MAX_MESSAGE)
  return (
    <>
      <PageHeader title={t('entitySettings.errorPage.title')} />
      <section
        aria-labelledby="payment-error-heading"
        className="max-w-2xl rounded-lg border border-amber-200 bg-white p-4 shadow-xs sm:p-6"
      >
        <div className="flex flex-col items-start gap-4 sm:flex-row">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-500">
            <WarningIcon className="size-6" />
          </span>
          <div className="min-w-0 space-y-3">
            <h2 id="payment-error-heading" className="text-base font-semibold text-slate-900">
              {t('entitySettings.errorPage.heading')}
            </h2>
            <p className="text-sm text-slate-600">{t('entitySettings.errorPage.explain')}</p>
            {message !== '' && (
              <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
                <p className="text-xs font-medium text-slate-500">
                  {t('entitySettings.errorPage.gatewaySaid')}
                </p>
                <p className="mt-0.5 text-sm break-words text-slate-900">{message}</p>
              </div>
            )}
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
              <li>{t('entitySettings.errorPage.checkCredentials')}</li>
              <li>{t('entitySettings.errorPage.tryAgain')}</li>
            </ul>
            <div className="pt-1">
              <Link to={SETTINGS_PATH} className={buttonClasses({ variant: 'primary' })}>
                {t('entitySettings.errorPage.back')}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  )
}
