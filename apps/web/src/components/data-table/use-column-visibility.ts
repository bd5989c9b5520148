import { useCallback, useMemo, useState } from 'react'
import { useSession } from '@/lib/session/session-store'
import { clearColumnPrefs, loadColumnPrefs, saveColumnPrefs } from './column-prefs'
import type { DataColumn } from './types'

/** The visible columns of a table: the user's saved choice, else the screen's defaults. */
export function useColumnVisibility<Row>(tableId: string, columns: readonly DataColumn<Row>[]) {
  const userKey = useSession().user?.user_uuid ?? 'anonymous'
  const ids = useMemo(() => columns.map((c) => c.id), [columns])
  const defaults = useMemo(
    () => columns.filter((c) => c.defaultVisible !== false).map((c) => c.id),
    [columns],
  )
  const [chosen, setChosen] = useState<{ key: string; visible: string[] | null }>(() => ({
    key: `${userKey}:${tableId}`,
    visible: loadColumnPrefs(userKey, tableId, ids),
  }))
  // A different user (or table) on the same mounted screen reads their own saved choice.
  const current =
    chosen.key === `${userKey}:${tableId}` ? chosen.visible : loadColumnPrefs(userKey, tableId, ids)
  const visible = current ?? defaults

  const setVisible = useCallback(
    (next: string[]) => {
      saveColumnPrefs(userKey, tableId, next)
      setChosen({ key: `${userKey}:${tableId}`, visible: next })
    },
    [tableId, userKey],
  )
  const reset = useCallback(() => {
    clearColumnPrefs(userKey, tableId)
    setChosen({ key: `${userKey}:${tableId}`, visible: null })
  }, [tableId, userKey])

  return { visible, setVisible, reset }
}
