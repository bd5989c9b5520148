/**
 * Which columns a user shows in a list, kept per user and per table in localStorage, so each operator's layout
 * survives reloads and does not leak to the next person on a shared computer.
 */
const PREFIX = 'portal:columns'

function key(userKey: string, tableId: string) {
  return `${PREFIX}:${userKey}:${tableId}`
}

export function loadColumnPrefs(
  userKey: string,
  tableId: string,
  knownIds: readonly string[],
): string[] | null {
  try {
    const raw = window.localStorage.getItem(key(userKey, tableId))
    if (raw === null) return null
    const parsed: unknown = JSON.parse(raw)
    if (!Array.isArray(parsed)) return null
    // Columns that no longer exist are dropped; an unreadable value falls back to the defaults.
    return parsed.filter((id): id is string => typeof id === 'string' && knownIds.includes(id))
  } catch {
    return null
  }
}

/** The stored choice as stored (null: none; undefined: storage unreadable), to tell whether it changed. */
export function readColumnPrefsRaw(userKey: string, tableId: string): string | null | undefined {
  try {
    return window.localStorage.getItem(key(userKey, tableId))
  } catch {
    return undefined
  }
}

export function saveColumnPrefs(userKey: string, tableId: string, visibleIds: readonly string[]): void {
  try {
    window.localStorage.setItem(key(userKey, tableId), JSON.stringify(visibleIds))
  } catch {
    // Storage full or disabled (private mode): the choice lasts for this page only.
  }
}

export function clearColumnPrefs(userKey: string, tableId: string): void {
  try {
    window.localStorage.removeItem(key(userKey, tableId))
  } catch {
    // As above.
  }
}
