import { useCallback, type Ref, type RefCallback } from 'react'

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

/** One ref callback that hands the element to every ref given (a component's own and its caller's). */
export function useMergedRef<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return useCallback(
    (value: T | null) => {
      for (const ref of refs) assign(ref, value)
    },
    // The refs themselves are the dependencies: a new callback only when one of them changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    refs,
  )
}
