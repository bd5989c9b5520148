import type { OcpiPartner, OcpiPartnerStatus } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { useToast } from '@/components/ui/toast/toast'

/** The search parameter naming the partner whose details are open (the tab is in `tab`). */
export const PARTNER_PARAM = 'partner'

/** The address of a partner's details, in the tab. */
export const partnerHref = (id: number) =>
  `?${new URLSearchParams({ tab: 'roaming', [PARTNER_PARAM]: String(id) }).toString()}`

const STATUS_TONES: Record<OcpiPartnerStatus, BadgeTone> = {
  pending: 'warning',
  connected: 'positive',
  suspended: 'neutral',
}

/** A partner's status as a badge: Pending, Connected, Suspended. */
export function PartnerStatus({ status }: { status: OcpiPartnerStatus }) {
  const { t } = useTranslation()
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {t(`roaming.statuses.${status}`)}
    </Badge>
  )
}

/** One role and party as people read it: "CPO SG·SPK". */
export const partyLabel = (r: { role: string; country_code: string; party_id: string }) =>
  `${r.role} ${r.country_code}·${r.party_id}`

/** A partner's roles, each with its party (and its business name, once connected, on hover). */
export function PartnerRoles({ roles }: { roles: OcpiPartner['roles'] }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {roles.map((r) => (
        <span
          key={`${r.role}:${r.country_code}:${r.party_id}`}
          title={r.business_name ?? undefined}
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-700"
        >
          {partyLabel(r)}
        </span>
      ))}
    </span>
  )
}

/**
 * The contract's messages name their field first (`party_id: three letters…`), so the server's `error.message` reads
 * well alone; beside the field itself the name is left out.
 */
export const fieldMessage = (message: string | undefined) => message?.replace(/^[a-z_]+: /, '')

/** A value to hand to someone (a URL, a token) with a button that copies it. */
export function CopyValue({
  label,
  value,
  secret = false,
  className,
}: {
  label: string
  value: string
  /** Shown larger, as what must be copied now. */
  secret?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const copy = () => {
    void navigator.clipboard
      .writeText(value)
      .then(() => addToast({ title: t('ui.secretCopied', { label }), variant: 'success', timeout: 3000 }))
      .catch(() => addToast({ title: t('ui.secretCopyFailed'), variant: 'error' }))
  }
  return (
    <div className={className}>
      <p aria-hidden="true" className="mb-1 text-xs font-medium text-slate-500">
        {label}
      </p>
      <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
        <code
          aria-label={label}
          className={cn(
            'min-w-0 flex-1 font-mono break-all text-slate-900',
            secret ? 'text-base' : 'text-xs',
          )}
        >
          {value}
        </code>
        <Button variant="classic" size="sm" onClick={copy} aria-label={t('roaming.copyOne', { label })}>
          {t('ui.secretCopy')}
        </Button>
      </div>
    </div>
  )
}
