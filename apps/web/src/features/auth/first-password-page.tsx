import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { ApiError } from '@/lib/http'
import { logout, setOwnPassword, useSession } from '@/lib/session/session-store'
import { firstPasswordForm } from './password-forms'
import { AuthLayout, FormError } from './auth-layout'
import { NewPasswordFields } from './new-password-fields'

/** First login (A §3 initialLogin): the user replaces the password they were given before anything else. */
export function FirstPasswordPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const schema = useMemo(() => firstPasswordForm(t, user?.username ?? ''), [t, user?.username])
  const form = useZodForm(schema, { defaultValues: { current_password: '', new_password: '', confirm: '' } })
  const { errors, isSubmitting } = form.formState
  const [error, setError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (body) => {
    setError(null)
    try {
      await setOwnPassword(body.current_password, body.new_password)
    } catch (err) {
      console.error('Setting the first password failed', err)
      setError(err instanceof ApiError ? applyServerErrors(form, err) : t('password.failed'))
    }
  })

  return (
    <AuthLayout>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('password.firstTitle')}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('password.firstSubtitle')}</p>
        <FormError message={error} />
        <div className="mt-6 space-y-4">
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            {...form.register('current_password')}
            error={errors.current_password?.message}
          />
          <NewPasswordFields
            password={form.register('new_password')}
            confirm={form.register('confirm')}
            errors={{ password: errors.new_password?.message, confirm: errors.confirm?.message }}
          />
        </div>
        <Button type="submit" size="lg" className="mt-6 w-full" loading={isSubmitting}>
          {t('password.save')}
        </Button>
        <button
          type="button"
          className="mt-4 w-full text-center text-sm text-slate-500 hover:underline"
          onClick={() => void logout()}
        >
          {t('shell.logout')}
        </button>
      </form>
    </AuthLayout>
  )
}
