import type { AuthenticatorRegistration, MfaMode } from '@portal/contract'
import { authenticatorConfirmRequest, authenticatorDisableRequest } from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import {
  useConfirmAuthenticator,
  useDisableAuthenticator,
  useRegisterAuthenticator,
} from '../api/authenticator'
import { Card } from './card'
import type { FieldErrors } from './field-errors'
import { focusFirstInvalid, serverFieldErrors, validateForm } from './field-errors'
import { FormError } from './fields'
import { localizeErrors } from './messages'

/** The otpauth URI as a QR code image (SVG data URL), drawn in the browser: the secret never leaves the page. */
export function useQrCode(text: string | null): string | null {
  const [svg, setSvg] = useState<{ text: string; url: string } | null>(null)
  useEffect(() => {
    if (text === null) return
    let live = true
    // The QR library is loaded only when someone sets up an authenticator.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((markup) => {
        if (live) setSvg({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` })
      })
      .catch((err: unknown) => console.error('The QR code could not be drawn', err))
    return () => {
      live = false
    }
  }, [text])
  return svg !== null && svg.text === text ? svg.url : null
}

/** Groups a base32 secret by four, as authenticator apps show it, so it can be typed without losing one's place. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

function SetUp({
  uuid,
  registration,
  onDone,
}: {
  uuid: string
  registration: AuthenticatorRegistration
  onDone: () => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const qr = useQrCode(registration.otpauth_uri)
  const confirm = useConfirmAuthenticator(uuid)
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)

  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    setMessage(null)
    const checked = validateForm(authenticatorConfirmRequest, { code })
    if (!checked.ok) {
      setErrors(localizeErrors(t, checked.errors))
      focusFirstInvalid(form)
      return
    }
    setErrors({})
    confirm.mutate(checked.data.code, {
      onSuccess: () => {
        addToast({ title: t('iamScreens.mfa.enabledToast'), variant: 'success', timeout: 5000 })
        onDone()
      },
      onError: (err) => {
        const mapped = serverFieldErrors(err, ['code'], t('iamScreens.saveFailed'))
        setErrors(localizeErrors(t, mapped.fields))
        focusFirstInvalid(form)
        setMessage(mapped.message)
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate className="@container space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('iamScreens.mfa.step1')}</li>
        <li>{t('iamScreens.mfa.step2')}</li>
      </ol>
      <div className="flex flex-col gap-4 @md:flex-row @md:items-start">
        <div className="flex size-44 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-white p-2">
          {qr ? (
            <img src={qr} alt={t('iamScreens.mfa.qrAlt')} className="size-full" />
          ) : (
            <span className="text-xs text-slate-400">{t('ui.loading')}</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <p className="text-xs font-medium text-slate-500">{t('iamScreens.mfa.secret')}</p>
            <p
              className="mt-0.5 font-mono text-sm break-words text-slate-900 select-all"
              data-testid="totp-secret"
              data-secret={registration.secret}
            >
              {groupSecret(registration.secret)}
            </p>
          </div>
          <TextField
            label={t('iamScreens.mfa.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
            className="max-w-48"
          />
        </div>
      </div>
      <FormError message={message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={confirm.isPending}>
          {t('iamScreens.mfa.confirm')}
        </Button>
        <Button variant="classic" onClick={onDone} disabled={confirm.isPending}>
          {t('iamScreens.cancel')}
        </Button>
      </div>
    </form>
  )
}

function TurnOff({ uuid, onDone }: { uuid: string; onDone: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const disable = useDisableAuthenticator(uuid)
  const [proof, setProof] = useState<'code' | 'password'>('code')
  const [value, setValue] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)

  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    setMessage(null)
    const checked = validateForm(
      authenticatorDisableRequest,
      proof === 'code' ? { code: value } : { password: value },
    )
    if (!checked.ok) {
      setErrors(localizeErrors(t, checked.errors))
      focusFirstInvalid(form)
      return
    }
    setErrors({})
    disable.mutate(checked.data, {
      onSuccess: () => {
        addToast({ title: t('iamScreens.mfa.disabledToast'), variant: 'success', timeout: 5000 })
        onDone()
      },
      onError: (err) => {
        const mapped = serverFieldErrors(err, ['code', 'password'], t('iamScreens.saveFailed'))
        setErrors(localizeErrors(t, mapped.fields))
        focusFirstInvalid(form)
        setMessage(mapped.message)
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('iamScreens.mfa.proveIt')}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(['code', 'password'] as const).map((p) => (
            <label key={p} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="mfa-proof"
                className="size-4 accent-brand-700"
                checked={proof === p}
                onChange={() => {
                  setProof(p)
                  setValue('')
                  setErrors({})
                }}
              />
              {p === 'code' ? t('iamScreens.mfa.withCode') : t('iamScreens.mfa.withPassword')}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={proof === 'code' ? t('iamScreens.mfa.code') : t('iamScreens.mfa.password')}
        type={proof === 'code' ? 'text' : 'password'}
        inputMode={proof === 'code' ? 'numeric' : undefined}
        autoComplete={proof === 'code' ? 'one-time-code' : 'current-password'}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={proof === 'code' ? errors.code : errors.password}
        className="max-w-72"
      />
      <FormError message={message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="error" loading={disable.isPending}>
          {t('iamScreens.mfa.turnOff')}
        </Button>
        <Button variant="classic" onClick={onDone} disabled={disable.isPending}>
          {t('iamScreens.cancel')}
        </Button>
      </div>
    </form>
  )
}

/**
 * Two-factor sign-in of the signed-in user, on their own profile: set up an authenticator app (register → scan the
 * QR code → confirm with a code), or turn it off with a code or the password.
 */
export function TwoFactorCard({ uuid, mode }: { uuid: string; mode: MfaMode }) {
  const { t } = useTranslation()
  const register = useRegisterAuthenticator(uuid)
  const [step, setStep] = useState<'idle' | 'setup' | 'off'>('idle')
  const [message, setMessage] = useState<string | null>(null)
  const on = mode !== 'none'

  const start = () => {
    setMessage(null)
    register.mutate(undefined, {
      onSuccess: () => setStep('setup'),
      onError: (err) => setMessage(err.message),
    })
  }
  const done = () => {
    setStep('idle')
    register.reset()
  }

  return (
    <Card
      title={t('iamScreens.mfa.title')}
      description={t('iamScreens.mfa.description')}
      actions={
        <Badge tone={on ? 'positive' : 'neutral'} dot data-testid="mfa-state">
          {mode === 'authenticator'
            ? t('iamScreens.mfa.onAuthenticator')
            : mode === 'sms'
              ? t('iamScreens.mfa.onSms')
              : t('iamScreens.mfa.off')}
        </Badge>
      }
    >
      {step === 'setup' && register.data ? (
        <SetUp uuid={uuid} registration={register.data} onDone={done} />
      ) : step === 'off' ? (
        <TurnOff uuid={uuid} onDone={done} />
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            {mode === 'authenticator'
              ? t('iamScreens.mfa.onText')
              : mode === 'sms'
                ? t('iamScreens.mfa.smsText')
                : t('iamScreens.mfa.offText')}
          </p>
          <FormError message={message} />
          <div className="flex flex-wrap gap-2">
            {mode !== 'authenticator' && (
              <Button onClick={start} loading={register.isPending}>
                {t('iamScreens.mfa.setUp')}
              </Button>
            )}
            {mode === 'authenticator' && (
              <Button variant="errorBasic" onClick={() => setStep('off')}>
                {t('iamScreens.mfa.turnOffStart')}
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  )
}
