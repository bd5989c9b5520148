import 'leaflet/dist/leaflet.css'
import type { ChargeLocationPin } from '@portal/contract'
import { availabilityOf } from '@portal/contract'
import type { LatLngExpression } from 'leaflet'
import { divIcon, latLngBounds } from 'leaflet'
import type { ReactNode } from 'react'
import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { MapContainer, Marker, Polygon, Popup, TileLayer, useMap } from 'react-leaflet'
import { useHref, useNavigate } from 'react-router'
import { cn } from '@/components/ui/cn'
import { getRuntimeConfig } from '@/lib/runtime-config'
import { EvseStatusCounts } from './evse-status'
import type { LocationBase } from './location-format'
import { locationHref, PIN_COLOURS } from './location-format'
import { LAND_OUTLINES } from './map-outlines'
import type { TileStatus } from './map-tiles'
import { useTileStatus } from './map-tiles'

/** Singapore's centre: where an empty map opens. */
const SINGAPORE: LatLngExpression = [1.3521, 103.8198]
/** The plain background without tiles: sea blue under light land outlines. */
const SEA = '#d6e4ee'

const pinIcons = new Map<string, ReturnType<typeof divIcon>>()
/** A map pin in the location's availability colour: inline SVG, so no image file is fetched. */
export function pinIcon(colour: string) {
  const known = pinIcons.get(colour)
  if (known) return known
  const icon = divIcon({
    className: 'portal-map-pin',
    html: `<svg width="26" height="34" viewBox="0 0 26 34" aria-hidden="true"><path d="M13 1C6.4 1 1 6.3 1 12.9 1 21.4 13 33 13 33s12-11.6 12-20.1C25 6.3 19.6 1 13 1z" fill="${colour}" stroke="#fff" stroke-width="2"/><circle cx="13" cy="13" r="4.5" fill="#fff"/></svg>`,
    iconSize: [26, 34],
    iconAnchor: [13, 33],
    popupAnchor: [0, -30],
  })
  pinIcons.set(colour, icon)
  return icon
}

