import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError } from '@/lib/http'
import { resetPassword, useResetLink } from './api/reset-password'
import { resetPasswordForm } from './password-forms'
import { AuthLayout, FormError } from './auth-layout'
import { NewPasswordFields } from './new-password-fields'
import { serverMessage } from '@/lib/server-messages'

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

/** The new password for the account of a valid link (POST /iam/reset-password/{ott}). */
function ResetForm({ ott, username, onDone }: { ott: string; username: string; onDone: () => void }) {
  const { t } = useTranslation()
  const schema = useMemo(() => resetPasswordForm(t, username), [t, username])
  const form = useZodForm(schema, { defaultValues: { password: '', confirm: '' } })
  const { errors, isSubmitting } = form.formState
  const [error, setError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (body) => {
    setError(null)
    try {
      await resetPassword(ott, body.password)
      onDone()
    } catch (err) {
      console.error('Password reset failed', err)
      setError(err instanceof ApiError ? applyServerErrors(form, err) : t('password.failed'))
    }
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('password.resetTitle')}</h1>
      <p className="mt-1 text-sm text-slate-500">{t('password.resetFor', { username })}</p>
      <FormError message={error} />
      <div className="mt-6 space-y-4">
        <NewPasswordFields
          password={form.register('password')}
          confirm={form.register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full" loading={isSubmitting}>
        {t('password.save')}
      </Button>
    </form>
  )
}

/** /reset-password/{ott?}: sets a new password with a one-time link (A §2, §7). */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { ott } = useParams()
  const link = useResetLink(ott)
  const [done, setDone] = useState(false)

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
            ? serverMessage(link.error)
            : t('password.failed')
        }
      />
    )
  else content = <ResetForm ott={ott} username={link.data.username} onDone={() => setDone(true)} />

  return <AuthLayout>{content}</AuthLayout>
}
