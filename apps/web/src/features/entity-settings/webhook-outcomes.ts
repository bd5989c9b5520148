import type { WebhookOutcome } from '@portal/contract'
import type { BadgeTone } from '@/components/ui/badge/badge'

/** How an attempt's outcome is coloured, in the list's last delivery and in the delivery log. */
export const OUTCOME_TONES: Record<WebhookOutcome, BadgeTone> = {
  pending: 'info',
  succeeded: 'positive',
  failed: 'error',
}
