import { useTranslation } from 'react-i18next'
import { Loader } from '@/components/ui/loader/loader'
import { Switch } from '@/components/ui/switch/switch'
import { useToast } from '@/components/ui/toast/toast'
import { getRuntimeConfig } from '@/lib/runtime-config'
import { serverMessage } from '@/lib/server-messages'
import type { AccessLevel } from './api/settings-access'
import { canEdit } from './api/settings-access'
import { useEntitySignIn, useSetRequireSso } from './api/sign-in'

/**
 * How the entity's members sign in (docs/decisions/0118-single-sign-on.md): requiring single sign-on turns their
 * passwords off. Only offered when the portal has SSO configured, or the members could not sign in at all.
 */
export function SignInTab({ level }: { level: AccessLevel }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const entity = useEntitySignIn()
  const setRequireSso = useSetRequireSso()
  const configured = getRuntimeConfig().sso_enabled
  if (!entity.data) {
    return entity.isError ? (
      <p role="alert" className="text-sm text-red-700">
        {serverMessage(entity.error)}
      </p>
    ) : (
      <Loader busy message={t('sso.settings.loading')} className="py-12" />
    )
  }
  const required = entity.data.require_sso === true
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{t('sso.settings.title')}</h2>
      <Switch
        className="mt-4"
        checked={required}
        // Turning it off stays possible when SSO is no longer configured: it gives the passwords back.
        disabled={!canEdit(level) || setRequireSso.isPending || (!configured && !required)}
        label={t('sso.settings.require')}
        description={configured ? t('sso.settings.requireHint') : t('sso.settings.notConfigured')}
        onChange={(next) =>
          setRequireSso.mutate(next, {
            onSuccess: () =>
              addToast({
                variant: 'success',
                title: next ? t('sso.settings.requiredToast') : t('sso.settings.notRequiredToast'),
              }),
            onError: (error) =>
              addToast({ variant: 'error', title: t('sso.settings.failed'), message: serverMessage(error) }),
          })
        }
      />
    </section>
  )
}
