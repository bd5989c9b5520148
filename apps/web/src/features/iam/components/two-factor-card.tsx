import type { AuthenticatorRegistration, MfaMode } from '@portal/contract'
import { authenticatorConfirmRequest, authenticatorDisableRequest } from '@portal/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
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
import { flatErrors } from './field-errors'
import { FormError } from '@/components/form-kit/fields'
import { serverMessage } from '@/lib/server-messages'

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
  const form = useZodForm(authenticatorConfirmRequest, { defaultValues: { code: '' } })
  const errors = flatErrors(form.formState.errors, t)
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    confirm.mutate(body.code, {
      onSuccess: () => {
        addToast({ title: t('iamScreens.mfa.enabledToast'), variant: 'success', timeout: 5000 })
        onDone()
      },
      onError: (err) => setMessage(applyServerErrors(form, err)),
    })
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="@container space-y-4">
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
            {...form.register('code')}
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

const [codeProof, passwordProof] = authenticatorDisableRequest.options

/** The proof that turns two-factor sign-in off: a current code, or the password (one form for each). */
function ProofForm({
  uuid,
  proof,
  onDone,
}: {
  uuid: string
  proof: 'code' | 'password'
  onDone: () => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const disable = useDisableAuthenticator(uuid)
  const form = useZodForm(proof === 'code' ? codeProof : passwordProof, {
    defaultValues: proof === 'code' ? { code: '' } : { password: '' },
  })
  const errors = flatErrors(form.formState.errors, t)
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    disable.mutate(body, {
      onSuccess: () => {
        addToast({ title: t('iamScreens.mfa.disabledToast'), variant: 'success', timeout: 5000 })
        onDone()
      },
      onError: (err) => setMessage(applyServerErrors(form, err)),
    })
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
      {proof === 'code' ? (
        <TextField
          label={t('iamScreens.mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.register('code')}
          error={errors.code}
          className="max-w-72"
        />
      ) : (
        <TextField
          label={t('iamScreens.mfa.password')}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          error={errors.password}
          className="max-w-72"
        />
      )}
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

function TurnOff({ uuid, onDone }: { uuid: string; onDone: () => void }) {
  const { t } = useTranslation()
  const [proof, setProof] = useState<'code' | 'password'>('code')
  return (
    <div className="space-y-3">
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
                onChange={() => setProof(p)}
              />
              {p === 'code' ? t('iamScreens.mfa.withCode') : t('iamScreens.mfa.withPassword')}
            </label>
          ))}
        </div>
      </fieldset>
      {/* A new form for each proof: its field and its schema change with it, and nothing typed carries over. */}
      <ProofForm key={proof} uuid={uuid} proof={proof} onDone={onDone} />
    </div>
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
      onError: (err) => setMessage(serverMessage(err)),
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
