import { useTranslation } from 'react-i18next'
import { Card } from '@/components/form-kit/fields'
import { Field } from '@/components/form-kit/detail-state'
import { useDriverUserInfo } from './api/drivers-api'
import type { DriverVariantConfig } from './driver-variant'

/** "fullName" or "full_name" → "Full name": the host's keys are its own, shown readably. */
export function userInfoLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * The driver's profile from the external user-info host (A §7; docs/decisions/0031). Nothing at all while the
 * lookup is off (the default) or still on its way, so the page never jumps for a feature that is not there; a
 * plain note when the host had nothing or failed (the server logged why).
 */
export function DriverUserInfoCard({ config, driverId }: { config: DriverVariantConfig; driverId: string }) {
  const { t } = useTranslation()
  const query = useDriverUserInfo(config, driverId)
  const info = query.data
  if (!info?.enabled) return null
  return (
    <Card title={t('drivers.userInfo.title')}>
      {info.available ? (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {info.fields.map((f) => (
            <Field key={f.key} label={userInfoLabel(f.key)}>
              {f.value}
            </Field>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">{t('drivers.userInfo.unavailable')}</p>
      )}
    </Card>
  )
}
