import { useLayoutEffect, useRef, useState } from 'react'

/**
 * The width of a container, kept current with a ResizeObserver, so a chart draws at the size it is given (the
 * dashboard's columns, a phone). Until it has a width (and where there is no layout, as in jsdom) it is 0 and the
 * chart draws nothing; the figures are in the table beside it.
 */
export function useElementWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}