/** Fits the view to the pins whenever they change (one pin: zoom in on it). */
function FitToPins({ points, zoom }: { points: readonly [number, number][]; zoom: number }) {
  const map = useMap()
  const key = points.map(([a, b]) => `${String(a)},${String(b)}`).join(';')
  useEffect(() => {
    if (points.length === 0) return
    if (points.length === 1) map.setView(points[0] as LatLngExpression, zoom)
    else
      map.fitBounds(latLngBounds(points.map(([a, b]): LatLngExpression => [a, b])), {
        padding: [32, 32],
        maxZoom: zoom,
      })
    // The key stands for the points: refit only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, zoom])
  return null
}

/** Tiles when the server answers; otherwise coastline outlines on a plain sea-coloured background. */
function Background({ status }: { status: TileStatus }) {
  const config = getRuntimeConfig()
  if (status === 'ok')
    return <TileLayer url={config.map_tile_url} attribution={config.map_tile_attribution} maxZoom={19} />
  return (
    <>
      {LAND_OUTLINES.map((ring, i) => (
        <Polygon
          key={i}
          positions={ring.map(([a, b]): LatLngExpression => [a, b])}
          interactive={false}
          pathOptions={{ color: '#94a3b8', weight: 1, fillColor: '#f8fafc', fillOpacity: 1 }}
        />
      ))}
    </>
  )
}

/** Whether the person asked their system for less motion. */
function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

function MapFrame({
  label,
  className,
  children,
  note,
}: {
  label: string
  className?: string
  children: (status: TileStatus) => ReactNode
  note?: ReactNode
}) {
  const { t } = useTranslation()
  const status = useTileStatus(getRuntimeConfig().map_tile_url)
  const reduceMotion = prefersReducedMotion()
  const tilesNote =
    status === 'unavailable'
      ? t('chargeLocations.map.tilesUnavailable')
      : status === 'off'
        ? t('chargeLocations.map.tilesOff')
        : null
  return (
    <div
      role="region"
      aria-label={label}
      className={cn('relative isolate overflow-hidden rounded-md', className)}
      style={{ background: SEA }}
      data-testid="location-map"
      data-tiles={status}
    >
      <MapContainer
        center={SINGAPORE}
        zoom={11}
        scrollWheelZoom={false}
        // A person who asked for less motion gets no zoom and fade animations. It also leaves no animation timer
        // running when the map goes away mid-animation (leaving by a popup's link), which Leaflet 1.9 then fails on
        // ("reading '_leaflet_pos'").
        zoomAnimation={!reduceMotion}
        fadeAnimation={!reduceMotion}
        markerZoomAnimation={!reduceMotion}
        className="size-full"
        // Leaflet's own stylesheet paints the container grey; without tiles this is the sea.
        style={{ background: SEA }}
      >
        {children(status)}
      </MapContainer>
      {(tilesNote ?? note) && (
        <div className="pointer-events-none absolute bottom-2 left-2 z-[1000] flex max-w-[calc(100%-6rem)] flex-col items-start gap-1">
          {note}
          {tilesNote && (
            <p className="rounded bg-white/90 px-2 py-1 text-xs text-slate-600 shadow-xs">{tilesNote}</p>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * A link inside a Leaflet popup that navigates within the app. Leaflet stops a click's propagation at the popup (so
 * the map under it does not take it), which is before React's listener at the root: a router `<Link>` there would
 * never see its click, and the browser would reload the whole portal. Its own listener on the link runs first.
 */
function PopupLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate()
  const href = useHref(to)
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const link = ref.current
    if (link === null) return
    const onClick = (event: MouseEvent) => {
      // A new tab or window (modifier keys, middle button) is the browser's, as for any link.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      void navigate(to)
    }
    link.addEventListener('click', onClick)
    return () => link.removeEventListener('click', onClick)
  }, [navigate, to])
  return (
    <a ref={ref} href={href} className="font-medium text-brand-700 hover:underline">
      {children}
    </a>
  )
}

/** The pin's popup: name, EVSEs per status and a link to the location. */
function PinPopup({ pin, href }: { pin: ChargeLocationPin; href: string }) {
  const { t } = useTranslation()
  return (
    <div className="min-w-44 space-y-1.5 text-sm">
      <p className="font-semibold text-slate-900">{pin.name}</p>
      <EvseStatusCounts counts={pin.evse_status_counts} />
      <p>
        <PopupLink to={href}>{t('chargeLocations.map.open')}</PopupLink>
      </p>
    </div>
  )
}

/** The filtered locations on a map (the list page's map panel). */
export function LocationsMap({
  pins,
  truncated,
  base,
  className,
}: {
  pins: readonly ChargeLocationPin[]
  truncated: boolean
  base: LocationBase
  className?: string
}) {
  const { t, i18n } = useTranslation()
  const points = useMemo(() => pins.map((p): [number, number] => [p.latitude, p.longitude]), [pins])
  const note =
    pins.length === 0 ? (
      <p className="rounded bg-white/90 px-2 py-1 text-xs font-medium text-slate-700 shadow-xs">
        {t('chargeLocations.map.empty')}
      </p>
    ) : truncated ? (
      <p className="rounded bg-amber-50/95 px-2 py-1 text-xs text-amber-800 shadow-xs">
        {t('chargeLocations.map.truncated', {
          count: pins.length,
          formatted: pins.length.toLocaleString(i18n.language),
        })}
      </p>
    ) : undefined
  return (
    <MapFrame label={t('chargeLocations.map.label')} className={className} note={note}>
      {(status) => (
        <>
          <Background status={status} />
          <FitToPins points={points} zoom={status === 'ok' ? 15 : 12} />
          {pins.map((p) => (
            <Marker
              key={p.uid}
              position={[p.latitude, p.longitude]}
              icon={pinIcon(PIN_COLOURS[availabilityOf(p.evse_status_counts)])}
              title={p.name}
              alt={p.name}
            >
              <Popup>
                <PinPopup pin={p} href={locationHref(base, p.uid)} />
              </Popup>
            </Marker>
          ))}
        </>
      )}
    </MapFrame>
  )
}

/** One location's pin (the location page). */
export function LocationPinMap({
  latitude,
  longitude,
  name,
  counts,
  className,
}: {
  latitude: number
  longitude: number
  name: string
  counts: Readonly<Record<string, number>>
  className?: string
}) {
  const { t } = useTranslation()
  const points = useMemo((): [number, number][] => [[latitude, longitude]], [latitude, longitude])
  return (
    <MapFrame label={t('chargeLocations.map.locationLabel', { name })} className={className}>
      {(status) => (
        <>
          <Background status={status} />
          <FitToPins points={points} zoom={status === 'ok' ? 15 : 11} />
          <Marker
            position={[latitude, longitude]}
            icon={pinIcon(PIN_COLOURS[availabilityOf(counts)])}
            title={name}
            alt={name}
          />
        </>
      )}
    </MapFrame>
  )
}
