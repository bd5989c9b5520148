import type { SyntheticEvent } from 'react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { getCookie } from '@/lib/cookies'
import { ApiError } from '@/lib/http'
import {
  login,
  loginWithAuthenticator,
  loginWithSmsCode,
  sendSmsCode,
  USERNAME_COOKIE,
} from '@/lib/session/session-store'
import type { Checked, FieldErrors } from './login-forms'
import { checkCode, checkPasswordStep, checkSmsUsername } from './login-forms'
import { AuthLayout, FormError } from './auth-layout'
import { SsoSignIn } from './sso-sign-in'
import { serverMessage } from '@/lib/server-messages'

/**
 * The steps of signing in: the password; then, with MFA on, the authenticator or SMS code; or an SMS sign-in
 * that starts from the username alone.
 */
type Step =
  | { kind: 'password' }
  | { kind: 'authenticator'; mfaToken: string }
  | { kind: 'sms-code'; mfaToken: string; phoneHint: string | null; sentAt: number; fromPassword: boolean }
  | { kind: 'sms-username' }

const RESEND_AFTER_S = 30

function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError ? serverMessage(err) : fallback
}

/**
 * Checks a step's fields on submit: the messages beside the fields and the first wrong field focused, or the checked
 * values to send.
 */
function submitChecked<V, K extends string>(
  event: SyntheticEvent<HTMLFormElement>,
  checked: Checked<V, K>,
  setErrors: (errors: FieldErrors<K>) => void,
  send: (value: V) => Promise<void>,
): void {
  event.preventDefault()
  if (!checked.ok) {
    setErrors(checked.errors)
    const first = Object.keys(checked.errors)[0]
    const field = first === undefined ? null : event.currentTarget.elements.namedItem(first)
    if (field instanceof HTMLInputElement) field.focus()
    return
  }
  setErrors({})
  void send(checked.value)
}

const linkButton =
  'text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600'

/** The first step: username and password. The password is cleared after every attempt. */
function PasswordStep({
  username,
  title,
  error,
  busy,
  onSubmit,
  onSms,
}: {
  username: string
  title: string
  error: string | null
  busy: boolean
  onSubmit: (username: string, password: string) => Promise<void>
  onSms: (username: string) => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(username)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({})
  return (
    <form
      noValidate
      onSubmit={(e) =>
        submitChecked(e, checkPasswordStep(t, { username: name, password }), setErrors, (v) =>
          onSubmit(v.username, v.password).finally(() => setPassword('')),
        )
      }
    >
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-500">{t('login.subtitle')}</p>
      <FormError message={error} />
      <div className="mt-6 space-y-4">
        <TextField
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          name="username"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.username}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
        {t('login.submit')}
      </Button>
      <button type="button" className={`${linkButton} mt-4`} onClick={() => onSms(name)}>
        {t('login.withSms')}
      </button>
    </form>
  )
}

