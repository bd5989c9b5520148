import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useSession } from '@/lib/session/session-store'
import { clearColumnPrefs, loadColumnPrefs, readColumnPrefsRaw, saveColumnPrefs } from './column-prefs'
import type { DataColumn } from './types'

/*
 * The chosen columns of each table, shared by everything on screen that reads them (the table, its saved views and
 * the page's export button; decision 0116). Storage stays the truth; the parsed copy is kept while what is stored
 * does not change, so every reader gets the same array.
 */
const chosen = new Map<string, { raw: string | null | undefined; visible: string[] | null }>()
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
function changed() {
  for (const listener of listeners) listener()
}
function snapshot(userKey: string, tableId: string, ids: readonly string[]): string[] | null {
  const key = `${userKey}:${tableId}`
  const raw = readColumnPrefsRaw(userKey, tableId)
  const held = chosen.get(key)
  // Unreadable storage (private mode): the choice lasts for this page only, in memory.
  if (held && (raw === undefined || held.raw === raw)) return held.visible
  const visible = loadColumnPrefs(userKey, tableId, ids)
  chosen.set(key, { raw, visible })
  return visible
}

/** The visible columns of a table, in order: the user's saved choice, else the screen's defaults. */
export function useColumnVisibility<Row>(tableId: string, columns: readonly DataColumn<Row>[]) {
  const userKey = useSession().user?.user_uuid ?? 'anonymous'
  const ids = useMemo(() => columns.map((c) => c.id), [columns])
  const defaults = useMemo(
    () => columns.filter((c) => c.defaultVisible !== false).map((c) => c.id),
    [columns],
  )
  const key = `${userKey}:${tableId}`
  const saved = useSyncExternalStore(subscribe, () => snapshot(userKey, tableId, ids))
  // Columns the screen no longer has are dropped (a choice saved on another screen version, or by a saved view).
  const visible = useMemo(() => {
    const known = saved?.filter((id) => ids.includes(id))
    return known && known.length > 0 ? known : defaults
  }, [saved, ids, defaults])

  const setVisible = useCallback(
    (next: string[]) => {
      saveColumnPrefs(userKey, tableId, next)
      chosen.set(key, { raw: readColumnPrefsRaw(userKey, tableId), visible: next })
      changed()
    },
    [key, tableId, userKey],
  )
  const reset = useCallback(() => {
    clearColumnPrefs(userKey, tableId)
    chosen.set(key, { raw: readColumnPrefsRaw(userKey, tableId), visible: null })
    changed()
  }, [key, tableId, userKey])

  /** The user (or a saved view) chose the columns: they are not the screen's defaults. */
  const custom = visible !== defaults
  return { visible, setVisible, reset, custom }
}

/**
 * The export columns of a table's visible columns, in order (decision 0116): each column's `exportHeader`; null while
 * the columns are the screen's defaults or no visible column has one (the export then writes every column).
 */
export function useExportColumns<Row>(tableId: string, columns: readonly DataColumn<Row>[]): string[] | null {
  const { visible, custom } = useColumnVisibility(tableId, columns)
  return useMemo(() => {
    // Until columns are chosen, the export writes every column, as it always did.
    if (!custom) return null
    const byId = new Map(columns.map((c) => [c.id, c.exportHeader]))
    const headers = visible.map((id) => byId.get(id)).filter((h): h is string => h !== undefined)
    return headers.length === 0 ? null : headers
  }, [columns, visible, custom])
}
