import { formatDateTime } from '@portal/contract'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'

/** The server answers links as paths (`/reset-password/…`); people send them to someone, so show the full address. */
export function absoluteLink(link: string, origin = window.location.origin): string {
  return new URL(link, origin).href
}

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard permission (an http page, an old browser): select the text so Ctrl+C works.
    input?.select()
    return false
  }
}

/** A one-time link with a copy button and its expiry, e.g. the activation link of a new user. */
export function CopyLink({
  label,
  link,
  expiresAt,
  description,
  tone = 'positive',
}: {
  label: string
  link: string
  expiresAt?: number
  description?: string
  tone?: 'positive' | 'info'
}) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'yes' | 'manual' | null>(null)
  const url = absoluteLink(link)
  return (
    <div
      className={cn(
        'rounded-lg border p-3',
        tone === 'positive' ? 'border-emerald-200 bg-emerald-50/60' : 'border-sky-200 bg-sky-50/60',
      )}
      data-testid="copy-link"
    >
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {description && <p className="mt-0.5 text-xs text-slate-600">{description}</p>}
      <div className="mt-2 flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2.5 font-mono text-xs text-slate-800"
        />
        <Button
          size="md"
          variant="classic"
          className="h-9"
          onClick={() => void copyText(url, input.current).then((ok) => setCopied(ok ? 'yes' : 'manual'))}
        >
          {copied === 'yes' ? t('iamScreens.link.copied') : t('iamScreens.link.copy')}
        </Button>
      </div>
      <p className="mt-1.5 text-xs text-slate-500" aria-live="polite">
        {copied === 'manual'
          ? t('iamScreens.link.copyManually')
          : expiresAt !== undefined
            ? t('iamScreens.link.expires', { at: formatDateTime(expiresAt) })
            : null}
      </p>
    </div>
  )
}
