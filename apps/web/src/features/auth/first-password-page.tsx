import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { ApiError } from '@/lib/http'
import { logout, setOwnPassword, useSession } from '@/lib/session/session-store'
import { AuthLayout, FormError } from './auth-layout'
import type { NewPasswordValue } from './new-password-fields'
import { NewPasswordFields, newPasswordErrors } from './new-password-fields'

/** First login (A §3 initialLogin): the user replaces the password they were given before anything else. */
export function FirstPasswordPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [current, setCurrent] = useState('')
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<{ current?: string; password?: string; confirm?: string }>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    const found = {
      ...newPasswordErrors(value, user?.username ?? '', t),
      ...(current === '' ? { current: t('password.currentRequired') } : {}),
    }
    setErrors(found)
    setError(null)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await setOwnPassword(current, value.password)
    } catch (err) {
      console.error('Setting the first password failed', err)
      if (err instanceof ApiError && err.issues.length > 0) {
        setErrors({
          current: err.issues.find((i) => i.path === 'body.current_password')?.message,
          password: err.issues.find((i) => i.path === 'body.new_password')?.message,
        })
      } else setError(err instanceof ApiError ? err.message : t('password.failed'))
    } finally {
      setBusy(false)
    }
  }

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
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={errors.current}
          />
          <NewPasswordFields value={value} onChange={setValue} errors={errors} />
        </div>
        <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
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
