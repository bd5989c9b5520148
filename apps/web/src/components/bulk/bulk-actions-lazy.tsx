import { lazy, Suspense } from 'react'
import type { BulkActionsProps } from './bulk-actions'

// The actions, their dialogs and report load when rows are first selected, not with every list that offers them
// (the screens' size budget, decision 0044).
const Actions = lazy(() => import('./bulk-actions').then((m) => ({ default: m.BulkActions })))

/** The selection bar's bulk actions (decision 0117), loaded on first use. */
export function BulkActions(props: BulkActionsProps) {
  return (
    <Suspense fallback={null}>
      <Actions {...props} />
    </Suspense>
  )
}
