import { useState } from 'react'

/**
 * A list's selection for bulk actions: the rows ticked, or "all matching the filter". Ticking a row by hand leaves
 * "all matching" (the choice is no longer every row).
 */
export function useBulkSelection() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set())
  const [allMatching, setAllMatching] = useState(false)
  const clear = () => {
    setSelected(new Set())
    setAllMatching(false)
  }
  return {
    selected,
    allMatching,
    clear,
    tableProps: {
      selected,
      onSelectedChange: (next: Set<string>) => {
        setSelected(next)
        setAllMatching(false)
      },
      allMatching,
      onAllMatchingChange: setAllMatching,
    },
  }
}
export type BulkSelection = ReturnType<typeof useBulkSelection>
