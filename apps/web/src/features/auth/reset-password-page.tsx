import type { SyntheticEvent } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError } from '@/lib/http'
import { resetPassword, useResetLink } from './api/reset-password'
import { AuthLayout, FormError } from './auth-layout'
import type { NewPasswordValue } from './new-password-fields'
import { NewPasswordFields, newPasswordErrors } from './new-password-fields'

function Message({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation()
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <Link to="/login" className={`${buttonClasses({ variant: 'primary', size: 'lg' })} mt-6 w-full`}>
        {t('password.toLogin')}
      </Link>
    </>
  )
}

/** /reset-password/{ott?}: sets a new password with a one-time link (A §2, §7). */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { ott } = useParams()
  const link = useResetLink(ott)
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  const submit = async (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!ott || !link.data) return
    const found = newPasswordErrors(value, link.data.username, t)
    setErrors(found)
    setError(null)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await resetPassword(ott, value.password)
      setDone(true)
    } catch (err) {
      console.error('Password reset failed', err)
      const fieldIssue =
        err instanceof ApiError ? err.issues.find((i) => i.path === 'body.password') : undefined
      if (fieldIssue) setErrors({ password: fieldIssue.message })
      else setError(err instanceof ApiError ? err.message : t('password.failed'))
    } finally {
      setBusy(false)
    }
  }

  let content
  if (!ott) content = <Message title={t('password.resetTitle')} text={t('password.noLink')} />
  else if (done) content = <Message title={t('password.doneTitle')} text={t('password.doneText')} />
  else if (link.isPending) content = <Loader message={t('password.checking')} />
  else if (link.isError)
    content = (
      <Message
        title={t('password.linkGoneTitle')}
        text={
          link.error instanceof ApiError && link.error.status === 404
            ? link.error.message
            : t('password.failed')
        }
      />
    )
  else
    content = (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('password.resetTitle')}</h1>
        <p className="mt-1 text-sm text-slate-500">
          {t('password.resetFor', { username: link.data.username })}
        </p>
        <FormError message={error} />
        <div className="mt-6 space-y-4">
          <NewPasswordFields value={value} onChange={setValue} errors={errors} />
        </div>
        <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
          {t('password.save')}
        </Button>
      </form>
    )

  return <AuthLayout>{content}</AuthLayout>
}
