import type { AuthGroupConfig } from '@portal/contract'
import { credentialKinds } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'

/** What a submission for the group asks for (A §3), in words; says when A §5's fallback applies. */
export function ConfigSummary({ config }: { config: AuthGroupConfig }) {
  const { t } = useTranslation()
  const fallback = config.credentials.length === 0
  const items = [
    ...config.credentials.map((c) => labelOf(credentialKinds, c)),
    ...(config.useTestKitLotNo ? [t('testProgrammes.form.testKitLotNo')] : []),
    ...(config.useTestKitID ? [t('testProgrammes.form.testKitID')] : []),
    ...(config.image.required
      ? [t('testProgrammes.config.photoRequired')]
      : config.image.allowed
        ? [t('testProgrammes.config.photoOptional')]
        : []),
  ]
  return (
    <div className="text-sm text-slate-700">
      <p>
        <span className="font-medium text-slate-900">{t('testProgrammes.config.asks')}</span>{' '}
        {items.join(' · ')}
      </p>
      {fallback && <p className="mt-1 text-xs text-slate-500">{t('testProgrammes.config.fallback')}</p>}
    </div>
  )
}
