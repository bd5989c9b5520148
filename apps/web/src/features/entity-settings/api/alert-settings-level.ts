import { useAlertAccess } from '@/components/alerts/use-alert-access'
import type { AccessLevel } from './settings-access'

/**
 * The Alerts tab's level in the settings' terms (A §6): 2 edits the rules (iam alerts/* edit), 1 reads them, 0 hides
 * the tab; null while the check runs.
 */
export function useAlertSettingsLevel(): AccessLevel {
  const access = useAlertAccess()
  if (access.read === 'loading') return null
  if (access.read === 'denied') return 0
  if (access.edit === 'loading') return null
  return access.edit === 'allowed' ? 2 : 1
}
