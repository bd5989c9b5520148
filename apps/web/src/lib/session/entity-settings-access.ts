/** Whether the entity item opens entity settings (A §5), as the top bar shows it. */
export type EntitySettingsAccess = 'loading' | 'allowed' | 'denied'

/** What one of the checks has answered so far. */
export type CheckResult<T> = T | 'loading' | 'error'

/**
 * A §5: entity settings open for a platform administrator, or when the payment-configs policy check returns an
 * allowed action, or when the user has at least one child entity. Any one check that allows decides at once; a
 * failed check counts as no (the action requiring it stays disabled, A §8); while a check that could still allow is
 * loading, the answer is loading.
 */
export function entitySettingsAccess(
  isPlatformAdmin: boolean,
  allowedActions: CheckResult<readonly unknown[]>,
  childCount: CheckResult<number>,
): EntitySettingsAccess {
  if (isPlatformAdmin) return 'allowed'
  if (Array.isArray(allowedActions) && allowedActions.length > 0) return 'allowed'
  if (typeof childCount === 'number' && childCount > 0) return 'allowed'
  if (allowedActions === 'loading' || childCount === 'loading') return 'loading'
  return 'denied'
}
