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
import { AuthLayout, FormError } from './auth-layout'

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
  return err instanceof ApiError ? err.message : fallback
}

/** The login screen (A §2, §4): after a successful login the landing rule of A §4 applies. */
export function LoginPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const digitalHealth = pathname.startsWith('/digital-health')
  const [step, setStep] = useState<Step>({ kind: 'password' })
  const [username, setUsername] = useState(() => getCookie(USERNAME_COOKIE) ?? '')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string; code?: string }>({})
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

  const requireFields = (fields: { username?: boolean; password?: boolean; code?: boolean }) => {
    const missing = {
      ...(fields.username && username.trim() === '' ? { username: t('login.usernameRequired') } : {}),
      ...(fields.password && password === '' ? { password: t('login.passwordRequired') } : {}),
      ...(fields.code && !/^\d{6}$/.test(code.replace(/\s+/g, '')) ? { code: t('login.codeRequired') } : {}),
    }
    setFieldErrors(missing)
    return Object.keys(missing).length === 0
  }

  const submitPassword = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!requireFields({ username: true, password: true })) return
    void run(async () => {
      try {
        const result = await login(username.trim(), password)
        if (result.token !== '' || !result.mfa_token) return // signed in: the landing guard moves on
        setCode('')
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
      } finally {
        setPassword('')
      }
    }, 'Login failed')
  }

  const submitCode = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!requireFields({ code: true })) return
    const clean = code.replace(/\s+/g, '')
    if (step.kind === 'authenticator') {
      void run(() => loginWithAuthenticator(step.mfaToken, clean, username.trim()), 'Authenticate failed')
    } else if (step.kind === 'sms-code') {
      void run(() => loginWithSmsCode(step.mfaToken, clean, username.trim()), 'SMS verification failed')
    }
  }

  const submitSmsUsername = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!requireFields({ username: true })) return
    void run(async () => {
      const sent = await sendSmsCode({ username: username.trim() })
      setCode('')
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
      const sent = await sendSmsCode(
        step.fromPassword ? { mfa_token: step.mfaToken } : { username: username.trim() },
      )
      setStep({ ...step, mfaToken: sent.mfa_token, sentAt: Date.now() })
    }, 'SMS resend failed')
  }

  const restart = (kind: 'password' | 'sms-username') => {
    setStep({ kind })
    setCode('')
    setError(null)
    setFieldErrors({})
  }

  const linkButton =
    'text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600'
  const title = digitalHealth ? t('login.digitalHealthTitle') : t('login.title')

  if (step.kind === 'authenticator' || step.kind === 'sms-code') {
    const wait =
      step.kind === 'sms-code' ? Math.max(0, RESEND_AFTER_S - Math.floor((now - step.sentAt) / 1000)) : 0
    return (
      <AuthLayout>
        <form onSubmit={submitCode} noValidate>
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
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fieldErrors.code}
            autoFocus
          />
          <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
            {t('login.verify')}
          </Button>
          <div className="mt-4 flex items-center justify-between">
            <button type="button" className={linkButton} onClick={() => restart('password')}>
              {t('login.startAgain')}
            </button>
            {step.kind === 'sms-code' && (
              <button type="button" className={linkButton} disabled={wait > 0 || busy} onClick={resend}>
                {wait > 0 ? t('login.resendIn', { count: wait }) : t('login.resend')}
              </button>
            )}
          </div>
        </form>
      </AuthLayout>
    )
  }

  if (step.kind === 'sms-username') {
    return (
      <AuthLayout>
        <form onSubmit={submitSmsUsername} noValidate>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('login.smsTitle')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('login.smsSubtitle')}</p>
          <FormError message={error} />
          <TextField
            className="mt-6"
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={fieldErrors.username}
          />
          <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
            {t('login.sendCode')}
          </Button>
          <button type="button" className={`${linkButton} mt-4`} onClick={() => restart('password')}>
            {t('login.withPassword')}
          </button>
        </form>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout tagline={digitalHealth ? t('login.digitalHealthTagline') : undefined}>
      <form onSubmit={submitPassword} noValidate>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('login.subtitle')}</p>
        <FormError message={error} />
        <div className="mt-6 space-y-4">
          <TextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={fieldErrors.username}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
          />
        </div>
        <Button type="submit" size="lg" className="mt-6 w-full" loading={busy}>
          {t('login.submit')}
        </Button>
        <button type="button" className={`${linkButton} mt-4`} onClick={() => restart('sms-username')}>
          {t('login.withSms')}
        </button>
      </form>
    </AuthLayout>
  )
}
