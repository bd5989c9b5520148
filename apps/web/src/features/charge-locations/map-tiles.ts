import { useEffect, useState } from 'react'

/*
 * Whether the map's tile server answers, asked once per page load with a single tile: a deployment that cannot
 * reach it (offline, air-gapped, a blocked proxy) then draws its pins on plain outlines instead of firing dozens of
 * tile requests that all fail (one failed image is the only trace in the console).
 */

/** How long the probe waits for the first tile before the map goes on without tiles. */
export const TILE_PROBE_TIMEOUT_MS = 4000

/** The URL of one real tile of a template: Singapore at zoom 10. */
export function tileProbeUrl(template: string): string {
  return template
    .replaceAll('{s}', 'a')
    .replaceAll('{z}', '10')
    .replaceAll('{x}', '807')
    .replaceAll('{y}', '508')
    .replaceAll('{r}', '')
}

export type TileStatus = 'off' | 'checking' | 'ok' | 'unavailable'

const probes = new Map<string, Promise<boolean>>()
const settled = new Map<string, boolean>()

function probe(template: string, timeoutMs: number): Promise<boolean> {
  const known = probes.get(template)
  if (known) return known
  const result = new Promise<boolean>((resolve) => {
    const image = new Image()
    const done = (ok: boolean) => {
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
      settled.set(template, ok)
      resolve(ok)
    }
    const timer = setTimeout(() => {
      image.src = ''
      done(false)
    }, timeoutMs)
    image.onload = () => done(true)
    image.onerror = () => done(false)
    image.src = tileProbeUrl(template)
  })
  probes.set(template, result)
  return result
}

/** The tile server's state for a template ('' means tiles are turned off). */
export function useTileStatus(template: string, timeoutMs = TILE_PROBE_TIMEOUT_MS): TileStatus {
  const [status, setStatus] = useState<TileStatus>(() => {
    if (template.trim() === '') return 'off'
    const known = settled.get(template)
    return known === undefined ? 'checking' : known ? 'ok' : 'unavailable'
  })
  useEffect(() => {
    if (template.trim() === '') return
    let live = true
    void probe(template, timeoutMs).then((ok) => {
      if (live) setStatus(ok ? 'ok' : 'unavailable')
    })
    return () => {
      live = false
    }
  }, [template, timeoutMs])
  return status
}

/** For tests: forget what was learnt. */
export function resetTileProbes(): void {
  probes.clear()
  settled.clear()
}