/** A sign-in by SMS code starts from the username alone. */
function SmsUsernameStep({
  username,
  error,
  busy,
  onSubmit,
  onPassword,
}: {
  username: string
  error: string | null
  busy: boolean
  onSubmit: (username: string) => Promise<void>
  onPassword: (username: string) => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(username)
  const [errors, setErrors] = useState<FieldErrors<'username'>>({})
  return (
    <form
      noValidate
      onSubmit={(e) =>
        submitChecked(e, checkSmsUsername(t, { username: name }), setErrors, (v) => onSubmit(v.username))
      }
    >
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('login.smsTitle')}</h1>
      <p className="mt-1 text-sm text-slate-500">{t('login.smsSubtitle')}</p>
      <FormError message={error} />
      <TextField
        className="mt-6"
        label={t('login.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        name="username"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.username}
      />
      <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
        {t('login.sendCode')}
      </Button>
      <button type="button" className={`${linkButton} mt-4`} onClick={() => onPassword(name)}>
        {t('login.withPassword')}
      </button>
    </form>
  )
}

/** The second step: the authenticator's code, or the code sent by SMS (with a resend after a wait). */
function CodeStep({
  step,
  now,
  error,
  busy,
  onSubmit,
  onResend,
  onRestart,
}: {
  step: Extract<Step, { kind: 'authenticator' | 'sms-code' }>
  now: number
  error: string | null
  busy: boolean
  onSubmit: (code: string) => Promise<void>
  onResend: () => void
  onRestart: () => void
}) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'code'>>({})
  const wait =
    step.kind === 'sms-code' ? Math.max(0, RESEND_AFTER_S - Math.floor((now - step.sentAt) / 1000)) : 0
  return (
    <form
      noValidate
      onSubmit={(e) => submitChecked(e, checkCode(t, { code }), setErrors, (v) => onSubmit(v.code))}
    >
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('login.codeTitle')}</h1>
      <p className="mt-1 text-sm text-slate-500">
        {step.kind === 'authenticator'
          ? t('login.authenticatorHint')
          : step.phoneHint
            ? t('login.smsSentTo', { phone: step.phoneHint })
            : t('login.smsSentMaybe')}
      </p>
      <FormError message={error} />
      <TextField
        className="mt-6"
        label={step.kind === 'authenticator' ? t('login.authenticatorCode') : t('login.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        autoFocus
      />
      <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
        {t('login.verify')}
      </Button>
      <div className="mt-4 flex items-center justify-between">
        <button type="button" className={linkButton} onClick={onRestart}>
          {t('login.startAgain')}
        </button>
        {step.kind === 'sms-code' && (
          <button type="button" className={linkButton} disabled={wait > 0 || busy} onClick={onResend}>
            {wait > 0 ? t('login.resendIn', { count: wait }) : t('login.resend')}
          </button>
        )}
      </div>
    </form>
  )
}

/** The login screen (A §2, §4): after a successful login the landing rule of A §4 applies. */
export function LoginPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const digitalHealth = pathname.startsWith('/digital-health')
  const [step, setStep] = useState<Step>({ kind: 'password' })
  const [username, setUsername] = useState(() => getCookie(USERNAME_COOKIE) ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (step.kind !== 'sms-code') return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [step.kind])

  const run = async (action: () => Promise<void>, failure: string) => {
    setError(null)
    setBusy(true)
    try {
      await action()
    } catch (err) {
      // Failed logins, authenticate and verify calls are logged and shown with the server's message (A §8).
      console.error(failure, err)
      setError(messageOf(err, t('login.failed')))
    } finally {
      setBusy(false)
    }
  }

  const submitPassword = (name: string, password: string) => {
    setUsername(name)
    return run(async () => {
      const result = await login(name, password)
      if (result.token !== '' || !result.mfa_token) return // signed in: the landing guard moves on
      if (result.mfa_primary_mode === 'sms') {
        const sent = await sendSmsCode({ mfa_token: result.mfa_token })
        setStep({
          kind: 'sms-code',
          mfaToken: sent.mfa_token,
          phoneHint: sent.phone_hint,
          sentAt: Date.now(),
          fromPassword: true,
        })
      } else {
        setStep({ kind: 'authenticator', mfaToken: result.mfa_token })
      }
    }, 'Login failed')
  }

  const submitCode = (code: string) => {
    if (step.kind === 'authenticator')
      return run(() => loginWithAuthenticator(step.mfaToken, code, username), 'Authenticate failed')
    if (step.kind === 'sms-code')
      return run(() => loginWithSmsCode(step.mfaToken, code, username), 'SMS verification failed')
    return Promise.resolve()
  }

  const submitSmsUsername = (name: string) => {
    setUsername(name)
    return run(async () => {
      const sent = await sendSmsCode({ username: name })
      setStep({
        kind: 'sms-code',
        mfaToken: sent.mfa_token,
        phoneHint: null,
        sentAt: Date.now(),
        fromPassword: false,
      })
    }, 'SMS login failed')
  }

  const resend = () => {
    if (step.kind !== 'sms-code') return
    void run(async () => {
      const sent = await sendSmsCode(step.fromPassword ? { mfa_token: step.mfaToken } : { username })
      setStep({ ...step, mfaToken: sent.mfa_token, sentAt: Date.now() })
    }, 'SMS resend failed')
  }

  const restart = (kind: 'password' | 'sms-username') => {
    setStep({ kind })
    setError(null)
  }

  if (step.kind === 'authenticator' || step.kind === 'sms-code') {
    return (
      <AuthLayout>
        <CodeStep
          // A new code step (a resend keeps it) starts with an empty field.
          key={step.kind}
          step={step}
          now={now}
          error={error}
          busy={busy}
          onSubmit={submitCode}
          onResend={resend}
          onRestart={() => restart('password')}
        />
      </AuthLayout>
    )
  }

  if (step.kind === 'sms-username') {
    return (
      <AuthLayout>
        <SmsUsernameStep
          username={username}
          error={error}
          busy={busy}
          onSubmit={submitSmsUsername}
          onPassword={(name) => {
            setUsername(name)
            restart('password')
          }}
        />
      </AuthLayout>
    )
  }

  return (
    <AuthLayout tagline={digitalHealth ? t('login.digitalHealthTagline') : undefined}>
      <PasswordStep
        username={username}
        title={digitalHealth ? t('login.digitalHealthTitle') : t('login.title')}
        error={error}
        busy={busy}
        onSubmit={submitPassword}
        onSms={(name) => {
          setUsername(name)
          restart('sms-username')
        }}
      />
      <SsoSignIn />
    </AuthLayout>
  )
}
